package catalog

// Universe is every tool a set of rosters draws from, indexed once: the
// forge evaluates a draft's cases under every lever, each lever a roster
// one tool or one service away from the draft's. A roster's search
// through the universe ranks exactly as an index of that roster alone
// would: the ranking depends on the roster (a word's idf on how many of
// its tools use it, length normalisation on its average field lengths,
// the unknown-word and kind rules on which words any of its tools use, the
// service rule on its services), so each roster keeps its own statistics
// and weighs the universe's postings again with them; only the words,
// their counts and the tools' readings are shared.
type Universe struct {
	ix  *Index
	doc map[*Entry]int32
	// readings are the tasks its rosters search, each read once
	readings *readings
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
	v := &view{eligible: make([]bool, len(base.tools)), serviceNames: map[string]bool{}, readings: u.readings}
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
	readings     *readings
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
// postings ps weighed again with the roster's length normalisation.
func (v *view) score(ps []posting, term string, w float64, best []float64, hit []int32) []int32 {
	df := v.df(ps)
	if df == 0 {
		return hit
	}
	idf, tw := termIDF(float64(v.n), float64(df), term, w), termWeight(term)
	for i := range ps {
		p := &ps[i]
		if !v.eligible[p.doc] {
			continue
		}
		if s := idf * float64(postingWeight(tw, &p.tf, &v.norms[p.doc])); s > best[p.doc] {
			best[p.doc] = s
		}
		hit = append(hit, p.doc)
	}
	return hit
}
