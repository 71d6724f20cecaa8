package fidelity

import "strings"

// compared reports whether the name at i is named only as a comparison
// with the tool that describes it, or as the one not to use: "similar to
// x_y", "the counterpart to x_y", "prefer this over (raw) x_y", "instead
// of x_y", "rather than x_y", "unlike x_y", "as opposed to x_y",
// "different from x_y", "faster than x_y", "more efficient than repeated
// x_y calls". Such a
// name asks for no call (the leak check's rule: a text leaks what it
// teaches the agent to do, and a comparison teaches nothing to do).
func compared(ts []token, i int) bool {
	k := i - 1
	// a modifier or two of the compared tool ("over raw notion_search")
	for n := 0; n < 2 && k >= 0 && !ts[k+1].sentence && comparedModifiers[ts[k].lower]; n++ {
		k--
	}
	if k < 0 || ts[k+1].sentence {
		return false
	}
	w := ts[k].lower
	prev := ""
	if k > 0 && !ts[k].sentence {
		prev = ts[k-1].lower
	}
	switch w {
	case "unlike":
		return true
	case "to":
		return comparedTo[prev] || prev == "opposed" && k > 1 && ts[k-2].lower == "as"
	case "of":
		return prev == "instead" || prev == "counterpart" || prev == "equivalent"
	case "from":
		return differentFrom[prev] // "Different from search_x, which …"
	case "than":
		// "rather than x_y"; a comparative: "faster than x_y", "more
		// efficient than repeated x_y calls"
		return prev == "rather" || len(prev) > 4 && strings.HasSuffix(prev, "er") || k > 1 && (ts[k-2].lower == "more" || ts[k-2].lower == "less")
	case "over":
		// "prefer this over x_y", "preferred over x_y"
		for j := k - 1; j >= 0 && j >= k-3 && !ts[j+1].sentence; j-- {
			if lemma(ts[j].lower) == "prefer" {
				return true
			}
		}
	}
	return false
}

// comparedTo are the words that set one thing against another with "to"
// ("similar to", "the counterpart to", "an alternative to").
var comparedTo = set("similar", "counterpart", "analogous", "comparable", "equivalent", "alternative", "identical", "akin", "contrast", "compared")

// differentFrom set one thing apart from another with "from" ("Different
// from x_y", "distinct from x_y", "differs from x_y").
var differentFrom = set("different", "distinct", "differs", "differ", "separate", "apart")

// comparedModifiers may stand between a comparison word and the tool it
// names ("over raw notion_search", "to the older x_y").
var comparedModifiers = set("the", "a", "an", "raw", "plain", "older", "old", "legacy", "generic", "regular", "basic", "low-level", "lower-level",
	"repeated", "multiple", "individual", "separate", "several", "many")

// inComparedChain reports whether the name at i is one of a chain of
// calls a tool says it replaces, or a later link of a chain named only as
// a comparison: "Stands in for the hand-made chain of locate → nearby-search →
// venue-info", "replacing fetch_route -> fetch_stops", "instead of
// search-places → place-details". The chain's head is found back across
// the arrows; what stands before it decides.
func inComparedChain(text string, ts []token, i int) bool {
	j := i
	for j > 0 && arrowBetween(text, ts[j-1].end, ts[j].start) {
		j--
	}
	return replacedAt(ts, j) || j != i && compared(ts, j)
}

// arrowBetween reports whether text[from:to] is an arrow and nothing else
// but spaces and quotes.
func arrowBetween(text string, from, to int) bool {
	if from >= to {
		return false
	}
	gap := strings.Trim(text[from:to], " \t`'\"")
	switch gap {
	case "→", "->", "=>", "⇒", "➜", "➔", "➡", "⟶":
		return true
	}
	return false
}

// replacedAt reports whether the word at j is what a tool says it
// replaces, a few words on in the same clause ("Replaces the manual chain
// of x_y", "supersedes calls to x_y").
func replacedAt(ts []token, j int) bool {
	for k := j - 1; k >= 0 && k >= j-6; k-- {
		if replacingWords[ts[k].lower] {
			return true
		}
		if ts[k].sentence || ts[k].clause {
			return false
		}
	}
	return false
}

// replacingWords say that a tool does in one call what it names after
// them.
var replacingWords = set("replaces", "replace", "replacing", "supersedes", "supersede", "superseding")
