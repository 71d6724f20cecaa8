package fidelity

import "strings"

// A snake_case name stands in a tool's role, besides being called or
// pointed at, when the text prefers it ("export_receipt_pdf should be
// preferred", "bulk_merge_leads is the better choice"), offers it as
// the alternative ("Alternatively, track_by_reference accepts …"),
// contrasts it with the tool itself ("answered by count_stock rather
// than by this tool"), names its output ("the results of
// fetch_telemetry_events"), what it provides ("the ids returned by
// list_orders"), or orders a call around it ("Use after web_search_exa"),
// or says what belongs in it ("Remote URLs belong in firecrawl_scrape").
// A parameter plays none of these roles; the roster's own parameter names
// and values are no tool anyway (Scope.words).

// preferenceHeads end a predicate that recommends its subject.
var preferenceHeads = set("preferred", "preferable", "better", "recommended", "best", "right", "ideal", "suited",
	"faster", "cheaper")

// alternativeOpeners open a sentence or clause that offers another way.
var alternativeOpeners = set("alternatively", "instead", "otherwise")

// outputNouns are what a tool gives back.
var outputNouns = set("output", "outputs", "result", "results", "response", "responses")

// providedBy are participles of what a tool gives or does for the agent
// ("returned by", "answered by"; not "sorted by", which names a key).
var providedBy = set("returned", "produced", "answered", "handled", "served", "covered", "provided", "generated",
	"given", "done")

// orderingVerbs call a tool before or after another ("Use after X").
var orderingVerbs = set("use", "call", "run", "invoke")

// toolRole reports whether the identifier-shaped word i stands in a
// tool's role (see above).
func toolRole(ts []token, i int) bool {
	if i+1 < len(ts) && !ts[i+1].sentence && notTools[ts[i+1].lower] {
		return false // "track_by_reference field"
	}
	if preferred(ts, i) || contrastedWithItself(ts, i) || namedAsTheWay(ts, i) {
		return true
	}
	if i == 0 || ts[i].sentence {
		return false
	}
	p := ts[i-1].lower
	switch {
	case alternativeOpeners[p] && ts[i-1].sentence:
		return true
	case p == "of" && i >= 2 && outputNouns[ts[i-2].lower]:
		return true
	case p == "by" && i >= 2 && providedBy[ts[i-2].lower] && !(i >= 3 && ts[i-3].lower == "as"):
		// not a value's provenance in a parameter's description ("the
		// node ID, as returned by 'list_items'")
		return true
	case (p == "after" || p == "before") && i >= 2 && (orderingVerbs[ts[i-2].lower] || orderedCall(ts, i-1) && !subjectAt(ts, i)):
		return true
	case (p == "in" || p == "to") && i >= 2 && (ts[i-2].lower == "belong" || ts[i-2].lower == "belongs"):
		return true
	case p == "of" && i >= 3 && ts[i-2].lower == "way" && ts[i-3].lower == "by":
		return true // "by way of add_song_to_queue"
	case ts[i].clause && i >= 2 && siblingNouns[ts[i-1].lower]:
		return true // "Its sibling, archive_case, is how …"
	case ts[i].clause && i >= 2 && siblingNouns[p]:
		return true
	}
	return false
}

// preferred: the words after i recommend it ("should be preferred", "is
// the better choice", "works better").
func preferred(ts []token, i int) bool {
	j := i + 1
	step := func(words map[string]bool) {
		if j < len(ts) && !ts[j].sentence && words[ts[j].lower] {
			j++
		}
	}
	step(preferVerbs)
	step(preferBe)
	step(preferDeterminers)
	return j < len(ts) && j > i+1 && !ts[j].sentence && preferenceHeads[ts[j].lower]
}

// The words that may stand between a name and its recommendation.
var (
	preferVerbs       = set("is", "are", "should", "would", "may", "might", "will", "can", "could", "works", "work", "fits")
	preferBe          = set("be", "been")
	preferDeterminers = set("the", "a", "an", "much", "far", "usually", "often", "generally")
)

// contrastedWithItself: the sentence of word i sets it against the tool
// itself ("rather than by this tool", "instead of this one").
func contrastedWithItself(ts []token, i int) bool {
	s := i
	for s > 0 && s > i-reach && !ts[s].sentence {
		s--
	}
	for k := s; k+1 < len(ts) && k < i+reach && (k == s || !ts[k].sentence); k++ {
		w := ts[k].lower
		if w != "than" && !(w == "of" && k > 0 && ts[k-1].lower == "instead") {
			continue
		}
		n := k + 1
		if n < len(ts) && ts[n].lower == "by" || n < len(ts) && ts[n].lower == "with" || n < len(ts) && ts[n].lower == "using" {
			n++
		}
		if n+1 < len(ts) && ts[n].lower == "this" && (toolNouns[ts[n+1].lower] || ts[n+1].lower == "one") {
			return true
		}
	}
	return false
}

// siblingNouns name another tool beside the one described.
var siblingNouns = set("sibling", "counterpart", "companion", "alternative")

// namedAsTheWay: the words after i say it is the way to do something
// ("erase_phone is what the agent calls", "archive_case is how a case
// gets archived", "list_orders is the one to pick").
func namedAsTheWay(ts []token, i int) bool {
	j := i + 1
	if j < len(ts) && ts[j].clause {
		// an appositive closes first: "close_ticket, is how …"
	}
	if j >= len(ts) || ts[j].sentence || ts[j].lower != "is" {
		return false
	}
	j++
	if j >= len(ts) || ts[j].sentence {
		return false
	}
	switch ts[j].lower {
	case "what", "how":
		return true
	case "the":
		return j+1 < len(ts) && !ts[j+1].sentence && (ts[j+1].lower == "one" || ts[j+1].lower == "way" || toolNouns[ts[j+1].lower])
	}
	return false
}

// orderedCall: the clause of the word at b ("before", "after") opens with
// a call verb ("Use this before x_y", "Call this first on long mailboxes
// before x_y", "Then call it again after x_y"): a call ordered around a
// tool.
func orderedCall(ts []token, b int) bool {
	for j := b - 1; j >= 0 && j >= b-10; j-- {
		if orderingVerbs[ts[j].lower] && (j == 0 || ts[j].sentence || ts[j].clause || sequencers[ts[j-1].lower] && (j == 1 || ts[j-1].sentence || ts[j-1].clause)) {
			return true
		}
		if ts[j].sentence || ts[j].clause {
			return false
		}
	}
	return false
}

// subjectAt: the word at i is the subject of the verb after it ("after
// next_cursor changes", "before sort_order is applied"): a value, not a
// tool called.
func subjectAt(ts []token, i int) bool {
	if i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return false
	}
	n := ts[i+1].lower
	return finiteVerbs[n] || auxiliaries[n] || strings.HasSuffix(n, "ed") && isVerb(n) ||
		strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") && isVerb(strings.TrimSuffix(n, "s"))
}
