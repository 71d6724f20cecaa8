package authority

import (
	"strings"
	"testing"
	"time"
)

// TestAPresentedApprovalSaysWhyItDoesNotApply: a presented
// approval that does not open the call is approval_required with a reason
// token (Error.ApprovalReason) and a sentence saying why; one of another
// agent or subject says only that, never whose it is, its tool, state,
// decider or reason; no sentence names a tool (failed first: another
// tool's approval was answered naming that tool). A request that waited
// past its time, recorded expired or not yet, is approval_expired. No
// approval presented: no reason.
func TestAPresentedApprovalSaysWhyItDoesNotApply(t *testing.T) {
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "workspace_write", Version: "1", Digest: "d1", Effects: "workspace-write", State: StateBindable}
	ok := func() *Approval {
		return &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "u1", Tool: "workspace_write", Digest: "d1", ArgsDigest: "x1", SingleUse: true, DecidedBy: "rita", Reason: "fine"}
	}
	for _, c := range []struct {
		name, reason, says string
		a                  func() *Approval
		args               string
	}{
		{"none", "", "", func() *Approval { return nil }, "x1"},
		{"unknown", ReasonApprovalUnknown, "names no approval request", func() *Approval { return &Approval{} }, "x1"},
		{"another subject", ReasonApprovalNotYours, "not made for this agent and subject", func() *Approval { a := ok(); a.Subject = "secret-person"; a.Tool = "hidden.tool"; return a }, "x1"},
		{"another agent", ReasonApprovalNotYours, "not made for this agent and subject", func() *Approval { a := ok(); a.Agent = "b"; return a }, "x1"},
		{"another tool", ReasonApprovalOtherTool, "made for another tool", func() *Approval { a := ok(); a.Tool = "exec"; return a }, "x1"},
		{"another descriptor", ReasonApprovalToolChanged, "changed", func() *Approval { a := ok(); a.Digest = "d0"; return a }, "x1"},
		{"other arguments", ReasonApprovalOtherArguments, "other arguments", func() *Approval { return ok() }, "x2"},
		{"made without arguments", ReasonApprovalOtherArguments, "without arguments", func() *Approval { a := ok(); a.ArgsDigest = ""; return a }, "x2"},
		{"pending", ReasonApprovalPending, "still waiting for a reviewer", func() *Approval { a := ok(); a.Status = ApprovalPending; return a }, "x1"},
		{"denied", ReasonApprovalDenied, "denied", func() *Approval { a := ok(); a.Status = ApprovalDenied; return a }, "x1"},
		{"withdrawn", ReasonApprovalWithdrawn, "withdrawn", func() *Approval { a := ok(); a.Status = ApprovalWithdrawn; return a }, "x1"},
		{"used", ReasonApprovalUsed, "already used", func() *Approval { a := ok(); a.Used = true; return a }, "x1"},
		{"decider's own key", ReasonApprovalDecidersKey, "someone else's approval", func() *Approval { a := ok(); a.KeyOwner = " RITA"; return a }, "x1"},
		{"expired", ReasonApprovalExpired, "expired at 2026-12-02T10:00:00Z", func() *Approval { a := ok(); a.SingleUse, a.Until = false, at; return a }, "x1"},
		{"request expired", ReasonApprovalExpired, "expired at 2026-12-02T09:00:00Z without a reviewer's decision", func() *Approval {
			a := ok()
			a.Status, a.Filed, a.RequestTTL = ApprovalPending, at.Add(-2*time.Hour), time.Hour
			return a
		}, "x1"},
		{"request recorded expired", ReasonApprovalExpired, "expired without a reviewer's decision", func() *Approval { a := ok(); a.Status = ApprovalExpired; return a }, "x1"},
	} {
		tl := tool
		d := Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: tool.ID, Tool: &tl,
			Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Approval: c.a(), ArgsDigest: c.args, Now: at})
		if d.Allow || d.Error.Type != TypeApprovalRequired {
			t.Errorf("%s: %+v", c.name, d)
			continue
		}
		if d.Error.ApprovalReason != c.reason || !strings.Contains(d.Error.Message, c.says) {
			t.Errorf("%s: reason %q, message %q; want %q saying %q", c.name, d.Error.ApprovalReason, d.Error.Message, c.reason, c.says)
		}
		// no sentence names a tool: the model calls tools by names this
		// package does not know, and an approval's may be hidden from it
		for _, name := range []string{"workspace_write", "exec", "hidden.tool"} {
			if strings.Contains(d.Error.Message, name) {
				t.Errorf("%s: the model is told the tool name %q: %s", c.name, name, d.Error.Message)
			}
		}
		if c.reason == ReasonApprovalNotYours {
			for _, leak := range []string{"secret-person", "hidden.tool", "rita", "fine", "approved", "single"} {
				if strings.Contains(d.Error.Message, leak) {
					t.Errorf("%s: the model is told %q: %s", c.name, leak, d.Error.Message)
				}
			}
		}
	}
	tl := tool
	other := ok()
	other.KeyOwner = "sam"
	if d := Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: tool.ID, Tool: &tl,
		Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Approval: other, ArgsDigest: "x1", Now: at}); !d.Allow {
		t.Errorf("an approval presented through a key its decider did not create: %+v", d)
	}
	if d := ApprovalSpent("apr_9"); d.Error.ApprovalReason != ReasonApprovalUsed || !strings.Contains(d.Error.Message, "already used") {
		t.Errorf("a single-use approval a concurrent call spent first: %+v", d.Error)
	}
}
