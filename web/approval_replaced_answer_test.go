package web

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestAnApprovalAgainstAReplacedDatabaseSaysRestart: a gateway call whose
// approval request the audit chain refused because the database was
// replaced under the console tells the model that only an administrator's
// restart helps — never to try again later.
func TestAnApprovalAgainstAReplacedDatabaseSaysRestart(t *testing.T) {
	err := fmt.Errorf("file: %w", &models.AuditKeyError{Replaced: true, EventID: 3})
	e := approvalAnswer(nil, nil, err, "demo.echo", false)
	if e == nil || !strings.Contains(e.Message, "restart") || strings.Contains(e.Message, "Try again") || slices.Contains(e.NextActions, authority.ActRetryLater) {
		t.Fatalf("the answer: %+v, want the database replaced and a restart, no retry", e)
	}
	if e := approvalAnswer(nil, nil, fmt.Errorf("the disk is full"), "demo.echo", false); e == nil || !slices.Contains(e.NextActions, authority.ActRetryLater) {
		t.Errorf("another filing failure: %+v, want retry later", e)
	}
}
