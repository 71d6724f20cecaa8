package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionAddWarnsOfOrdinarySecrets: a header or environment value
// that looks like ordinary text (under the distinctive length, few kinds
// of character) can be pinpointed through the masking; connection add
// warns on stderr naming the header, list says so on its line, and a
// long random value gets no warning. The value is never printed.
func TestConnectionAddWarnsOfOrdinarySecrets(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	mustMigrate(t, db)
	up := upstreamtest.New()
	defer up.Close()
	out, errOut, err := runCLISplit(t, db, "connection", "add", "weak", "--url", up.URL, "--header", "X-Api-Key=changeme", "--as", "admin")
	if err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if !strings.Contains(errOut, "warning:") || !strings.Contains(errOut, "header X-Api-Key") || strings.Contains(errOut+out, "changeme") {
		t.Errorf("add's stderr, want a warning naming header X-Api-Key and no value:\n%s", errOut)
	}
	out, errOut, err = runCLISplit(t, db, "connection", "add", "strong", "--url", up.URL, "--header", "X-Api-Key=k9-Zq7Lm2Xw4Rt8Yv", "--as", "admin")
	if err != nil || strings.Contains(errOut, "X-Api-Key") {
		t.Errorf("a distinctive value: %v, stderr:\n%s", err, errOut)
	}
	list, _ := runCLI(t, db, "connection", "list")
	var weak, strong string
	for _, l := range strings.Split(list, "\n") {
		switch {
		case strings.HasPrefix(l, "weak\t"):
			weak = l
		case strings.HasPrefix(l, "strong\t"):
			strong = l
		}
	}
	if !strings.Contains(weak, "warning: the value of header X-Api-Key looks like ordinary text") || strings.Contains(strong, "ordinary text") || strings.Contains(list, "changeme") {
		t.Errorf("list:\n%s", list)
	}
}
