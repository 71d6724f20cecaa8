package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// Error types of a gateway call the call-time check does not give (seed
// 000's names): the upstream could not be reached or did not answer in
// time; a call that may have had its effect is uncertain; a result over
// the ceiling (result_too_large, naming it) or off its schema is not
// returned.
const (
	typeSearchRequired  = "search_required"
	typeBudgetExhausted = "budget_exhausted"
	typeUnavailableEnv  = "environment_unavailable"
	typeUncertainEffect = "uncertain_side_effect"
	typeResultMismatch  = "result_schema_mismatch"
	typeResultTooLarge  = "result_too_large"
	typeKeyReused       = "idempotency_key_reused"
)

// DefaultResultCeiling bounds a call's result in bytes (as JSON) when the
// configuration sets none.
const DefaultResultCeiling = 1 << 20

// errorResult is a model-visible refusal: a tool result with isError,
// its text the structured error (never a protocol error).
func errorResult(e *authority.Error) *mcp.CallToolResult {
	if e.NextActions == nil {
		e.NextActions = []string{}
	}
	b, _ := json.Marshal(map[string]any{"error": e})
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}

func gwError(typ, msg string, next ...string) *mcp.CallToolResult {
	return errorResult(&authority.Error{Type: typ, Message: msg, NextActions: next})
}

// toolUnavailable is the one answer for a tool that does not exist, is
// hidden, or no connection serves: byte-identical whatever the reason.
// Its next action is search_tools only in a session that lists it
// (search: gwStep.searches); any other session is sent to the tools it
// has, the user or stop (seed 000's safe next actions).
func toolUnavailable(tool string, search bool) *mcp.CallToolResult {
	msg := fmt.Sprintf("No tool named %s is available.", tool)
	if !search {
		return gwError(authority.TypeUnavailable, msg, authority.ActChooseAlternative, authority.ActAskUser, authority.ActStop)
	}
	return gwError(authority.TypeUnavailable, msg, "call search_tools with what you want to do", "stop")
}

// callTool serves tools/call: the console's own search, or a catalog
// tool through the step's activation, the call-time check, the argument
// check, then its connection (the budget charged only for a call that
// runs).
func (g *gateway) callTool(ctx context.Context, r *gwReq, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	p := req.Params
	if p.Name == instruction.SearchToolID {
		return g.search(ctx, r, req)
	}
	st, err := g.step(ctx, r)
	if err != nil {
		return nil, err
	}
	if len(p.Name) > catalog.MaxIDLength {
		return toolUnavailable(clip(p.Name, catalog.MaxIDLength), st.searches()), nil
	}
	if r.listChanged && req.Session != nil {
		// the activation was re-issued for a new surface (gateway.carry)
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: listChangedToken})
	}
	// the check sees the generations read with the session
	cs := models.CheckState{CatalogGen: r.catGen, ConfigGen: r.cfgGen}
	ev := models.RunEvent{Run: r.sess.Run, Kind: models.RunCall, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion,
		Step: len(st.groups), Surface: st.surface.Key(), Active: len(st.act.Active()), Accepted: len(st.act.Accepted), Rejected: len(st.act.Rejected), Tool: clip(p.Name, 200)}
	var res *mcp.CallToolResult
	var call *allowedCall
	bad := func() *authority.Error { _, _, b := idempotencyKey(p); return b }()
	if bad == nil {
		_, bad = approvalMeta(p)
	}
	if bad != nil {
		// a key the client meant and the console cannot read is refused
		// before anything is decided, spent or run: ignoring it would
		// run a retry twice
		ev.Verdict = deferred.CallDenied + ":" + bad.Type
		return errorResult(bad), g.evidence.add(ctx, ev)
	}
	if p.Name == instruction.LoadSkillToolID {
		if res, err = g.callLoadSkill(ctx, st, p, &ev); err != nil {
			return nil, err
		}
	} else {
		res, call = g.decide(ctx, r, st, cs, p, &ev)
	}
	if call != nil {
		res, err = g.execute(ctx, r, st, call, p, &ev)
		if err != nil {
			return nil, err
		}
	}
	ectx := ctx
	if call != nil {
		// a call made is in the evidence even when its client went away
		ectx = context.WithoutCancel(ctx)
	}
	if err := g.callEvidence(ectx, ev, call); err != nil {
		return nil, err
	}
	return res, nil
}

