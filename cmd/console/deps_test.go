package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryHoldsNoTestServer: the console's binary imports no test
// server (net/http/httptest) and none of this module's test packages
// (upstreamtest, modelstest, …): what a command needs of them lives in a
// package of its own (the load run's upstream is leanserver).
func TestBinaryHoldsNoTestServer(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "net/http/httptest" || strings.HasPrefix(p, "github.com/agentforge/console/") && strings.HasSuffix(p, "test") {
			t.Errorf("the console imports %s", p)
		}
	}
}
