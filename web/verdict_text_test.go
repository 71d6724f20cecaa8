package web

import (
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunVerdictIsReadable: the run page wrote a decision as its stored
// code, "denied:budget_exhausted"; it now reads "denied: budget exhausted",
// and a plain verdict stays as it is.
func TestRunVerdictIsReadable(t *testing.T) {
	for in, want := range map[string]string{
		"denied:budget_exhausted":    "denied: budget exhausted",
		"denied:invalid_arguments":   "denied: invalid arguments",
		"active":                     "active",
		"catalog_changed":            "catalog changed",
		"":                           "",
		"denied:permission_denied:x": "denied: permission denied: x",
	} {
		if got := runEventRow(models.RunEvent{Kind: models.RunCall, Verdict: in}).Verdict; got != want {
			t.Errorf("%q shows as %q, want %q", in, got, want)
		}
	}
}
