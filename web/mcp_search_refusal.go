package web

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// maxRefusalWhy bounds the reason a refused search's row keeps (the run
// event's RejectedWhy column).
const maxRefusalWhy = 256

// refusedSearch records a search_tools call refused for its arguments,
// as a refused tool call is recorded: a search row with no hits whose
// verdict says it was refused, with why (the console's words for the
// argument at fault, never the query's text) and the query's size in
// bytes when the arguments hold a query string.
func (g *gateway) refusedSearch(ctx context.Context, r *gwReq, raw []byte, why string) error {
	st, err := g.step(ctx, r)
	if err != nil {
		return err
	}
	return g.evidence.add(ctx, models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion,
		Step: len(st.groups), Surface: st.surface.Key(), Tool: instruction.SearchToolID, Verdict: deferred.CallDenied + ":" + authority.TypeInvalidArguments,
		QueryBytes: queryBytes(raw), RejectedWhy: clip(why, maxRefusalWhy)})
}

// queryBytes is the size of the query string search_tools arguments hold
// (0: none, or not a string).
func queryBytes(raw []byte) int {
	var in struct {
		Query json.RawMessage `json:"query"`
	}
	var q string
	if json.Unmarshal(raw, &in) != nil || json.Unmarshal(in.Query, &q) != nil {
		return 0
	}
	return len(q)
}

// searchFields are the arguments search_tools declares: a problem at one
// of them is named by it; any other pointer (a key the client made up) is
// not kept.
var searchFields = map[string]string{"/query": "query", "/limit": "limit"}

// problemsWhy says why the argument check refused a search: the first
// problem's field and the check's words.
func problemsWhy(ps []args.Problem) string {
	if len(ps) == 0 {
		return ""
	}
	p := ps[0]
	field, ok := searchFields[p.Pointer]
	switch {
	case !ok && p.Pointer == "":
		field = "arguments"
	case !ok:
		field = "an undeclared argument"
	}
	why := field + ": " + strings.TrimSpace(p.Message)
	if len(ps) > 1 {
		why += " (and more)"
	}
	return why
}