// callEvidence stores a call's evidence. A call that ran a tool with effects
// outside the workspace (destructive or external-write) answers once its
// evidence is committed, so even a crash of the console right after the
// answer loses none of it; every other call — a read, a workspace write,
// a refusal, which ran nothing — answers while its evidence is written
// (evidenceWriter.hand: two fewer hand-offs and a database round trip
// off the call's path), which only a crash of the console in the
// milliseconds before the writer's next commit can lose.
func (g *gateway) callEvidence(ctx context.Context, ev models.RunEvent, call *allowedCall) error {
	if call != nil && effectful(call.tool.Effects) {
		return g.evidence.add(ctx, ev)
	}
	return g.evidence.hand(ctx, ev)
}

// allowedCall is a call the console allows: the exact tool version and
// the connection that serves it.
type allowedCall struct {
	tool     *authority.Tool
	contract *catalog.Contract
	spec     upstream.Spec
	name     string // the upstream's own tool name
}

// decide answers a call the console refuses (a result) or allows (the
// call to make).
func (g *gateway) decide(ctx context.Context, r *gwReq, st *gwStep, cs models.CheckState, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, *allowedCall) {
	known := func(id string) bool { _, ok := st.base.Snapshot.Row(id); return ok }
	v := deferred.Classify(st.key, r.sess.Run, st.surface, st.act, len(st.groups), p.Name, known)
	if !st.deferred() && v.Status == deferred.CallSearchRequired && st.active(p.Name) {
		v = deferred.CallVerdict{Status: deferred.CallActive}
	}
	// shown: by a receipt of the run, or listed to the session
	shown := r.wasShown(p.Name)
	v.Shown, v.Withdrawn = st.act.ShownBefore(p.Name, nil, false) || shown, st.act.Withdrawn(p.Name) || shown
	if v.Console { // the console's own tools are served before (search, callLoadSkill)
		v = deferred.CallVerdict{Status: deferred.CallUnknown, HostReason: "a console tool"}
	}
	var (
		t        *authority.Tool
		contract *catalog.Contract
	)
	if v.Status == deferred.CallActive {
		raw := p.Arguments
		if len(raw) == 0 || string(raw) == "null" {
			raw = json.RawMessage("{}")
		}
		// the arguments are checked, and a single-use approval the call
		// presents spent, by the one check the API's calls use (a
		// malformed _meta.approval was refused before: approvalMeta)
		approval, _ := approvalMeta(p)
		ca := checkArgs{agent: r.sess.Agent, profile: r.sess.Profile, subject: r.subject, tool: p.Name, approval: approval, spend: true, arguments: raw, pick: r.pick, without: r.without}
		ast, d, tool, err := g.s.decideAt(ctx, cs, ca)
		// the approval request for the tool and these exact arguments
		// that the call acts on (nil: none; callApproval), read once: presented when approved, named again
		// when still pending
		var (
			filed      *models.Approval
			argsDigest string
		)
		if err == nil && tool != nil && !d.Allow && d.Error != nil && d.Error.Type == authority.TypeApprovalRequired {
			argsDigest, err = g.s.store.ApprovalArgsDigest(ctx, tool.ID, tool.Digest, canonicalArguments(raw))
		}
		if err == nil && approval == "" && argsDigest != "" {
			// the gateway is the run's runtime: it presents the approval
			// request for this call (this subject, tool and arguments),
			// whichever session or caller filed it, once approved
			filed = g.callApproval(ctx, r, tool, argsDigest)
			if filed != nil && filed.Status == authority.ApprovalApproved {
				approval, ca.approval, ca.approvalRow, ca.argsDigest = filed.Ref, filed.Ref, filed, argsDigest
				ast, d, tool, err = g.s.decideAt(ctx, cs, ca)
			}
		}
		if err != nil {
			return gwError(typeUnavailableEnv, "The console could not decide this call now; try again.", "retry later", "stop"), nil
		}
		var counted authority.Decision
		v, counted, _ = deferred.Authorize(v, d)
		g.s.countCheck(ast, r.sess.Agent, p.Name, tool, r.subject, counted)
		if v.Status == deferred.CallActive {
			t, contract = tool, ast.contracts[p.Name]
			if d.Approval != nil {
				// the run's page links the approval the call ran under
				ev.Approval = d.Approval.Ref
			}
		} else if v.Error != nil && v.Error.Type == authority.TypeApprovalRequired && tool != nil && argsDigest != "" {
			// name an approval request for this call the subject's
			// reviewers can decide, seeing its arguments (the pending one
			// for this call, or a new one once the last was used, expired or
			// denied, or when a presented one was for other arguments), and
			// tell the model what happens next
			if bad := authority.CheckArguments(authority.Decision{Allow: true}, tool.Digest, ast.contracts[p.Name], raw); !bad.Allow {
				// arguments the call could never run with are refused, not
				// put to a reviewer
				v.Error = bad.Error
			} else if filed != nil && filed.Status == authority.ApprovalPending && r.key != nil && filed.KeyID == r.key.ID && !authority.ViewIsCut(filed.ArgsView) {
				// this key's own pending request for this call: named
				// again, with nothing to file or record
				v.Error = approvalPending(v.Error, filed.Ref, p.Name)
			} else {
				// filed (or the pending one reused, this key recorded as
				// asking) unless the store's filing rules answer: a denial
				// of this very call, arguments nobody could see whole, a cap
				view := g.s.argumentsView(ctx, canonicalArguments(raw), tool.Digest, ast.contracts[p.Name])
				a, err := g.requestApproval(ctx, r, tool, argsDigest, view)
				v.Error = approvalAnswer(v.Error, a, err, p.Name)
			}
		}
	}
	if v.Status == deferred.CallUnknown && v.Shown && !v.Console {
		// a tool the run was shown that is outside the surface now lost
		// authority: the check says how (capability_revoked for a grant
		// taken away); nothing of its arguments is read, nothing runs
		ca := checkArgs{agent: r.sess.Agent, profile: r.sess.Profile, subject: r.subject, tool: p.Name, pick: r.pick, without: r.without}
		ast, d, tool, err := g.s.decideAt(ctx, cs, ca)
		if err != nil {
			return gwError(typeUnavailableEnv, "The console could not decide this call now; try again.", "retry later", "stop"), nil
		}
		var counted authority.Decision
		v, counted, _ = deferred.Authorize(v, d)
		g.s.countCheck(ast, r.sess.Agent, p.Name, tool, r.subject, counted)
		if res := g.leftCatalog(ctx, v, p.Name); res != nil {
			ev.Verdict = deferred.CallDenied + ":" + authority.TypeCatalogChanged
			return res, nil
		}
	}
	ev.Verdict = v.Status
	switch v.Status {
	case deferred.CallActive:
	case deferred.CallSearchRequired:
		if v.Receipt != nil {
			ev.Receipts = v.Receipt.ID()
		}
		return gwError(typeSearchRequired, fmt.Sprintf("SEARCH_REQUIRED: %s is not loaded yet. Call %s with what you want to do; a tool it returns can be called after that.", p.Name, instruction.SearchToolID),
			"call search_tools with what you want to do"), nil
	case deferred.CallDenied:
		ev.Verdict = v.Status + ":" + v.Error.Type
		return errorResult(v.Error), nil
	default:
		return toolUnavailable(p.Name, st.searches()), nil
	}
	specs, _, err := g.conns.load(ctx, g.s)
	ns, name, _ := strings.Cut(p.Name, ".")
	sp, served := specs[ns]
	if err != nil || !served || name == "" {
		ev.Verdict = deferred.CallUnknown
		return toolUnavailable(p.Name, st.searches()), nil
	}
	return nil, &allowedCall{tool: t, contract: contract, spec: sp, name: name}
}

