package web

import (
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunVerdictIsReadable: the run page wrote a decision as its stored
// code ("denied:budget_exhausted", "active"); a call row read
// "workspace_write → active", the runtime protocol's word. It says what
// happened to the call: allowed, or refused and why.
func TestRunVerdictIsReadable(t *testing.T) {
	for in, want := range map[string]string{
		"denied:budget_exhausted":    "refused: budget exhausted",
		"denied:invalid_arguments":   "refused: invalid arguments",
		"active":                     "allowed (the tool was active)",
		"search_required":            "refused until a search finds the tool",
		"unknown":                    "refused: no such tool in this run",
		"catalog_changed":            "catalog changed",
		"":                           "",
		"denied:permission_denied:x": "refused: permission denied: x",
	} {
		if got := runEventRow(models.RunEvent{Kind: models.RunCall, Verdict: in}).Verdict; got != want {
			t.Errorf("%q shows as %q, want %q", in, got, want)
		}
	}
}
