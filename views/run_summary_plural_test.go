package views

import (
	"strings"
	"testing"
)

// TestRunSummarySaysOneRequest: one request over
// one surface is said in the singular, never "1 requests".
func TestRunSummarySaysOneRequest(t *testing.T) {
	got := runSummary(RunData{Agent: "analyst", Rows: make([]RunEventRow, 1), Surfaces: 1})
	if !strings.Contains(got, "1 request over 1 surface.") {
		t.Errorf("one request: %q", got)
	}
	if got := runSummary(RunData{Agent: "analyst", Rows: make([]RunEventRow, 2), Surfaces: 2}); !strings.Contains(got, "2 requests over 2 surfaces.") {
		t.Errorf("two requests: %q", got)
	}
}