// spend charges an allowed call to the run's call budget, or answers
// budget_exhausted. It is called once the call will run: a keyed retry
// answered from its record (or still running elsewhere) runs nothing and
// spends nothing (attack #5). A budgeted run counts its calls atomically
// in its session row (two replicas never both spend the last call); an
// unbudgeted one is counted by its evidence alone, with no write on the
// call's path.
func (g *gateway) spend(ctx context.Context, r *gwReq, st *gwStep, ev *models.RunEvent) *mcp.CallToolResult {
	b := st.base.CallBudget
	if b <= 0 {
		return nil
	}
	if err := g.s.store.CountGatewayCall(ctx, r.sess.ID, b); err != nil {
		if errors.Is(err, models.ErrBudget) {
			ev.Verdict = deferred.CallDenied + ":" + typeBudgetExhausted
			return gwError(typeBudgetExhausted, fmt.Sprintf("This conversation has used its %d tool calls.", b), "stop")
		}
		return gwError(typeUnavailableEnv, "The console could not record this call now; try again.", "retry later")
	}
	return nil
}

// execute makes an allowed call: once per idempotency key for tools
// with effects outside the workspace, bounded in time and size, its
// result checked against the reviewed output schema.
func (g *gateway) execute(ctx context.Context, r *gwReq, st *gwStep, call *allowedCall, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, error) {
	ev.Digest = call.tool.Digest
	var claim *models.IdempotentCall
	key, keyed, _ := idempotencyKey(p)
	keyed = keyed && effectful(call.tool.Effects)
	if keyed {
		// a recorded outcome is answered before the server is consulted:
		// a retry needs no server (one restarting, or down, too)
		rec, res, err := g.claim(ctx, r, call, p, key, ev)
		if rec == nil {
			return res, err
		}
		claim = rec
	}
	// charged only now: a recorded outcome above was answered free
	if res := g.spend(ctx, r, st, ev); res != nil {
		if claim != nil {
			// nothing ran: the key is free for a retry
			g.settle(context.WithoutCancel(ctx), r, claim, res, true)
		}
		return res, nil
	}
	if res := g.checkServed(ctx, call, ev); res != nil {
		if claim != nil {
			// nothing ran: the key is free for the retry
			g.settle(context.WithoutCancel(ctx), r, claim, res, true)
		}
		return res, nil
	}
	if keyed {
		// a keyed call, once claimed, runs to its outcome and records it
		// whatever happens to the request: a client that goes away (or a
		// request that is cancelled) neither cuts the call short nor
		// leaves its key unsettled (the call is bounded by the upstream
		// timeout all the same)
		ctx = context.WithoutCancel(ctx)
	}
	start := time.Now()
	res, raw, err := g.pool.CallJSON(ctx, call.spec, call.name, p.Arguments)
	took := time.Since(start)
	ev.LatencyUS = int(took / time.Microsecond)
	g.s.metrics.upstreamCall(took, err)
	if err != nil {
		out := g.upstreamFailure(call, err, ev, keyed)
		if claim != nil {
			g.settle(ctx, r, claim, out, ev.CallStatus == "unavailable" || ev.CallStatus == "refused")
		}
		return out, nil
	}
	out, b := g.bound(res, raw, call, ev)
	if out == res {
		r.resultOf, r.resultJSON = out, b
	}
	if claim != nil {
		if out != res {
			b, _ = json.Marshal(out)
		}
		g.record(ctx, r, claim, b)
	}
	return out, nil
}

