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
	// ns is each tool's namespace, services the services each term
	// names (serviceWords)
	ns       []string
	services map[string][]string
}

// NewFit reads a roster's tools' own words (fitWords). Code-only helpers
// are left out: search never returns them.
func NewFit(roster []Contract) *Fit {
	memo, st := map[string]string{}, stemmer{}
	f := newFit(len(roster))
	var docs []searchDoc
	for _, c := range roster {
		if !c.CodeOnly {
			f.add(c.ID, fitWords(c, memo))
			docs = append(docs, makeSearchDoc(c, st))
		}
	}
	f.setServices(docs)
	return f
}

// setServices sets the words that name the fit's services, read as an
// index of the same tools reads them (serviceWords).
func (f *Fit) setServices(docs []searchDoc) {
	f.services = serviceWords(func(yield func(*searchDoc) bool) {
		for i := range docs {
			if !yield(&docs[i]) {
				return
			}
		}
	})
}

// FitEntries is NewFit over catalog entries, which keep their words once
// read: a fit per roster of an evaluation's levers costs no tokenizing.
func FitEntries(roster []*Entry) *Fit {
	f := newFit(len(roster))
	var docs []searchDoc
	for _, e := range roster {
		if !e.contract.CodeOnly {
			e.fitOnce.Do(func() { e.fitWords = fitWords(e.contract, nil) })
			f.add(e.contract.ID, e.fitWords)
			docs = append(docs, e.searchDoc())
		}
	}
	f.setServices(docs)
	return f
}

func newFit(n int) *Fit {
	return &Fit{doc: make(map[string]int32, n), has: map[string][]int32{}}
}

// add appends a tool and its distinct words.
func (f *Fit) add(id string, words []string) {
	d := int32(f.n)
	f.n++
	f.doc[id] = d
	ns, _, ok := strings.Cut(id, ".")
	if !ok {
		ns = ""
	}
	f.ns = append(f.ns, strings.ToLower(ns))
	for _, t := range words {
		f.has[t] = append(f.has[t], d)
	}
}

// fitWords are a tool's own distinct words: its name (without its
// namespace) and namespace, title and reviewed search hints, purpose,
// and its parameters' names and descriptions, nested ones too: the
// fields the search reads (a tool's signals it does not).
func fitWords(c Contract, memo map[string]string) []string {
	var out []string
	seen := map[string]bool{}
	add := func(text string) {
		for _, t := range fitTerms(text, memo) {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
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
	add(c.Purpose)
	walkFitParams(c.Params, func(p Param) {
		add(p.Name)
		add(p.Description)
	})
	return out
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

func (f *Fit) idf(df int) float64 { return logIDF(f.size(), float64(df)) }

// fitMinTools is the fewest tools a fit weighs its words among: a roster
// of fewer is read as a sample of that many, the rest carrying none of
// its words. The words of a small roster's domain are in most of its
// tools ("entities in the knowledge graph" in a memory server's nine):
// weighed among those alone they weighed next to nothing, and the
// search answered "nothing fits" to the service's own vocabulary.
var fitMinTools = 50.0

// size is the number of tools the fit weighs its words among.
func (f *Fit) size() float64 { return max(float64(f.n), fitMinTools) }

// fitShare is the share of tools a word may be in and still, alone, make
// a hit fit.
const fitShare = 8

// Threshold is the word weight a hit must share with the task to fit:
// half the idf of a word one tool in fitShare carries (about 1.05 on any
// catalog of more than a few dozen tools). A search answers only the hits
// that fit (FitTask.Fitting), so a no-tool task answered any hit is a
// false positive. Half, not the whole idf (which judged the top hit
// alone): chosen among 0.25, 0.5, 0.75 and 1 times it on the tuning part
// of the blind pool (TestStagedTune; recall@5 5103 of 5953 unanswered,
// 5073, 5065, 5026, 4941), then measured on its held-out third: recall@5
// 1118 → 1107 of 1330, top-1 725 → 723, no-tool tasks answered nothing
// 14 → 26 of 152, built-in share of the k top-5 slots 0.213 → 0.197; on
// round 23, measured once before and never tuned on, recall@5 316 →
// 316, top-1 218 → 222. The whole idf lost 39 and 8 there (0.178).
func (f *Fit) Threshold() float64 {
	n := f.size()
	return logIDF(n, n/fitShare) / 2
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
