package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
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
	b, _ := mcpJSON(map[string]any{"error": e})
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
	return gwError(authority.TypeUnavailable, msg, authority.ActSearchTools, authority.ActStop)
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
		Step: len(st.groups), Surface: st.surface.Key(), Active: len(st.act.Active()), Tool: clip(p.Name, 200)}
	if st.searches() {
		ev.Reachable = st.surface.Reachable()
		ev.Accepted, ev.Rejected = inEffect(st.act)
	}
	var res *mcp.CallToolResult
	var call *allowedCall
	var tally checkTally
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
	// a keyed retry of a call that ran is answered from its record once
	// its permission holds (replayRefused)
	if res, err = g.recorded(ctx, r, cs, p, &ev); err != nil {
		return undecided(), g.evidence.add(ctx, ev)
	} else if res != nil {
		return res, g.evidence.add(ctx, ev)
	}
	if p.Name == instruction.LoadSkillToolID {
		if res, err = g.callLoadSkill(ctx, st, p, &ev); err != nil {
			return nil, err
		}
	} else {
		res, call = g.decide(ctx, r, st, cs, p, &ev, &tally)
	}
	if call != nil {
		res, err = g.execute(ctx, r, st, call, p, &ev)
		if err != nil {
			g.s.countRecorded(&tally, ev)
			return nil, err
		}
	}
	// counted once the outcome is known: what the client was told
	g.s.countRecorded(&tally, ev)
	if call != nil {
		// a call that reached a server may have found its contract changed
		g.noticeServed(ctx, r, req)
	}
	ectx := ctx
	if call != nil {
		// a call made is in the evidence even when its client went away
		ectx = context.WithoutCancel(ctx)
	}
	r.clock.lap(phaseDecide)
	if err := g.callEvidence(ectx, ev, call); err != nil {
		return nil, err
	}
	r.clock.lap(phaseEvidence)
	return res, nil
}

// decide answers a call the console refuses (a result) or allows (the
// call to make).
func (g *gateway) decide(ctx context.Context, r *gwReq, st *gwStep, cs models.CheckState, p *mcp.CallToolParamsRaw, ev *models.RunEvent, tally *checkTally) (*mcp.CallToolResult, *allowedCall) {
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
		once     string // the single-use approval the call rests on
		// refusedOn is the digest of the contract a refusal was decided
		// on: only of a tool the run was shown (never a hidden one's)
		refusedOn string
	)
	if v.Status == deferred.CallActive {
		raw := p.Arguments
		if len(raw) == 0 || string(raw) == "null" {
			raw = json.RawMessage("{}")
		}
		// the arguments are checked by the one check the API's calls use
		// (a malformed _meta.approval was refused before: approvalMeta);
		// a single-use approval the call presents is spent only once the
		// call will go to its server (gateway.commit)
		approval, _ := approvalMeta(p)
		ca := checkArgs{agent: r.sess.Agent, profile: r.sess.Profile, subject: r.subject, tool: p.Name, approval: approval, arguments: raw, pick: r.pick, without: r.without, keyOwner: keyCreator(r.key), keyID: keyIDOf(r.key)}
		ast, d, tool, err := g.s.decideAt(ctx, cs, ca)
		// the approval request for the tool and these exact arguments that the call acts on
		// (nil: none; callApproval), read once: presented when approved, named again when pending
		var (
			filed      *models.Approval
			argsDigest string
			canonical  []byte // raw as canonical JSON, made once for the digest and the view
		)
		if err == nil && tool != nil && !d.Allow && d.Error != nil && d.Error.Type == authority.TypeApprovalRequired {
			canonical = canonicalArguments(raw)
			argsDigest, err = g.s.store.ApprovalArgsDigest(ctx, tool.ID, tool.Digest, canonical)
		}
		if err == nil && approval == "" && argsDigest != "" {
			// the gateway is the run's runtime: it presents the approval
			// request for this call (this subject, tool and arguments),
			// whichever session filed it, once approved, when this runtime
			// key asked for it (models.Store.ApprovalHoldsFor)
			filed = g.callApproval(ctx, r, ast.profileOf(r.sess.Agent, r.sess.Profile), tool, argsDigest)
			if filed != nil && filed.Status == authority.ApprovalApproved {
				approval, ca.approval, ca.approvalRow, ca.argsDigest = filed.Ref, filed.Ref, filed, argsDigest
				ast, d, tool, err = g.s.decideAt(ctx, cs, ca)
			}
		}
		if err != nil {
			return undecided(), nil
		}
		var counted authority.Decision
		v, counted, _ = deferred.Authorize(v, d)
		tally.hold(ast, r.sess.Agent, p.Name, tool, r.subject, counted)
		if tool != nil {
			refusedOn = tool.Digest
		}
		if v.Status == deferred.CallActive {
			t, contract = tool, ast.contracts[p.Name]
			if d.Approval != nil {
				// the run's page links the approval the call ran under
				ev.Approval = d.Approval.Ref
				if d.Approval.SingleUse {
					once = d.Approval.Ref
				}
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
			} else if reused := g.reusedKey(ctx, r, p); reused != nil {
				v.Error = reused // nor is a call whose key names other arguments (or cannot be read now)
			} else if filed != nil && filed.Status == authority.ApprovalPending && r.key != nil && filed.KeyID == r.key.ID && !filed.ArgsHidden && !authority.ViewIsCut(filed.ArgsView) {
				// this key's own pending request for this call: named
				// again, with nothing to file or record
				v.Error = approvalPending(v.Error, filed.Ref, p.Name, false)
			} else {
				// filed (or the pending one reused, this key recorded as
				// asking) unless the store's filing rules answer: a denial
				// of this very call, arguments nobody could see whole, a cap
				view := g.s.argumentsView(canonical, *tool, ast.contracts[p.Name])
				a, err := g.requestApproval(ctx, r, p, ast.profileOf(r.sess.Agent, r.sess.Profile), tool, argsDigest, view)
				v.Error = approvalAnswer(v.Error, a, err, p.Name, false)
			}
		}
	}
	if v.Status == deferred.CallUnknown && v.Shown && !v.Console {
		// a tool the run was shown that is outside the surface now lost
		// authority: the check says how (capability_revoked for a grant
		// taken away); nothing of its arguments is read, nothing runs
		ca := checkArgs{agent: r.sess.Agent, profile: r.sess.Profile, subject: r.subject, tool: p.Name, pick: r.pick, without: r.without, keyOwner: keyCreator(r.key)}
		ast, d, tool, err := g.s.decideAt(ctx, cs, ca)
		if err != nil {
			return undecided(), nil
		}
		var counted authority.Decision
		v, counted, _ = deferred.Authorize(v, d)
		tally.hold(ast, r.sess.Agent, p.Name, tool, r.subject, counted)
		if tool != nil {
			refusedOn = tool.Digest
		}
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
		return gwError(typeSearchRequired, fmt.Sprintf("%s is not loaded yet. Call %s with what you want to do; a tool it returns can be called after that.", p.Name, instruction.SearchToolID),
			authority.ActSearchTools), nil
	case deferred.CallDenied:
		ev.Verdict, ev.Digest = v.Status+":"+v.Error.Type, refusedOn
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
	return nil, &allowedCall{tool: t, contract: contract, spec: sp, name: name, approval: once}
}