// idempotencyLeaseMargin is how long past the upstream timeout a claim
// is held: a call's outcome is recorded well within it.
const idempotencyLeaseMargin = 15 * time.Second

// claimLease is how long a claim holds before a retry may settle it as
// lost: the call's own upstream timeout (its connection's, which bounds
// the call) and a margin.
func (g *gateway) claimLease(spec upstream.Spec) time.Duration {
	return g.pool.TimeoutOf(spec) + idempotencyLeaseMargin
}

// claim claims the call's idempotency key in its scope (the agent, the
// subject, the runtime key and the tool, across sessions, replicas and
// restarts): rec is
// the claim to run the call under, or nil with the answer to give
// instead (the recorded outcome, key_reused, still running, or a lost
// call's uncertain outcome).
func (g *gateway) claim(ctx context.Context, r *gwReq, call *allowedCall, p *mcp.CallToolParamsRaw, key string, ev *models.RunEvent) (*models.IdempotentCall, *mcp.CallToolResult, error) {
	subject := ""
	if r.subject != nil {
		subject = r.subject.ID
	}
	keyID := r.sess.KeyID
	if r.key != nil {
		keyID = r.key.ID
	}
	sc, err := g.s.store.IdempotencyScope(ctx, r.sess.Agent, subject, r.sess.Run, keyID)
	if err != nil {
		return nil, nil, err
	}
	digest := g.s.store.ArgumentsDigest(sc, p.Name, key, canonicalArguments(p.Arguments))
	for attempt := 0; ; attempt++ {
		rec, claimed, err := g.s.store.ClaimIdempotent(ctx, sc, p.Name, key, digest, g.claimLease(call.spec))
		if err != nil {
			return nil, nil, err
		}
		if claimed {
			return rec, nil, nil
		}
		if rec.ArgsDigest != "" && rec.ArgsDigest != digest {
			// a key names one operation: reused with other arguments it is
			// a client's mistake, refused (never run, never the first
			// call's outcome passed off as this call's)
			ev.CallStatus = "key_reused"
			return nil, gwError(typeKeyReused, fmt.Sprintf("The idempotency key %q was already used for a call of %s with different arguments; nothing was run.", key, p.Name),
				"retry with the first call's exact arguments to get its outcome", "use a new idempotency key for a new operation", "stop"), nil
		}
		if rec.Done {
			var res mcp.CallToolResult
			if err := json.Unmarshal([]byte(rec.Outcome), &res); err != nil {
				return nil, nil, err
			}
			ev.CallStatus = "replayed"
			ev.ResultBytes = len(rec.Outcome)
			return nil, &res, nil
		}
		if left := time.Until(rec.LeaseUntil); left > 0 || attempt > 0 {
			ev.CallStatus = "in_progress"
			return nil, gwError(typeUncertainEffect, fmt.Sprintf("A call of %s with this idempotency key is still running; its outcome is not known yet. It ends within %d s.", p.Name, secondsUntilCallEnds(rec.LeaseUntil, time.Now())),
				"wait, then retry with the same idempotency key to get its outcome", "stop"), nil
		}
		// the claim's lease ended with no outcome: the console that made
		// the call stopped or lost it after it may have reached the
		// server. Its outcome is settled, once and for all, as unknown.
		b, _ := json.Marshal(lostCall(p.Name))
		if err := g.s.store.LapseIdempotent(ctx, rec.ID, b); err != nil && !errors.Is(err, models.ErrIdempotentSettled) {
			return nil, nil, err
		}
		// read the record again: the lapse just written, or the outcome
		// that won the race
	}
}

