package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// search serves search_tools: a search of the run's surface (§10) whose
// receipt the session keeps as the next step's, then
// notifications/tools/list_changed so the client lists the activated
// tools. The query's text is never stored.
func (g *gateway) search(ctx context.Context, r *gwReq, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	searchTool()
	raw := []byte(req.Params.Arguments)
	if len(raw) == 0 {
		raw = []byte("{}")
	}
	if ps := args.Check("search_tools@1", &searchContract, raw); len(ps) > 0 {
		if err := g.refusedSearch(ctx, r, raw, problemsWhy(ps)); err != nil {
			return nil, err
		}
		return errorResult(&authority.Error{Type: authority.TypeInvalidArguments, Message: fmt.Sprintf("The arguments of %s do not match its schema.", instruction.SearchToolID),
			NextActions: []string{authority.ActFixArguments}, Problems: ps}), nil
	}
	var in struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	_ = json.Unmarshal(raw, &in)
	b := joinBurst(r.sess.ID)
	defer b.leave()
	for attempt := 0; ; attempt++ {
		st, err := g.step(ctx, r)
		if err != nil {
			return nil, err
		}
		if !st.deferred() || st.surface.Reachable() == 0 {
			return searchUnavailable(st), nil
		}
		hits, err := st.surface.SearchSkipping(in.Query, in.Limit, g.s.runCeilings(), st.surface.Pins())
		var ie *deferred.InputError
		if errors.As(err, &ie) {
			if err := g.refusedSearch(ctx, r, raw, ie.Field+": "+ie.Message); err != nil {
				return nil, err
			}
			return errorResult(&authority.Error{Type: authority.TypeInvalidArguments, Message: ie.Message, NextActions: []string{authority.ActFixArguments},
				Problems: []args.Problem{{Pointer: "/" + ie.Field, Message: ie.Message}}}), nil
		}
		if err != nil {
			return nil, err
		}
		step := len(st.groups)
		ev := models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion, Step: step,
			Surface: st.surface.Key(), QueryBytes: len(in.Query), Hits: len(hits), Reachable: st.surface.Reachable()}
		names := make([]string, len(hits))
		for i, h := range hits {
			names[i] = h.ID
		}
		mint := func(step int) (json.RawMessage, error) {
			if len(names) == 0 {
				return nil, nil
			}
			rc := deferred.Mint(st.key, deferred.KindSearch, r.sess.Run, st.surface.Key(), step, names)
			ev.Receipts, ev.Step = rc.ID(), step
			return json.Marshal(rc)
		}
		groups, moved, err := g.saveSearch(ctx, r, b, st.groups, mint, st.base.SearchBudget)
		if moved && attempt >= 8 {
			err = models.ErrConflict
		}
		if errors.Is(err, models.ErrBudget) {
			// refused, and in the evidence and the metrics as the client was told
			ev.Verdict, ev.Receipts, ev.Hits, ev.Tool = deferred.CallDenied+":"+typeBudgetExhausted, "", 0, instruction.SearchToolID
			g.s.metrics.checkDecided(authority.Deny(typeBudgetExhausted, "the search budget is spent"))
			if err := g.evidence.add(ctx, ev); err != nil {
				return nil, err
			}
			return gwError(typeBudgetExhausted, "This conversation has used its "+plural.Count(st.base.SearchBudget, "search")+"; go on with the tools already loaded.", authority.ActUseLoadedTools, authority.ActStop), nil
		}
		if errors.Is(err, models.ErrConflict) {
			// the session kept moving under this search (other replicas):
			// an answer, recorded, never a protocol error
			ev.Verdict, ev.Receipts = verdictBusy, ""
			if err := g.evidence.add(ctx, ev); err != nil {
				return nil, err
			}
			return gwError(authority.TypeUnavailable, "The conversation's other requests kept changing its tools while this search ran; nothing was loaded by it. Search again, or go on with the tools already loaded.", authority.ActSearchTools, authority.ActUseLoadedTools), nil
		}
		if err != nil {
			return nil, err
		}
		if moved {
			// another replica stored a step under this search: search
			// again on the session's state
			r.st = nil
			continue
		}
		if err := g.evidence.add(ctx, ev); err != nil {
			return nil, err
		}
		return g.searchAnswer(ctx, r, req, st, hits, groups)
	}
}

// verdictBusy is the verdict of a search that could not be stored because
// the session kept moving under it (other replicas' requests).
const verdictBusy = "busy"

