package catalog

import (
	"slices"
	"strings"
)

// Fit judges whether a search's top hit fits a task, whichever ranking
// chose it: a search may answer "nothing fits", and a no-tool task's top
// hit that fits is a false positive. A hit fits when the task's words it
// carries weigh at least Threshold. Fit is read-only once built and safe
// for concurrent use.
type Fit struct {
	doc map[string]int32
	// has is, per term, the tools whose text has it, in roster order
	has map[string][]int32
	n   int
}

// NewFit reads a roster's tools' own words: each tool's name (without
// its namespace) and namespace, title and reviewed search hints, purpose
// and signals, and its parameters' names and descriptions, nested ones
// too. Code-only helpers are left out: search never returns them.
func NewFit(roster []Contract) *Fit {
	f := &Fit{doc: map[string]int32{}, has: map[string][]int32{}}
	memo := map[string]string{}
	for _, c := range roster {
		if c.CodeOnly {
			continue
		}
		d := int32(f.n)
		f.n++
		f.doc[c.ID] = d
		seen := map[string]bool{}
		add := func(text string) {
			for _, t := range fitTerms(text, memo) {
				if !seen[t] {
					seen[t] = true
					f.has[t] = append(f.has[t], d)
				}
			}
		}
		ns, name, ok := strings.Cut(c.ID, ".")
		if !ok {
			ns, name = "", c.ID
		}
		add(name)
		add(ns)
		add(c.Title + " " + strings.Join(c.SearchHints, " "))
		add(c.Purpose + " " + strings.Join(c.Signals, " "))
		walkFitParams(c.Params, func(p Param) {
			add(p.Name)
			add(p.Description)
		})
	}
	return f
}

func walkFitParams(ps []Param, visit func(Param)) {
	for _, p := range ps {
		visit(p)
		if p.Items != nil {
			walkFitParams([]Param{*p.Items}, visit)
		}
		walkFitParams(p.Properties, visit)
	}
}

// Len is the number of tools the fit reads.
func (f *Fit) Len() int { return f.n }

// Matched is the word weight a task shares with tool id's own text; 0
// for a tool the fit does not have. Each distinct task word the tool
// carries counts its idf; a word it does not carry counts its best
// relative the tool carries, as the search relates words (concepts: the
// thesaurus and lexicon relatives a query word also searches for), at
// the search's discount (expansionWeight times the relative's weight).
// So a hit the search found through a relation is judged by it too.
func (f *Fit) Matched(task, id string) float64 {
	d, ok := f.doc[id]
	if !ok {
		return 0
	}
	var rels map[string][]lexRel
	m := 0.0
	seen := map[string]bool{}
	for _, t := range fitTerms(task, nil) {
		if seen[t] {
			continue
		}
		seen[t] = true
		if f.carries(t, d) {
			m += f.idf(len(f.has[t]))
			continue
		}
		if rels == nil {
			rels = taskRelatives(task)
		}
		best := 0.0
		for _, r := range rels[t] {
			if f.carries(r.stem, d) {
				best = max(best, expansionWeight*r.w*f.idf(len(f.has[r.stem])))
			}
		}
		m += best
	}
	return m
}

func (f *Fit) carries(t string, d int32) bool {
	_, ok := slices.BinarySearch(f.has[t], d)
	return ok
}

// taskRelatives are, per task word's stem, the relatives the search
// also looks for (concepts); a word the search reads no concept of
// still has its thesaurus relatives. The task is read once (the kept
// reading searches use too): a panel judges its tasks' top hits again on
// every flip.
func taskRelatives(task string) map[string][]lexRel {
	out := map[string][]lexRel{}
	for _, c := range concepts(parseTaskKept(task)) {
		out[c.own] = c.relatives
	}
	for _, t := range fitTerms(task, nil) {
		if _, ok := out[t]; !ok {
			for _, r := range related()[t] {
				out[t] = append(out[t], lexRel{r, 1})
			}
		}
	}
	return out
}

func (f *Fit) idf(df int) float64 { return logIDF(float64(f.n), float64(df)) }

// fitShare is the share of tools a word may be in and still, alone, make
// a hit fit.
const fitShare = 8

// Threshold is the word weight a hit must share with the task to fit: the
// idf of a word one tool in fitShare carries (about 2.1 on any catalog of
// more than a few dozen tools). A no-tool task's best hit above it is a
// false positive.
func (f *Fit) Threshold() float64 {
	n := float64(f.n)
	return logIDF(n, n/fitShare)
}

// fitTerms are the text's words as the search splits them (splitWords:
// at anything that is not a letter or digit and at camelCase humps,
// lower-cased, a script written without spaces in pairs of neighbouring
// characters), stop words and one-byte words dropped, each stemmed
// (Stem), in order, repeats kept.
// memo, when not nil, keeps the stems of words seen.
func fitTerms(s string, memo map[string]string) []string {
	var out []string
	for _, w := range splitWords(s) {
		t, ok := memo[w]
		if !ok {
			if len(w) >= 2 && !StopWord(w) {
				t = Stem(w)
			}
			if memo != nil {
				memo[w] = t
			}
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}