// lostCall is the recorded outcome of a keyed call whose console lost
// it (stopped, or the call's claim lapsed) after it may have reached the
// server.
func lostCall(tool string) *mcp.CallToolResult {
	return gwError(typeUncertainEffect, fmt.Sprintf("A call of %s with this idempotency key was interrupted after it may have reached the server (the console handling it stopped); its outcome is unknown and stays unknown. This key will not run the call again.", tool),
		"check the outcome before calling again", "call again with a new idempotency key only if it did not take effect", authority.ActAskUser, "stop")
}

// settle records a failed call's outcome under its key; a call that
// never reached the upstream releases the key so a retry may run it.
// ctx outlives the request (execute).
func (g *gateway) settle(ctx context.Context, r *gwReq, claim *models.IdempotentCall, out *mcp.CallToolResult, release bool) {
	if release {
		if err := g.s.store.ReleaseIdempotent(ctx, claim.ID); err != nil {
			// the claim stays until its lease ends; a retry then gets
			// the lost call's answer
			g.s.log.Warn("idempotency key not released", "run", r.sess.Run, "tool", claim.Tool, "err", err)
		}
		return
	}
	b, _ := json.Marshal(out)
	g.record(ctx, r, claim, b)
}

// record stores a keyed call's outcome; a failure is logged (the claim
// then lapses, and a retry gets the lost call's answer).
func (g *gateway) record(ctx context.Context, r *gwReq, claim *models.IdempotentCall, outcome []byte) {
	if err := g.s.store.FinishIdempotent(ctx, claim.ID, outcome); err != nil {
		g.s.log.Warn("idempotent outcome not recorded", "run", r.sess.Run, "tool", claim.Tool, "err", err)
	}
}

