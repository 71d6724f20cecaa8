package views

import "strings"

// runWords are the words a run page uses for its kind of run: the
// runtime API's (receipts the runtime presents, steps it composes,
// surfaces) or, for an MCP client's run through the gateway, what such a
// run has: tools listed, searches and calls, the gateway keeping the
// session's searches itself.
type runWords struct {
	gateway                              bool
	step, stepTitle                      string
	receipts, receiptsTitle              string
	surface, surfaceTitle, ids, idsTitle string
	newSurface                           string
}

// runWordsFor is the runtime API's words, or the gateway's.
func runWordsFor(gateway bool) runWords {
	if gateway {
		return runWords{gateway: true,
			step: "Searches before", stepTitle: "searches the session had made before this request: a call may use the tools they activated",
			receipts: "Searches used", receiptsTitle: "the session's search whose tools the call could use: a later search replaces an earlier one, and one made before the tool set changed no longer applies (why)",
			surface: "Tool set", surfaceTitle: "a fingerprint of the tools the subject may be shown, with their reviewed contracts: it changes when a grant, a profile, a tool's contract or the agent's declaration does",
			ids: "Activation", idsTitle: "the id of the activation the gateway keeps for a search, or carries to a new tool set; the client never sees it",
			newSurface: "new tool set"}
	}
	return runWords{
		step: "Step", stepTitle: "the step of the run the request belongs to",
		receipts: "Receipts", receiptsTitle: "search receipts the request carried: a valid one activates the tools its search returned; a rejected one activates nothing (why)",
		surface: "Surface", surfaceTitle: "a fingerprint of the tools the subject may be shown, with their reviewed contracts",
		ids: "Receipt ids", idsTitle: "the receipts a search minted, or a step or call carried",
		newSurface: "new surface"}
}

// found says what a search found, or that it was refused and why (a
// refused search found nothing: its row says so rather than "0 found of
// 0"), with the query's size either way.
func (w runWords) found(r RunEventRow) string {
	if strings.HasPrefix(r.Verdict, "refused") {
		out := r.Verdict
		if r.RejectedWhy != "" {
			out += " (" + r.RejectedWhy + ")"
		}
		return out + " · query " + Num(r.QueryBytes) + " B"
	}
	if w.gateway {
		return Plural(r.Hits, "tool found", "tools found") + " of " + Num(r.Reachable) + " the subject may be shown · query " + Num(r.QueryBytes) + " B"
	}
	return Plural(r.Hits, "hit", "hits") + " of " + Num(r.Reachable) + " reachable · query " + Num(r.QueryBytes) + " B"
}

// carried says what a carried activation re-issued.
func (w runWords) carried(r RunEventRow) string {
	set := "surface"
	if w.gateway {
		set = "tool set"
	}
	return Plural(r.Hits, "activated tool", "activated tools") + " carried to the new " + set + " without a search (no search budget spent)"
}

// active says how many tools a call found activated.
func (w runWords) active(r RunEventRow) string {
	if w.gateway {
		return Plural(r.Active, "tool activated", "tools activated")
	}
	return Plural(r.Active, "tool active", "tools active")
}

// quiet reports whether a gateway call's row says nothing of searches
// and activated tools: its run does not search (the profile is not
// deferred, or search reaches no tool), so there is none to count.
func (w runWords) quiet(r RunEventRow) bool {
	return w.gateway && r.Kind == "call" && r.Reachable == 0 && r.Accepted == 0 && r.Rejected == 0
}

// held says how many receipts (searches) a step or call held valid.
func (w runWords) held(r RunEventRow) string {
	switch {
	case w.gateway && r.Accepted == 0:
		return "no search used"
	case w.gateway:
		return Plural(r.Accepted, "search used", "searches used")
	case r.Accepted == 0:
		return "none valid"
	}
	return Num(r.Accepted) + " valid"
}

// dropped says how many it held that activate nothing.
func (w runWords) dropped(r RunEventRow) string {
	if w.gateway {
		return Plural(r.Rejected, "earlier search no longer applies", "earlier searches no longer apply")
	}
	return Num(r.Rejected) + " rejected"
}

// runSummary says whose run it is, how many requests the page shows and
// over how many surfaces (tool sets), and why there are token counts or
// none.
func runSummary(d RunData) string {
	who := "Agent " + d.Agent
	if d.Profile != "" {
		who += ", profile " + d.Profile
	}
	shown := Plural(len(d.Rows), "request", "requests")
	if d.Latest > 0 {
		shown = "Its latest " + shown
	}
	if d.Gateway {
		return who + ". " + shown + " over " + Plural(d.Surfaces, "tool set", "tool sets") + ": " + gatewayKinds(d.Rows) +
			". An MCP client's run composes no steps (its instruction is its session's), so there are no token counts."
	}
	out := who + ". " + shown + " over " + Plural(d.Surfaces, "surface", "surfaces") + "."
	if hasSteps(d.Rows) {
		out += " Tokens are split into the cached prefix (byte-identical across the run's steps) and what each step adds."
	} else {
		out += " No step was composed through the runtime API, so there are no token counts (a gateway run's instruction is its session's)."
	}
	return out
}

// hasSteps reports whether any row is a step: only steps have tokens and
// bytes, so a run without one shows no such columns.
func hasSteps(rows []RunEventRow) bool {
	for _, r := range rows {
		if r.Kind == "step" {
			return true
		}
	}
	return false
}

// times says how often: once, twice, N times.
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return Num(n) + " times"
}

// surfaceChanges counts the rows whose surface is not the previous row's.
func surfaceChanges(rows []RunEventRow) int {
	n := 0
	for _, r := range rows {
		if r.SurfaceChanged {
			n++
		}
	}
	return n
}

// receiptIDs spaces a comma-joined list of receipt ids so it wraps.
func receiptIDs(ids string) string {
	return strings.ReplaceAll(ids, ",", ", ")
}

// gatewayKinds counts a gateway run's rows by kind: searches, tool calls
// and carried activations, those it has.
func gatewayKinds(rows []RunEventRow) string {
	n := map[string]int{}
	for _, r := range rows {
		n[r.Kind]++
	}
	var parts []string
	for _, k := range []struct{ kind, one, many string }{{"search", "search", "searches"}, {"call", "tool call", "tool calls"}, {RunKindCarried, "carried activation", "carried activations"}} {
		if n[k.kind] > 0 {
			parts = append(parts, Plural(n[k.kind], k.one, k.many))
		}
	}
	return strings.Join(parts, ", ")
}
