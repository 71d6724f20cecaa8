package models_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestAnUnchangedToolKeepsTheStampOfTheReleaseBefore: bindings and
// approvals compare their pinned review stamp as text with the one the
// checking replica computes, so a tool never changed since review
// generations were counted must have the stamp the release before them
// computed (digest:status:reviewed-at), or every pin on it would end at
// the upgrade (docs/upgrades.md, "Pins across two releases"). A changed
// tool's stamp is another.
func TestAnUnchangedToolKeepsTheStampOfTheReleaseBefore(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 30, 0, 123456789, time.UTC)
	tool := models.Tool{Digest: "d1", Status: models.ToolAvailable, ReviewedAt: &at}
	before := "d1:" + models.ToolAvailable + ":" + strconv.FormatInt(at.UnixNano(), 10)
	if got := tool.ReviewStamp(); got != before {
		t.Errorf("unchanged tool: stamp %q, the release before computed %q", got, before)
	}
	if got := (models.Tool{Digest: "d1", Status: models.ToolAvailable}).ReviewStamp(); got != "d1:"+models.ToolAvailable+":" {
		t.Errorf("never reviewed: stamp %q", got)
	}
	tool.ReviewGen = 1
	if got := tool.ReviewStamp(); got == before {
		t.Errorf("a changed tool kept the stamp of the release before: %q", got)
	}
}