// upstreamFailure is the answer to a call that failed upstream: the
// server's own error answer (a tool error result with its message), or
// the structured error of a call the upstream did not answer:
// unreachable (nothing ran), timed out or lost (for a tool with effects
// the effect is uncertain).
//
// An uncertain outcome is what the call's idempotency key records (keyed:
// the call carried one): a retry with that key answers it again and never
// runs the call a second time, since the console cannot learn whether it
// took effect. The model is told to check the outcome and to run the call
// again, if it did not take effect, only under a new key.
func (g *gateway) upstreamFailure(call *allowedCall, err error, ev *models.RunEvent, keyed bool) *mcp.CallToolResult {
	var ue *upstream.UnavailableError
	var tl *upstream.TooLargeError
	var se *upstream.ServerError
	var re *upstream.RefusedError
	switch {
	case errors.As(err, &se):
		// the server answered, with a JSON-RPC error: the call failed and
		// nothing about it is uncertain; the model reads the server's
		// message (masked, bounded) as it reads a tool's own error result
		ev.CallStatus = "tool_error"
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
			Text: fmt.Sprintf("The server behind %s answered with an error (JSON-RPC %d): %s", call.tool.ID, se.Code, se.Message)}}}
	case errors.As(err, &tl):
		// the answer was refused as it arrived, over the ceiling: the tool
		// ran, its answer is not read
		ev.CallStatus = "too_large"
		return g.tooLarge(fmt.Sprintf("The server's answer to %s is over %d bytes and was not read; at most %d are returned.", call.tool.ID, tl.Limit, g.resultCeiling()))
	case errors.As(err, &ue):
		ev.CallStatus = "unavailable"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s is not reachable now; nothing was run.", call.tool.ID), "retry later", "choose another tool", "stop")
	case errors.As(err, &re):
		// the server said it did not process the call (HTTP 404: its
		// session was unknown, and the next call starts a new one; another
		// 4xx, 429 or 503): nothing ran, nothing is uncertain, and a key
		// the call carried is released for the retry
		ev.CallStatus = "refused"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s refused the call before running it (HTTP %d); nothing was run.", call.tool.ID, re.Status), "retry later", "choose another tool", "stop")
	case errors.Is(err, context.DeadlineExceeded):
		ev.CallStatus = "timeout"
	case errors.As(err, new(*upstream.MalformedError)):
		// the server answered, but not in JSON-RPC: the call failed, its
		// effect unknown; the upstream session stays (attack #11)
		ev.CallStatus = "malformed"
	default:
		ev.CallStatus = "error"
	}
	what := "did not answer"
	if ev.CallStatus == "malformed" {
		what = "sent an answer that is not a JSON-RPC message"
	}
	// the failure's class, never its text: a server's error text may
	// repeat the call's arguments, and arguments are never logged
	g.s.log.Warn("upstream call failed", "tool", call.tool.ID, "status", ev.CallStatus, "class", failureClass(err))
	if effectful(call.tool.Effects) {
		msg := fmt.Sprintf("The server behind %s %s; the call may or may not have taken effect.", call.tool.ID, what)
		if !keyed {
			return gwError(typeUncertainEffect, msg, "check the outcome before calling again", authority.ActAskUser, "stop")
		}
		return gwError(typeUncertainEffect, msg+" The console will not run it again under this idempotency key: a retry with it gets this answer. Check the outcome; only if the call did not take effect, call again with a new idempotency key.",
			"check the outcome before calling again", "call again with a new idempotency key only if it did not take effect", authority.ActAskUser, "stop")
	}
	return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s %s.", call.tool.ID, what), "retry later", "stop")
}

