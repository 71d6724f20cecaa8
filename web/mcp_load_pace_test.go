package web

import (
	"os"
	"regexp"
	"strconv"
	"testing"
)

// consoleGCPercent is the console's default GOGC (cmd/console's
// defaultGCPercent; TestGatewayLoadRunsAtTheConsolesGCPace ties them).
const consoleGCPercent = 400

// unlimitedRate is a per-key request rate no load run reaches (the
// limiter is built with the server: set it through Config).
const unlimitedRate = 1 << 30

// TestGatewayLoadRunsAtTheConsolesGCPace: the load run's pace is the one
// the console sets when the operator sets none.
func TestGatewayLoadRunsAtTheConsolesGCPace(t *testing.T) {
	src, err := os.ReadFile("../cmd/console/memory_limit.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^const defaultGCPercent = (\d+)$`).FindSubmatch(src)
	if m == nil {
		t.Fatal("cmd/console/memory_limit.go declares no defaultGCPercent")
	}
	if got, _ := strconv.Atoi(string(m[1])); got != consoleGCPercent {
		t.Errorf("the console's default GOGC is %d, the gateway load run uses %d", got, consoleGCPercent)
	}
}
