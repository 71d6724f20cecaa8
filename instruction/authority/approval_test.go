package authority

import (
	"strings"
	"testing"
	"time"
)

// TestApprovalsOpenApprovalOnlyTools: an approval-only grant answers
// approval_required until the call presents an approval approved for
// exactly its agent, subject, tool and digest — single-use until spent,
// time-bound until it expires; pending, denied, another scope or another
// descriptor keep it closed.
func TestApprovalsOpenApprovalOnlyTools(t *testing.T) {
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "workspace_write", Version: "1", Digest: "d1", Effects: "workspace-write", State: StateBindable}
	ok := func() *Approval {
		return &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "u1", Tool: "workspace_write", Digest: "d1", SingleUse: true, DecidedBy: "rita"}
	}
	for _, c := range []struct {
		name  string
		a     func() *Approval
		allow bool
		why   string
	}{
		{"none", func() *Approval { return nil }, false, "no approval presented"},
		{"unknown", func() *Approval { return &Approval{} }, false, "unknown reference"},
		{"approved, single-use", ok, true, ""},
		{"single-use, spent", func() *Approval { a := ok(); a.Used = true; return a }, false, "already used"},
		{"time-bound, in time", func() *Approval { a := ok(); a.SingleUse, a.Until = false, at.Add(time.Minute); return a }, true, ""},
		{"time-bound, expired", func() *Approval { a := ok(); a.SingleUse, a.Until = false, at; return a }, false, "expired"},
		{"pending", func() *Approval { a := ok(); a.Status = ApprovalPending; return a }, false, "pending"},
		{"denied", func() *Approval { a := ok(); a.Status, a.Reason = ApprovalDenied, "not today"; return a }, false, "denied by rita: not today"},
		{"withdrawn", func() *Approval {
			a := ok()
			a.Status, a.WithdrawnBy, a.WithdrawReason = ApprovalWithdrawn, "sam", "wrong folder"
			return a
		}, false, "withdrawn by sam: wrong folder"},
		{"another subject", func() *Approval { a := ok(); a.Subject = "u2"; return a }, false, "issued for"},
		{"another agent", func() *Approval { a := ok(); a.Agent = "b"; return a }, false, "issued for"},
		{"another tool", func() *Approval { a := ok(); a.Tool = "exec"; return a }, false, "issued for"},
		{"another descriptor", func() *Approval { a := ok(); a.Digest = "d0"; return a }, false, "approved for descriptor"},
	} {
		tl := tool
		d := Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: tool.ID, Tool: &tl,
			Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Approval: c.a(), Now: at})
		if d.Allow != c.allow {
			t.Errorf("%s: allow %v, want %v (%s)", c.name, d.Allow, c.allow, d.HostReason)
			continue
		}
		if !d.Allow && (d.Error.Type != TypeApprovalRequired || !strings.Contains(d.HostReason, c.why)) {
			t.Errorf("%s: %s (%s), want approval_required (…%s…)", c.name, d.Error.Type, d.HostReason, c.why)
		}
		if d.Allow && d.Approval == nil {
			t.Errorf("%s: allowed without naming the approval it rests on", c.name)
		}
	}
	// a tool granted plainly needs no approval and rests on none
	tl := tool
	d := Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: tool.ID, Tool: &tl,
		Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID}}, Approval: ok(), Now: at})
	if !d.Allow || d.Approval != nil {
		t.Fatalf("a plain grant: %+v", d)
	}
}

func TestNobodyApprovesForThemselves(t *testing.T) {
	if CanDecideApproval("alice", "alice") || CanDecideApproval("", "u1") || !CanDecideApproval("rita", "alice") {
		t.Fatal("four-eyes rule broken")
	}
}

// TestAWithdrawnApprovalRevokesItsBinding: a binding that rests on an
// approval taken back is revoked, and the verdict invalidates it for good
// (recorded on the binding: a later approval needs a new binding); a
// binding whose approval still holds is allowed.
func TestAWithdrawnApprovalRevokesItsBinding(t *testing.T) {
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "workspace_write", Version: "1", Digest: "d1", Effects: "workspace-write", State: StateBindable}
	subject := &Subject{ID: "u1", Groups: []string{"staff"}}
	b := &Binding{Found: true, Subject: "u1", Groups: GroupSetDigest(GroupsOf(subject)), Agent: "a", Tool: tool.ID, Digest: "d1", ExpiresAt: at.Add(time.Hour)}
	check := func(a *Approval) Decision {
		tl := tool
		return Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: subject, ToolID: tool.ID, Tool: &tl,
			Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Binding: b, Approval: a, Now: at})
	}
	a := &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "u1", Tool: tool.ID, Digest: "d1", Until: at.Add(time.Hour), DecidedBy: "rita"}
	if d := check(a); !d.Allow {
		t.Fatalf("a binding on a holding approval: %+v", d)
	}
	a.Status, a.WithdrawnBy, a.WithdrawReason = ApprovalWithdrawn, "sam", "wrong folder"
	d := check(a)
	if d.Allow || d.Error.Type != TypeRevoked || !d.Invalidates || !strings.Contains(d.HostReason, "apr_1 withdrawn by sam: wrong folder") {
		t.Fatalf("a binding on a withdrawn approval: %+v (%s)", d.Error, d.HostReason)
	}
}

// TestABindingOnAnApprovalMadeWithoutArgumentsHoldsForItsCalls: a binding
// can only pin an approval made without arguments (binding takes none), and
// the reviewer approved it for any arguments of the tool version; the calls
// the binding serves carry arguments, and the approval must hold for them,
// or an approval-only tool bound through the bindings API can never be
// called. Presented directly, the same approval still holds for no call
// with arguments.
func TestABindingOnAnApprovalMadeWithoutArgumentsHoldsForItsCalls(t *testing.T) {
	at := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "workspace_write", Version: "1", Digest: "d1", Effects: "workspace-write", State: StateBindable}
	subject := &Subject{ID: "u1", Groups: []string{"staff"}}
	b := &Binding{Found: true, Subject: "u1", Groups: GroupSetDigest(GroupsOf(subject)), Agent: "a", Tool: tool.ID, Digest: "d1", ExpiresAt: at.Add(time.Hour), Approval: "apr_1"}
	a := &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "u1", Tool: tool.ID, Digest: "d1", Until: at.Add(time.Hour), DecidedBy: "rita"}
	check := func(binding *Binding, args string) Decision {
		tl := tool
		return Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: subject, ToolID: tool.ID, Tool: &tl,
			Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Binding: binding, Approval: a, ArgsDigest: args, Now: at})
	}
	if d := check(b, "args-1"); !d.Allow {
		t.Fatalf("a call with arguments under a binding on an approval made without arguments: %+v (%s)", d.Error, d.HostReason)
	}
	if d := check(nil, "args-1"); d.Allow || d.Error.Type != TypeApprovalRequired {
		t.Fatalf("the same approval presented directly with arguments must not hold: %+v", d)
	}
	// beside a binding that pinned no approval (or another one), it is
	// judged against the call's arguments like any presented approval
	for _, pinned := range []string{"", "apr_other"} {
		other := *b
		other.Approval = pinned
		if d := check(&other, "args-1"); d.Allow || d.Error.Type != TypeApprovalRequired {
			t.Fatalf("an approval made without arguments, beside a binding that pinned %q, held for a call with arguments: %+v", pinned, d)
		}
	}
	a.ArgsDigest = "args-1"
	if d := check(b, "args-2"); d.Allow {
		t.Fatal("an approval made for one call's arguments held for other arguments under a binding")
	}
}