// bound returns the upstream's result (raw: its JSON as mcpJSON writes
// it, when at hand) when it fits the ceiling and its
// structured content holds to the reviewed output schema, else the error
// saying why; with the result's JSON as the answer carries it.
func (g *gateway) bound(res *mcp.CallToolResult, raw []byte, call *allowedCall, ev *models.RunEvent) (*mcp.CallToolResult, []byte) {
	// the bytes as the answer carries them (the SDK's encoding: raw, the
	// upstream's when they are those bytes), so the ceiling bounds what
	// is sent and the direct path sends these
	b, err := raw, error(nil)
	if b == nil {
		b, err = mcpJSON(res)
	}
	if err != nil {
		ev.CallStatus = "error"
		return gwError(typeResultMismatch, "The server's result could not be read.", "stop"), nil
	}
	ev.ResultBytes = len(b)
	if ceiling := g.resultCeiling(); len(b) > ceiling {
		ev.CallStatus = "too_large"
		return g.tooLarge(fmt.Sprintf("The result is %d bytes; at most %d are returned.", len(b), ceiling)), b
	}
	if call.contract != nil && call.contract.Output != nil {
		// only what the schema checks, and text, passes (checkOutput)
		if e := checkOutput(res, call); e != nil {
			ev.CallStatus = "schema_mismatch"
			return errorResult(e), b
		}
	}
	ev.CallStatus = "ok"
	if res.IsError {
		ev.CallStatus = "tool_error"
	}
	return res, b
}

// tooLarge is the refusal of a result over the ceiling: its own type,
// the ceiling in ceiling_bytes (the tool ran; its result is not returned).
func (g *gateway) tooLarge(msg string) *mcp.CallToolResult {
	return errorResult(&authority.Error{Type: typeResultTooLarge, Message: msg, CeilingBytes: g.resultCeiling(),
		NextActions: []string{"ask for less (a narrower query or a smaller page)", "stop"}})
}

// resultCeiling bounds a call's result in bytes, as JSON.
func (g *gateway) resultCeiling() int {
	if g.s.cfg.ResultCeiling > 0 {
		return g.s.cfg.ResultCeiling
	}
	return DefaultResultCeiling
}

// effectful: a tool classified destructive or external-write, whose
// calls may carry an idempotency key.
func effectful(effects string) bool {
	return effects == string(catalog.EffectsDestructive) || effects == string(catalog.EffectsExternalWrite)
}

// MaxIdempotencyKey is the longest _meta.idempotency_key, in bytes.
const MaxIdempotencyKey = 200

// idempotencyKey reads _meta.idempotency_key: ok when the call carries
// one, a string of 1 to MaxIdempotencyKey bytes. A key present in any
// other form (a number, object, array, null, "" or longer) is bad, its
// problem said: such a call is refused, never run as if it had no key.
func idempotencyKey(p *mcp.CallToolParamsRaw) (key string, ok bool, bad *authority.Error) {
	k, present, why := metaString(p, "idempotency_key", MaxIdempotencyKey)
	if !present {
		return "", false, nil
	}
	if why == "" {
		return k, true, nil
	}
	return "", false, &authority.Error{Type: authority.TypeInvalidArguments,
		Message:     fmt.Sprintf("_meta.idempotency_key %s: a key is a string of 1 to %d bytes; nothing was run.", why, MaxIdempotencyKey),
		NextActions: []string{fmt.Sprintf("send _meta.idempotency_key as a string of 1 to %d bytes, or leave it out", MaxIdempotencyKey), authority.ActStop},
		Problems:    []args.Problem{{Pointer: "_meta.idempotency_key", Message: why}}}
}

// jsonKind names a decoded JSON value's kind.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, json.Number:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// canonicalArguments is a call's arguments as canonical JSON (object keys
// sorted, strings re-encoded from their code points, numbers by their
// exact value (canonicalNumber), no spaces; none is {}), so a retry whose
// client orders keys, escapes strings or spells numbers differently
// digests the same.
func canonicalArguments(raw json.RawMessage) []byte {
	if len(raw) == 0 || string(raw) == "null" {
		return []byte("{}")
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return raw
	}
	b, err := json.Marshal(canonicalValue(v))
	if err != nil {
		return raw
	}
	return b
}

