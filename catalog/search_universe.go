package catalog

import (
	"sync"
	"sync/atomic"
)

// Universe is every tool a set of rosters draws from, indexed once: the
// forge evaluates a draft's cases under every lever, each lever a roster
// one tool or one service away from the draft's. A roster's search
// through the universe ranks exactly as an index of that roster alone
// would: the ranking depends on the roster (a word's idf on how many of
// its tools use it, length normalisation on its average field lengths,
// the unknown-word rule on which words any of its tools use, the
// service rule on its services), so each roster keeps its own statistics
// and weighs the universe's postings again with them; only the words,
// their counts and the tools' readings are shared.
type Universe struct {
	ix  *Index
	doc map[*Entry]int32
	// readings are the tasks its rosters search, each read once
	readings *readings
	// weighed is how many posting weights a roster has kept at most (see
	// view.weights): a new roster makes room for as many at once
	weighed atomic.Int64
}

// NewUniverse indexes entries (code-only helpers are left out, as
// IndexEntries leaves them out). The order of the entries is the order
// ties keep, so a roster is served by Roster only when its tools are in
// the same order.
func NewUniverse(entries []*Entry) *Universe {
	u := &Universe{doc: map[*Entry]int32{}, readings: &readings{m: map[string]*reading{}}}
	var kept []*Entry
	for _, e := range entries {
		if e.Contract().CodeOnly {
			continue
		}
		if _, dup := u.doc[e]; dup {
			continue
		}
		u.doc[e] = int32(len(kept))
		kept = append(kept, e)
	}
	u.ix = IndexEntries(kept)
	return u
}

// Roster is the index of a roster drawn from the universe, searching as
// IndexEntries(roster) does. It reports false, and gives nil, when the
// roster has a tool the universe lacks, or lists the universe's tools in
// another order, or names one twice.
func (u *Universe) Roster(roster []*Entry) (*Index, bool) {
	base := u.ix
	v := &view{eligible: make([]bool, len(base.tools)), serviceNames: map[string]bool{}, readings: u.readings, weighed: &u.weighed}
	v.weights = make([]float32, 0, u.weighed.Load())
	last := int32(-1)
	var totals [numFields]float64
	for _, e := range roster {
		if e.Contract().CodeOnly {
			continue
		}
		d, ok := u.doc[e]
		if !ok || d <= last {
			return nil, false
		}
		last = d
		v.eligible[d] = true
		v.n++
		for f, l := range base.lens[d] {
			totals[f] += float64(l)
		}
		for _, w := range e.searchDoc().fields[fieldNamespace] {
			v.serviceNames[w] = true
		}
	}
	shared := sharedWords(func(yield func(*searchDoc) bool) {
		for _, e := range roster {
			if d := e.searchDoc(); !e.Contract().CodeOnly && !yield(&d) {
				return
			}
		}
	})
	if !sameShared(shared, base.shared) {
		// the roster's services share other words than the universe's
		// (a tool that broke a longer run is left out): its tools'
		// names are read otherwise
		return IndexEntries(roster), true
	}
	v.services = serviceWords(func(yield func(*searchDoc) bool) {
		for _, e := range roster {
			if d := e.searchDoc(); !e.Contract().CodeOnly && !yield(&d) {
				return
			}
		}
	})
	var avg [numFields]float64
	all := 0
	for f := range totals {
		if v.n > 0 && totals[f] > 0 {
			avg[f] = totals[f] / float64(v.n)
		}
		all += int(totals[f])
	}
	plainAvg := float64(all) / float64(v.n)
	v.norms = make([][numFields]float64, len(base.tools))
	v.plainNorms = make([]float64, len(base.tools))
	for d, ok := range v.eligible {
		if !ok {
			continue
		}
		v.norms[d] = fieldNorms(base.lens[d], avg)
		words := 0
		for _, l := range base.lens[d] {
			words += int(l)
		}
		v.plainNorms[d] = plainNorm(words, plainAvg)
	}
	ix := *base
	ix.view = v
	return &ix, true
}

// view is one roster of a Universe: which of its tools the roster has,
// and the roster's own statistics.
type view struct {
	eligible     []bool
	n            int
	norms        [][numFields]float64
	plainNorms   []float64 // the plain ranking's (see lexical)
	serviceNames map[string]bool
	services     map[string][]string // see serviceWords
	readings     *readings
	// terms keeps the roster's weighing of each term its rankings have
	// scored, by the term's number (pterm.id): a roster's tasks share
	// their words and relatives (the forge panel's 100 cases score each
	// about 8 times), so each is weighed once per roster, not per task
	mu    sync.Mutex
	terms []viewTerm
	// plain is, alike, the roster's weighing of each word its lexical
	// rankings have scored (plainTerm)
	plain []viewTerm
	// weights backs the kept terms' and words' posting weights
	weights []float32
	// weighed is the universe's most weights kept by one roster
	weighed *atomic.Int64
}