// saveSearch stores a search's receipt (mint(step); nil: no hits) as a
// step of the session, counting the search against budget. Parallel
// searches of one step (§10: "parallel receipts of that step merge in
// call order") are the searches of one burst b (requests of the session
// in flight together on this replica): the first to store opens a new
// step, the others join it, so every parallel search's answer stays
// true; a search started when none was in flight opens a new step (a
// later search replaces). Writes are serialized per session on a replica;
// across replicas the optimistic version check decides and a conflict
// rereads the session. moved reports that another step was stored under
// a search that has not yet stored (another replica's): the caller
// searches again on the session's state.
func (g *gateway) saveSearch(ctx context.Context, r *gwReq, b *burst, read [][]json.RawMessage, mint func(int) (json.RawMessage, error), budget int) (groups [][]json.RawMessage, moved bool, err error) {
	unlock := lockSession(r.sess.ID)
	defer unlock()
	for attempt := 0; attempt < 32; attempt++ {
		if attempt > 0 || !sameSteps(r.groups, read) {
			if r.sess, err = g.s.store.GatewaySessionByID(ctx, r.sess.ID); err != nil {
				return nil, false, err
			}
			if err := r.load(); err != nil {
				return nil, false, err
			}
		}
		groups = slices.Clone(r.groups)
		step := b.stepOf(len(groups))
		switch {
		case step >= 0 && step == len(groups)-1:
			// a parallel search of this burst stored the step: join it
		case len(groups) == len(read):
			step = len(groups)
			groups = append(groups, nil)
		default:
			return nil, true, nil
		}
		mine, err := mint(step)
		if err != nil {
			return nil, false, err
		}
		if mine != nil {
			groups[step] = append(slices.Clone(groups[step]), mine)
		} else if len(groups[step]) == 0 {
			groups = groups[:step] // no hits: no step
		}
		saved, err := json.Marshal(groups)
		if err != nil {
			return nil, false, err
		}
		err = g.s.store.SaveGatewayReceipts(ctx, r.sess.ID, r.sess.Version, string(saved), budget)
		if err == nil {
			r.sess.Receipts, r.sess.Version, r.groups = string(saved), r.sess.Version+1, groups
			if len(groups) > step {
				b.stored(step)
			}
			return groups, false, nil
		}
		if !errors.Is(err, models.ErrConflict) {
			return nil, false, err
		}
	}
	return nil, false, models.ErrConflict
}

// sameSteps reports whether two sessions' receipts are the same.
func sameSteps(a, b [][]json.RawMessage) bool {
	return slices.EqualFunc(a, b, func(x, y []json.RawMessage) bool {
		return slices.EqualFunc(x, y, func(p, q json.RawMessage) bool { return bytes.Equal(p, q) })
	})
}

// searchAnswer is a stored search's answer: the hits the session's step
// now activates, said to be loaded (a hit the step could not activate —
// parallel searches of the step filled its ceilings — is said not to
// be), with the step's activated section; and
// notifications/tools/list_changed.
func (g *gateway) searchAnswer(ctx context.Context, r *gwReq, req *mcp.CallToolRequest, st *gwStep, hits []catalog.Hit, groups [][]json.RawMessage) (*mcp.CallToolResult, error) {
	var text strings.Builder
	if len(hits) == 0 {
		text.WriteString("Nothing fits: no tool carries enough of the query's words to be loaded for it. Try other words, or go on without a tool.\n")
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text.String()}}}, nil
	}
	act, err := deferred.Reconstruct(st.key, r.sess.Run, st.surface, groups, g.s.runCeilings())
	if err != nil {
		return nil, err
	}
	active := act.Active()
	var left []string
	for _, h := range hits {
		if slices.Contains(active, h.ID) {
			fmt.Fprintf(&text, "%s: %s\n", h.ID, h.Description)
		} else {
			left = append(left, h.ID)
		}
	}
	if len(left) < len(hits) {
		text.WriteString("These tools are loaded now; call them by their exact names. (A later search replaces them.)\n")
	}
	if len(left) > 0 {
		fmt.Fprintf(&text, "Not loaded: %s (the searches made in parallel with this one already fill this step's active tools).\n", strings.Join(left, ", "))
	}
	// the next instruction's activated section, as the result's second
	// part: an MCP host keeps initialize's instructions, so the model
	// reads what the step teaches here
	sec, err := st.activatedSection(act)
	if err != nil {
		return nil, err
	}
	if sec != "" {
		text.WriteString("\n" + sec)
	}
	_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: listChangedToken})
	// the session was told its list changed: the next call does not tell
	// it again (a failure here costs one more notification)
	next := *st
	next.act, next.groups = act, groups
	if _, ls, err := g.listed(ctx, &next, false); err == nil {
		_ = g.recordListed(ctx, r, ls, false)
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text.String()}}}, nil
}

// searchUnavailable is the answer of search_tools when it cannot search:
// the profile lists its tools without search, or no tool of the agent
// can be reached now — naming the agent's services that are not
// connected to it (the usual cause) and the fix. (Never "no tool named
// search_tools… call search_tools".)
func searchUnavailable(st *gwStep) *mcp.CallToolResult {
	if !st.deferred() {
		return gwError(authority.TypeUnavailable, fmt.Sprintf("%s is not offered here: this profile lists its tools in tools/list, without search; call the tools it lists.", instruction.SearchToolID), authority.ActChooseAlternative, authority.ActStop)
	}
	var off []string
	d := st.base.Draft
	for _, e := range d.Declared {
		if ns := e.Namespace(); ns != "" && d.Selected[e.ID()] && !d.Connected[ns] && !slices.Contains(off, ns) {
			off = append(off, ns)
		}
	}
	msg := fmt.Sprintf("%s has nothing to search: no tool of agent %s can be reached now.", instruction.SearchToolID, st.base.Agent)
	if len(off) > 0 {
		msg += fmt.Sprintf(" Its service %s is not connected to the agent: an admin connects it on the Agents page (Connected services) and syncs its MCP connection.", strings.Join(off, ", "))
	} else {
		msg += " An admin approves its tools in review, grants them, or connects the MCP server that serves them."
	}
	return gwError(typeUnavailableEnv, msg, authority.ActStop)
}
