package toolpick

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agnivade/levenshtein"
)

// Kind is what is wrong with one typed id.
type Kind int

const (
	// Unknown is an id that names nothing the list may hold.
	Unknown Kind = iota
	// Duplicate is an id listed more than once (reported once, at its
	// second mention).
	Duplicate
	// Pattern is a pattern ("memory.*"), which a list of ids does not
	// take (IsPattern).
	Pattern
)

// Problem is one thing wrong with a typed list of ids.
type Problem struct {
	ID   string
	Kind Kind
	// Suggestion is the closest known id ("" when none is close).
	Suggestion string
	// Noun names what the id should have been ("tool id", "pin").
	Noun string
	// Says is a Pattern's whole message (PatternMessage).
	Says string
}

// String is the problem as a person reads it.
func (p Problem) String() string {
	switch p.Kind {
	case Duplicate:
		return fmt.Sprintf("%s is listed twice", p.ID)
	case Pattern:
		return p.Says
	}
	noun := p.Noun
	if noun == "" {
		noun = "tool id"
	}
	msg := fmt.Sprintf("unknown %s %q", noun, p.ID)
	if p.Suggestion != "" {
		msg += fmt.Sprintf(": did you mean %s?", p.Suggestion)
	}
	return msg
}

// MaxSuggestions bounds how many unknown ids of one list get a "did you
// mean": each costs an edit distance against every known id, so a list of
// thousands of unknown ids must not cost millions of comparisons.
const MaxSuggestions = 20

// maxTypedForSuggestion is the longest typed id compared at all: no tool
// id is a likely typo of something longer.
const maxTypedForSuggestion = 200

// Check reports every unknown and duplicate id of ids, in typed order;
// known is the set the list may name. noun names an id in messages
// ("tool id" when empty).
func Check(ids []string, known map[string]bool, noun string) []Problem {
	var out []Problem
	seen := make(map[string]bool, len(ids))
	var sorted []string
	suggested := 0
	for _, id := range ids {
		if seen[id] {
			out = append(out, Problem{ID: id, Kind: Duplicate, Noun: noun})
			continue
		}
		seen[id] = true
		if known[id] {
			continue
		}
		if IsPattern(id) {
			n := noun
			if n == "" {
				n = "tool id"
			}
			out = append(out, Problem{ID: id, Kind: Pattern, Noun: noun, Says: PatternMessage(id, n, known)})
			continue
		}
		p := Problem{ID: id, Kind: Unknown, Noun: noun}
		if suggested < MaxSuggestions {
			if sorted == nil {
				sorted = sortedKeys(known)
			}
			p.Suggestion = suggest(id, sorted)
			suggested++
		}
		out = append(out, p)
	}
	return out
}

// Suggest is the known id closest to id, or "" when none is close enough
// to be a likely typo.
func Suggest(id string, known map[string]bool) string {
	return suggest(id, sortedKeys(known))
}

// Join is the problems as one field message: all of them, "; " apart.
func Join(ps []Problem) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = p.String()
	}
	return strings.Join(parts, "; ")
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k, ok := range m {
		if ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// suggest picks, over ids in sorted order (so ties go to the first by
// name), the id at the smallest edit distance from typed, case ignored,
// if it is within limit(typed). A typed id without its service (
// "search_issues") suggests the one known id ending in "."+typed.
func suggest(typed string, ids []string) string {
	if typed == "" {
		return ""
	}
	if len(typed) > maxTypedForSuggestion {
		return ""
	}
	lower := strings.ToLower(typed)
	lim := limit(typed)
	best, bestD := "", lim+1
	n := len([]rune(lower))
	var suffixed []string
	for _, id := range ids {
		if strings.HasSuffix(strings.ToLower(id), "."+lower) {
			suffixed = append(suffixed, id)
		}
		// lengths further apart than the limit cannot be within it
		if m := len([]rune(id)); m-n > lim || n-m > lim {
			continue
		}
		if d := levenshtein.ComputeDistance(lower, strings.ToLower(id)); d < bestD {
			best, bestD = id, d
		}
	}
	if best == "" && len(suffixed) == 1 {
		return suffixed[0]
	}
	if best == "" {
		// a short name's one swapped pair ("gti") is two edits apart
		for _, id := range ids {
			if swappedPair(lower, strings.ToLower(id)) {
				return id
			}
		}
	}
	return best
}

// swappedPair reports whether b is a with one pair of neighbouring letters
// swapped.
func swappedPair(a, b string) bool {
	x, y := []rune(a), []rune(b)
	if len(x) != len(y) {
		return false
	}
	i := 0
	for i < len(x) && x[i] == y[i] {
		i++
	}
	if i+1 >= len(x) || x[i] != y[i+1] || x[i+1] != y[i] {
		return false
	}
	return string(x[i+2:]) == string(y[i+2:])
}

// limit is the largest edit distance still taken for a typo: a third of
// the typed length, at least 2 (one swapped pair of letters) and at most
// 4; 1 for ids shorter than 4.
func limit(typed string) int {
	n := len([]rune(typed))
	if n < 4 {
		return 1
	}
	return min(max(n/3, 2), 4)
}
