package catalog

import "sync"

// A task's reading (parseTask) depends on its text and the lexicon alone,
// and an evaluation reads the same tasks once per lever (the forge panel:
// every case under every lever), so readings are kept, up to
// maxParsed; past it the cache starts over.
const maxParsed = 4096

type parseKey struct {
	task       string
	lexiconOff bool
}

var parsed = struct {
	sync.Mutex
	m map[parseKey][]qterm
}{m: map[parseKey][]qterm{}}

// parseTaskKept is parseTask, kept. The slice returned is shared:
// callers only read it.
func parseTaskKept(q string) []qterm {
	k := parseKey{q, lexiconOff}
	parsed.Lock()
	p, ok := parsed.m[k]
	parsed.Unlock()
	if ok {
		return p
	}
	terms := parseTask(q)
	parsed.Lock()
	if len(parsed.m) >= maxParsed {
		parsed.m = map[parseKey][]qterm{}
	}
	parsed.m[k] = terms
	parsed.Unlock()
	return terms
}

// reading is a query read for ranking: its terms and concepts, whole and
// per clause that asks something, and its plain words.
type reading struct {
	whole clauseReading
	parts []clauseReading
	// words are the query's own words, for the lexical ranking
	words []string
	// wordTerms are the words prepared (plainTerms)
	wordsOnce sync.Once
	wordTerms []pterm
}

type clauseReading struct {
	qs []qterm
	cs []concept
	// prep is what its ranking reads off it, prepared on first use
	prep *prepared
}

// read reads a query for Index.Search: a task of several clauses ("read
// the sheet and open an issue") is ranked whole and clause by clause, up
// to maxClauses; a clause of content only (a prohibition) asks nothing.
func read(query string) *reading {
	terms := parseTaskKept(query)
	rd := &reading{whole: clauseReading{terms, concepts(terms), &prepared{}}, words: plainWords(query)}
	if n := clauses(terms); n > 1 {
		n = min(n, maxClauses)
		for c := 0; c < n; c++ {
			var part []qterm
			asks := false
			for _, t := range terms {
				if t.clause == c {
					part = append(part, t)
					asks = asks || !t.content
				}
			}
			if asks {
				rd.parts = append(rd.parts, clauseReading{part, concepts(part), &prepared{}})
			}
		}
	}
	return rd
}

// plainTerms are the reading's words prepared for the lexical ranking
// over the index's words, once (their postings looked up once per
// universe, not once per roster).
func (rd *reading) plainTerms(ix *Index) []pterm {
	rd.wordsOnce.Do(func() {
		rd.wordTerms = make([]pterm, len(rd.words))
		for i, w := range rd.words {
			rd.wordTerms[i] = ix.pterm(w)
		}
	})
	return rd.wordTerms
}

// readings keeps the readings of one Universe's queries: its rosters'
// searches read each task once. (Not kept across universes: a tuning run
// changes the weights a reading holds.)
type readings struct {
	mu sync.Mutex
	m  map[string]*reading
	// ids numbers the terms the readings' prepared clauses rank, for the
	// rosters' weighings of them (view.term)
	ids map[string]int32
}

// termID is the term's number among the readings' ranked terms.
func (r *readings) termID(term string) int32 {
	r.mu.Lock()
	defer r.mu.Unlock()
	id, ok := r.ids[term]
	if !ok {
		if r.ids == nil {
			r.ids = map[string]int32{}
		}
		id = int32(len(r.ids))
		r.ids[term] = id
	}
	return id
}

func (r *readings) get(query string) *reading {
	r.mu.Lock()
	rd, ok := r.m[query]
	r.mu.Unlock()
	if ok {
		return rd
	}
	rd = read(query)
	r.mu.Lock()
	if len(r.m) >= maxParsed {
		r.m = map[string]*reading{}
	}
	r.m[query] = rd
	r.mu.Unlock()
	return rd
}
