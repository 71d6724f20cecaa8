package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// "and" before a word the lexicon knows only as a noun joins two things
// of one request ("the temperature and humidity"); before a verb, or a
// word it does not know, it opens a request of its own.
func TestAndBeforeANounJoinsThings(t *testing.T) {
	for q, want := range map[string]string{
		"find the salary and currency of the offer":           "find salari currenc offer |",
		"find the latitude and longitude of the harbour":      "find latitud | longitud harbour |", // unknown: may be a verb
		"show the temperature and humidity of the greenhouse": "show temperatur humid greenhous |",
		"get the weather and email it to me":                  "get weather | email |",
		"list the open issues and close the stale ones":       "list open issu | close stale one |",
	} {
		var b strings.Builder
		clause := 0
		for _, q := range parseTask(q) {
			if q.implied || q.marker {
				continue
			}
			if q.clause != clause {
				b.WriteString("| ")
				clause = q.clause
			}
			fmt.Fprintf(&b, "%s ", q.stem)
		}
		if got := b.String() + "|"; got != want {
			t.Errorf("%q: clauses %q, want %q", q, got, want)
		}
	}
}