// viewTerm is a term as a roster weighs it: df+1 (0: not weighed yet),
// its idf at the term's own weight (termIDF at w 1)
// and where its postings' weights (postingWeight; 0 for a tool outside
// the roster) start in view.weights.
type viewTerm struct {
	df1 int32
	at  int32
	idf float64
}

// term is the roster's weighing of a prepared term: how many of its tools
// use it, its idf at w 1 and its postings' weights, in posting order.
// The caller holds v.mu (a ranking takes it once: rankConcepts).
func (v *view) term(t pterm, term string) (int, float64, []float32) {
	vt := slot(&v.terms, t.id)
	if vt.df1 == 0 {
		df := v.df(t.ps)
		vt.df1, vt.at = int32(df+1), int32(len(v.weights))
		if df > 0 {
			// at w 1: score multiplies by its w, as termIDF would
			// (x × 1 × w is x × w exactly)
			vt.idf = termIDF(float64(v.n), float64(df), term, 1)
			tw := termWeight(term)
			for i := range t.ps {
				p := &t.ps[i]
				w := float32(0)
				if v.eligible[p.doc] {
					w = postingWeight(tw, &p.tf, &v.norms[p.doc])
				}
				v.weights = append(v.weights, w)
			}
			v.kept()
		}
	}
	return v.weighing(vt, t)
}

// plainTerm is the roster's weighing of a prepared word for the lexical
// ranking: how many of its tools use it, its idf (logIDF) and its
// postings' plain weights (plainWeight; 0 for a tool outside the
// roster), in posting order. The caller holds v.mu (lexical).
func (v *view) plainTerm(t pterm) (int, float64, []float32) {
	if len(t.ps) == 0 {
		return 0, 0, nil
	}
	vt := slot(&v.plain, t.id)
	if vt.df1 == 0 {
		df := v.df(t.ps)
		vt.df1, vt.at = int32(df+1), int32(len(v.weights))
		if df > 0 {
			vt.idf = logIDF(float64(v.n), float64(df))
			for i := range t.ps {
				p := &t.ps[i]
				w := float32(0)
				if v.eligible[p.doc] {
					w = plainWeight(p.tf, v.plainNorms[p.doc])
				}
				v.weights = append(v.weights, w)
			}
			v.kept()
		}
	}
	return v.weighing(vt, t)
}

// slot is the table's entry for term number id, the table grown to
// hold it.
func slot(table *[]viewTerm, id int32) *viewTerm {
	if t := *table; int(id) >= len(t) {
		*table = append(t, make([]viewTerm, max(int(id)+1, 2*len(t), 256)-len(t))...)
	}
	return &(*table)[id]
}

// kept raises the universe's count of the most weights one roster kept.
func (v *view) kept() {
	if n := int64(len(v.weights)); n > v.weighed.Load() {
		v.weighed.Store(n)
	}
}

// weighing is a weighed term's df, idf and its postings' weights.
func (v *view) weighing(vt *viewTerm, t pterm) (int, float64, []float32) {
	if vt.df1 == 1 {
		return 0, 0, nil
	}
	return int(vt.df1 - 1), vt.idf, v.weights[vt.at : int(vt.at)+len(t.ps)]
}

// df is how many of the roster's tools a term's postings are in.
func (v *view) df(ps []posting) int {
	n := 0
	for _, p := range ps {
		if v.eligible[p.doc] {
			n++
		}
	}
	return n
}

// score is Index.score over the roster's tools, each of the term's
// postings weighed again with the roster's length normalisation (once per
// roster: see term).
func (v *view) score(t pterm, term string, w float64, best []float64, hit []int32) []int32 {
	df, idf, weights := v.term(t, term)
	if df == 0 {
		return hit
	}
	idf *= w // termIDF at w
	for i := range t.ps {
		d := t.ps[i].doc
		if !v.eligible[d] {
			continue
		}
		if s := idf * float64(weights[i]); s > best[d] {
			best[d] = s
		}
		hit = append(hit, d)
	}
	return hit
}

// sameShared reports whether a roster's services share, each, the words
// they share in the universe.
func sameShared(roster, universe map[string][]string) bool {
	for ns, ws := range roster {
		if len(universe[ns]) != len(ws) {
			return false
		}
	}
	return true
}
