package catalog

import (
	"strings"

	"github.com/kljensen/snowball/english"
)

// Stem is a word's search stem: lower-cased, British "-yse" spelling
// folded, nominalisations read as their verbs, then Snowball (Porter2).
// It is the form the WordNet lexicon's words are kept in, so a ranking
// outside this package can look its terms up with Relatives.
func Stem(w string) string { return stemWord(americanSpelling(strings.ToLower(w)), false) }

// StopWord reports whether a lower-cased word carries no capability: an
// English stop word or a conversational filler ("please", "want").
func StopWord(w string) bool { return english.IsStopWord(w) || extraStopWords[w] }

// Relative is a word the lexicon relates to a stem (a synonym of a
// frequent sense, a direct hypernym, a derivation) and how closely, in
// (0, 1].
type Relative struct {
	Stem   string
	Weight float64
}

// Relatives are a stem's relatives in the WordNet lexicon, read as a
// verb and as a noun (a relative of both readings keeps its closer
// weight), in no particular order; nothing when the lexicon does not know
// the stem or is turned off.
func Relatives(stem string) []Relative {
	l := theLexicon()
	seen := map[string]int{}
	var out []Relative
	add := func(rs lexRels, ok bool) {
		if !ok {
			return
		}
		for r := range rs.all() {
			if r.stem == stem {
				continue
			}
			if i, dup := seen[r.stem]; dup {
				out[i].Weight = max(out[i].Weight, r.w)
				continue
			}
			seen[r.stem] = len(out)
			out = append(out, Relative{r.stem, r.w})
		}
	}
	add(l.verb(stem))
	add(l.noun(stem))
	return out
}
