package web

import (
	"strings"
	"testing"
)

// TestReviseSaysStaleOnlyWhenApproved: a new revision says earlier
// approvals are stale only when there were approvals, and counts them.
func TestReviseSaysStaleOnlyWhenApproved(t *testing.T) {
	f := newRound(t)
	flash := func() string {
		t.Helper()
		_, d := f.ed.get(f.path)
		return strings.TrimSpace(d.Find(`[data-testid="flash"]`).Text())
	}
	f.revise(t, 1, f.procedure+"5. When a source is gone, say so.\n")
	if got := flash(); !strings.Contains(got, "Revision 2 saved.") || strings.Contains(got, "stale") {
		t.Errorf("a revision of an unapproved proposal says %q", got)
	}
	f.review(t, f.rita, "approve", "Fine by me.")
	f.revise(t, 2, f.procedure+"5. When a source is gone, say so plainly.\n")
	if got := flash(); !strings.Contains(got, "Revision 3 saved; its 1 approval is stale") {
		t.Errorf("a revision of an approved proposal says %q", got)
	}
}
