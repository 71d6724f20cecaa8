package web

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySaysWhyAPresentedApprovalDoesNotApply: a call
// presenting _meta.approval that does not hold is refused with
// error.approval_reason and a sentence saying why — unknown, another
// subject (nothing of it told), other arguments, still pending, denied,
// already used, expired — and names the request for this call; the
// upstream never runs.
func TestGatewaySaysWhyAPresentedApprovalDoesNotApply(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	_, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := t.Context()
	hi := map[string]any{"text": "hi"}
	type refusal struct{ Error authority.Error }
	present := func(what, ref string, args map[string]any, reason string) refusal {
		t.Helper()
		text, isErr := call(t, cs, "demo.echo", args, map[string]any{"approval": ref})
		var r refusal
		_ = json.Unmarshal([]byte(text), &r)
		if !isErr || r.Error.Type != authority.TypeApprovalRequired || r.Error.ApprovalReason != reason || r.Error.Approval == "" {
			t.Errorf("%s: %s, want approval_required with approval_reason %s naming a request", what, text, reason)
		}
		return r
	}
	r := present("an unknown reference", models.ApprovalPrefix+"nope", hi, authority.ReasonApprovalUnknown)
	pending := r.Error.Approval
	if !strings.Contains(r.Error.Message, "names no approval request") || !strings.Contains(r.Error.Message, pending) {
		t.Errorf("the unknown reference's sentence: %q", r.Error.Message)
	}
	// another subject's approved request: nothing of it is told
	theirs, _, err := h.store.RequestApproval(ctx, "apikey", models.Approval{Agent: "helper", Subject: "rita-private", Tool: "demo.echo", Digest: h.digestOf(t, "demo.echo"), ArgsDigest: "x", Origin: models.OriginCheck, Summary: "rita's secret plan"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.DecideApproval(ctx, "admin", theirs.Ref, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "reviewer's private note"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	r = present("another subject's approval", theirs.Ref, hi, authority.ReasonApprovalNotYours)
	for _, leak := range []string{"rita", "secret plan", "private note", "was approved", "single"} {
		if strings.Contains(r.Error.Message, leak) {
			t.Errorf("the model is told %q of another subject's approval: %s", leak, r.Error.Message)
		}
	}
	present("the pending request", pending, hi, authority.ReasonApprovalPending)
	present("other arguments", pending, map[string]any{"text": "bye"}, authority.ReasonApprovalOtherArguments)
	// a denial older than models.DenialHolds (a fresh one answers the call
	// permission_denied with its reason: TestADenialReachesTheClient)
	if _, err := h.store.DecideApproval(ctx, "admin", pending, models.ApprovalDecision{Reason: "a reviewer's private reason"}, time.Now().Add(-models.DenialHolds-time.Minute)); err != nil {
		t.Fatal(err)
	}
	if r = present("a denied request", pending, hi, authority.ReasonApprovalDenied); strings.Contains(r.Error.Message, "private reason") || r.Error.Approval == pending {
		t.Errorf("a denied request: %+v (the reviewer's reason is theirs; a new request is named)", r.Error)
	}
	once := r.Error.Approval
	if _, err := h.store.DecideApproval(ctx, "admin", once, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "once"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, cs, "demo.echo", hi, map[string]any{"approval": once}); isErr || text != "hi" {
		t.Fatalf("the approved call: %s", text)
	}
	r = present("a spent approval", once, hi, authority.ReasonApprovalUsed)
	past := time.Now().Add(-2 * time.Hour)
	if _, err := h.store.DecideApproval(ctx, "admin", r.Error.Approval, models.ApprovalDecision{Approve: true, Reason: "an hour", Until: past.Add(time.Hour)}, past); err != nil {
		t.Fatal(err)
	}
	present("an expired approval", r.Error.Approval, hi, authority.ReasonApprovalExpired)
	if up.Calls("echo") != 1 {
		t.Errorf("upstream calls %d, want 1", up.Calls("echo"))
	}
}
