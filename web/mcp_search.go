package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
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
		if err := g.refusedSearch(ctx, r); err != nil {
			return nil, err
		}
		return errorResult(&authority.Error{Type: authority.TypeInvalidArguments, Message: fmt.Sprintf("The arguments of %s do not match its schema.", instruction.SearchToolID),
			NextActions: []string{"fix the arguments and call again"}, Problems: ps}), nil
	}
	var in struct {
		Query string `json:"query"`
		Limit int    `json:"limit"`
	}
	_ = json.Unmarshal(raw, &in)
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
			if err := g.refusedSearch(ctx, r); err != nil {
				return nil, err
			}
			return errorResult(&authority.Error{Type: authority.TypeInvalidArguments, Message: ie.Message, NextActions: []string{"fix the arguments and call again"},
				Problems: []args.Problem{{Pointer: "/" + ie.Field, Message: ie.Message}}}), nil
		}
		if err != nil {
			return nil, err
		}
		step := len(st.groups)
		ev := models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion, Step: step,
			Surface: st.surface.Key(), QueryBytes: len(in.Query), Hits: len(hits), Reachable: st.surface.Reachable()}
		names := make([]string, len(hits))
		var text strings.Builder
		for i, h := range hits {
			names[i] = h.ID
			fmt.Fprintf(&text, "%s: %s\n", h.ID, h.Description)
		}
		if len(hits) == 0 {
			text.WriteString("No tool matches. Try other words, or go on without a tool.\n")
		} else {
			text.WriteString("These tools are loaded now; call them by their exact names.\n")
		}
		groups := st.groups
		if len(names) > 0 {
			rc := deferred.Mint(st.key, deferred.KindSearch, r.sess.Run, st.surface.Key(), step, names)
			ev.Receipts = rc.ID()
			b, err := json.Marshal(rc)
			if err != nil {
				return nil, err
			}
			groups = append(groups, []json.RawMessage{b})
		}
		saved, err := json.Marshal(groups)
		if err != nil {
			return nil, err
		}
		err = g.s.store.SaveGatewayReceipts(ctx, r.sess.ID, r.sess.Version, string(saved), st.base.SearchBudget)
		if errors.Is(err, models.ErrConflict) && attempt < 3 {
			// another request of the session moved it: search again on its state
			if r.sess, err = g.s.store.GatewaySessionByID(ctx, r.sess.ID); err != nil {
				return nil, err
			}
			if err := r.load(); err != nil {
				return nil, err
			}
			r.st = nil
			continue
		}
		if errors.Is(err, models.ErrBudget) {
			return gwError(typeBudgetExhausted, fmt.Sprintf("This conversation has used its %d searches.", st.base.SearchBudget), "go on with the tools already loaded", "stop"), nil
		}
		if err != nil {
			return nil, err
		}
		r.sess.Receipts, r.sess.Version, r.groups = string(saved), r.sess.Version+1, groups
		if err := g.evidence.add(ctx, ev); err != nil {
			return nil, err
		}
		if len(names) > 0 {
			// the next instruction's activated section, as the result's
			// second part: an MCP host keeps initialize's instructions, so
			// the model reads what the step teaches here
			act, err := deferred.Reconstruct(st.key, r.sess.Run, st.surface, groups, g.s.runCeilings())
			if err != nil {
				return nil, err
			}
			sec, err := st.activatedSection(act)
			if err != nil {
				return nil, err
			}
			if sec != "" {
				text.WriteString("\n" + sec)
			}
			_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: listChangedToken})
			// the session was told its list changed: the next call does not
			// tell it again (a failure here costs one more notification)
			next := *st
			next.act = act
			if _, ls, err := g.listed(ctx, &next, false); err == nil {
				_ = g.recordListed(ctx, r, ls, false)
			}
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text.String()}}}, nil
	}
}

// searchUnavailable is the answer of search_tools when it cannot search:
// the profile lists its tools without search, or no tool of the agent
// can be reached now — naming the agent's services that are not
// connected to it (the usual cause) and the fix. (Never "no tool named
// search_tools… call search_tools".)
func searchUnavailable(st *gwStep) *mcp.CallToolResult {
	if !st.deferred() {
		return gwError(authority.TypeUnavailable, fmt.Sprintf("%s is not offered here: this profile lists its tools in tools/list, without search.", instruction.SearchToolID), "call the tools tools/list lists", "stop")
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
	return gwError(typeUnavailableEnv, msg, "stop")
}

// refusedSearch records a search_tools call refused for its arguments,
// as a refused tool call is recorded: a search row with no hits whose
// verdict says why (the query's text is never stored).
func (g *gateway) refusedSearch(ctx context.Context, r *gwReq) error {
	st, err := g.step(ctx, r)
	if err != nil {
		return err
	}
	return g.evidence.add(ctx, models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion,
		Step: len(st.groups), Surface: st.surface.Key(), Tool: instruction.SearchToolID, Verdict: deferred.CallDenied + ":" + authority.TypeInvalidArguments})
}
