package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// A test binary started with CONSOLE_TEST_GUARD=1 runs guardSecrets as
// serve does, then says whether it is still dumpable and prints the
// environment a child of it inherits.
func init() {
	if os.Getenv("CONSOLE_TEST_GUARD") != "1" {
		return
	}
	hardenProcess = true
	if err := guardSecrets(); err != nil {
		fmt.Println("guard:", err)
		os.Exit(1)
	}
	d, err := dumpable()
	fmt.Printf("dumpable=%v err=%v\n", d, err)
	out, err := exec.Command("env").Output()
	fmt.Printf("child env (err %v):\n%s", err, out)
	os.Exit(0)
}

// TestServeGuardsItsSecrets: once serve has read its secrets, its
// secret variables are gone from its environment (a child inherits none)
// and, on Linux, the process is non-dumpable, so a server of the same
// user cannot read /proc/<console>/environ or its memory.
func TestServeGuardsItsSecrets(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	secrets := map[string]string{
		"DATABASE_URL":           "postgres://console:db-pass-Q9x7Lm2@127.0.0.1:1/none",
		"CONSOLE_SECRETS_KEY":    "seal-key-0123456789abcdef0123456789",
		"CONSOLE_ADMIN_PASSWORD": "admin-pw-7781x",
		"CONSOLE_AUDIT_KEY":      "audit-key-0123456789abcdef01234567",
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "CONSOLE_TEST_GUARD=1", "CONSOLE_ADDR=:9999")
	for k, v := range secrets {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	s := string(out)
	for k, v := range secrets {
		if strings.Contains(s, v) || strings.HasPrefix(s, k+"=") || strings.Contains(s, "\n"+k+"=") {
			t.Errorf("a child inherits %s: %s", k, s)
		}
	}
	if !strings.Contains(s, "CONSOLE_ADDR=:9999") {
		t.Errorf("a plain setting was removed too: %s", s)
	}
	if runtime.GOOS == "linux" && !strings.Contains(s, "dumpable=false err=<nil>") {
		t.Errorf("the console stays dumpable: %s", s)
	}
}