// approvalMeta reads _meta.approval, the reference of an approved
// request the call presents: "" when absent. Present in any other form
// (not a string, empty, longer than maxApprovalRef bytes) it is bad, its
// problem said: such a call is refused before anything is decided or
// run, never run as if it presented none.
func approvalMeta(p *mcp.CallToolParamsRaw) (ref string, bad *authority.Error) {
	k, present, why := metaString(p, "approval", maxApprovalRef)
	if !present || why == "" {
		return k, nil
	}
	return "", &authority.Error{Type: authority.TypeInvalidArguments,
		Message:     fmt.Sprintf("_meta.approval %s: it is the reference of an approval request (at most %d bytes); nothing was run.", why, maxApprovalRef),
		NextActions: []string{"send _meta.approval as the approval reference the refusal named, or leave it out", authority.ActStop},
		Problems:    []args.Problem{{Pointer: "_meta.approval", Message: why}}}
}

// callApproval is the approval request for this call — the session's
// agent and subject, t's exact digest, the call's arguments (argsDigest)
// — that the call acts on, whichever session or caller filed it
// (models.CallApproval; nil when none, or it cannot be read now): the
// newest approved one still usable, which the gateway presents (the check
// then judges its scope, expiry and use), else the oldest pending one,
// which a refusal names and requestApproval would reuse.
func (g *gateway) callApproval(ctx context.Context, r *gwReq, t *authority.Tool, argsDigest string) *models.Approval {
	a, err := g.s.store.CallApproval(ctx, r.sess.Agent, subjectID(r.subject), t.ID, t.Digest, argsDigest, time.Now())
	if err != nil {
		return nil
	}
	return a
}

// subjectID is s's id, "" for no subject.
func subjectID(s *authority.Subject) string {
	if s == nil {
		return ""
	}
	return s.ID
}

// requestApproval records (or reuses: one pending request per call,
// across sessions and callers) the approval request for the session's subject to call t with the arguments whose digest is
// argsDigest and whose reviewer's view is view, under the key that runs
// the session.
func (g *gateway) requestApproval(ctx context.Context, r *gwReq, t *authority.Tool, argsDigest, view string) (*models.Approval, error) {
	id := subjectID(r.subject)
	groups, _ := json.Marshal(authority.GroupsOf(r.subject))
	actor, keyID := "apikey", uint(0)
	if r.key != nil {
		actor, keyID = fmt.Sprintf("apikey:%d %s", r.key.ID, r.key.Name), r.key.ID
	}
	a, _, err := g.s.store.RequestApproval(ctx, actor, models.Approval{Agent: r.sess.Agent, Subject: id, GroupsJSON: string(groups), Tool: t.ID, Digest: t.Digest,
		ArgsDigest: argsDigest, ArgsView: view,
		Summary: fmt.Sprintf("a call of %s through the MCP gateway (first asked in run %s), with the arguments shown: the approval holds for this subject's calls with exactly these arguments", t.ID, r.sess.Run), Origin: models.OriginCheck, Run: r.sess.Run, KeyID: keyID})
	return a, err
}

// specOf is how the gateway reaches a connection.
func specOf(s *Server, c *models.Connection) (upstream.Spec, error) {
	return runtime.SpecOf(s.store, c)
}

// failureClass names what kind of failure err is, for the log, without
// any of its text: timeout, connection closed, network or protocol.
func failureClass(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, mcp.ErrConnectionClosed):
		return "connection closed"
	case errors.As(err, &ne):
		return "network"
	}
	return "protocol"
}

// metaString reads the _meta member name of a call as a string of 1 to
// most bytes: present reports whether the call sent it at all, and why
// says what is wrong with a value in any other form ("" when it is good).
func metaString(p *mcp.CallToolParamsRaw, name string, most int) (value string, present bool, why string) {
	v, present := p.GetMeta()[name]
	if !present {
		return "", false, ""
	}
	k, isString := v.(string)
	switch {
	case !isString:
		return "", true, fmt.Sprintf("must be a string, not %s", jsonKind(v))
	case k == "":
		return "", true, "must not be empty"
	case len(k) > most:
		return "", true, fmt.Sprintf("is %d bytes; at most %d", len(k), most)
	}
	return k, true, ""
}
