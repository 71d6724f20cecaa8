package eval

import (
	"sync"

	"github.com/agentforge/console/catalog/builtin"
)

// BuiltinShare is how much of the search's answers the built-in tools
// hold, beside how much of the expected answers
// they are. A set whose services have few tools fills a case's k slots
// with built-in tools whatever the ranking, so the share of all k slots
// overstates them; the share of each case's first slots up to its
// number of expected tools counts only places an expected tool could
// take.
type BuiltinShare struct {
	// TopK is their share of the k slots of every case.
	TopK float64 `json:"top_k"`
	// FirstSlots is their share of each case's first slots up to its
	// number of expected tools (at most k).
	FirstSlots float64 `json:"first_slots"`
	// Expected is the share of expected tools that are built-in.
	Expected float64 `json:"expected"`
}

// builtinShareOf measures a report's cases, each with its top k hits.
func builtinShareOf(cases []CaseResult, k int) BuiltinShare {
	var slots, inSlots, first, inFirst, expected, inExpected int
	for _, c := range cases {
		slots += k
		n := min(k, len(c.Expect))
		first += n
		for i, id := range c.Hits {
			if i == k {
				break
			}
			if isBuiltin(id) {
				inSlots++
				if i < n {
					inFirst++
				}
			}
		}
		for _, e := range c.Expect {
			expected++
			if isBuiltin(Alternatives(e)[0]) {
				inExpected++
			}
		}
	}
	return BuiltinShare{TopK: ratio(inSlots, slots), FirstSlots: ratio(inFirst, first), Expected: ratio(inExpected, expected)}
}

// builtinIDs are the built-in tools' ids.
var builtinIDs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, id := range builtin.IDs() {
		m[id] = true
	}
	return m
})

// isBuiltin reports whether a tool id is a built-in tool's.
func isBuiltin(id string) bool { return builtinIDs()[id] }
