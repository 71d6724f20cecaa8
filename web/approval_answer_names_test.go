package web

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestApprovalAnswersNameToolsByOneRule: every model-visible answer to an
// approval_required call — the request filed, a reviewer's denial of the
// call, arguments nobody could approve (too large, masked), a pending
// cap, a filing failure — names the tool by the name the gateway's client
// called it by, and on the REST routes names no tool at all. Failed
// first: the REST answers for a denied or refused call named the tool's
// catalog id, which the model may never have been shown.
func TestApprovalAnswersNameToolsByOneRule(t *testing.T) {
	decided := time.Now()
	denied := &models.Approval{Ref: "apr_d", Tool: "secret.tool", Reason: "no", DecidedAt: &decided}
	for _, tc := range []struct {
		name string
		a    *models.Approval
		err  error
	}{
		{"filed", &models.Approval{Ref: "apr_p", Tool: "secret.tool"}, nil},
		{"denied", nil, &models.DeniedCallError{Approval: denied}},
		{"too large", nil, models.ErrUnseeableRequest},
		{"masked", nil, fmt.Errorf("models: request approval: %w", models.ErrMaskedRequest)},
		{"cap", nil, &models.TooManyApprovalsError{Scope: "run", Limit: models.MaxPendingApprovalsPerRun}},
		{"not filed", nil, errors.New("database gone")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			check := &authority.Error{Type: authority.TypeApprovalRequired, Message: "This capability needs a human approval for each call."}
			rest := approvalAnswer(check, tc.a, tc.err, "secret.tool", true)
			if strings.Contains(rest.Message, "secret.tool") {
				t.Errorf("REST answer names the tool: %s", rest.Message)
			}
			gw := approvalAnswer(check, tc.a, tc.err, "called_name", false)
			if !strings.Contains(gw.Message, "called_name") || strings.Contains(gw.Message, "secret.tool") {
				t.Errorf("gateway answer: %s, want the client's name called_name and no other", gw.Message)
			}
		})
	}
}
