package catalog

import (
	"math"
	"slices"
)

type scored struct {
	doc   int32
	score float64
}

// rank scores every tool sharing a term with the query and returns the
// best limit, ties in roster order.
func (ix *Index) rank(qs []qterm, limit int) []scored {
	return ix.rankConcepts(&clauseReading{qs: qs, cs: concepts(qs)}, limit, make([]scored, 0, limit+1))
}

// rankConcepts is rank, the query's concepts already read, and what the
// clause's ranking reads off them prepared once (see prepared), appended
// to top (empty, with room for limit+1).
func (ix *Index) rankConcepts(cr *clauseReading, limit int, top []scored) []scored {
	cs := cr.cs
	if len(cs) == 0 {
		return nil
	}
	p := cr.prepare(ix)
	if v := ix.view; v != nil {
		// the roster's weighings of the terms (view.term) are read under
		// its lock, taken once per ranking rather than once per term
		v.mu.Lock()
		defer v.mu.Unlock()
	}
	sc := getScratch(len(ix.tools))
	scores, matched, best := sc.scores, sc.matched, sc.best
	// objects counts the concepts other than the request's verb a tool
	// answers
	objects := sc.objects
	touched, hit := sc.touched, sc.hit
	for i, c := range cs {
		hit = hit[:0]
		hit = ix.score(p.own[i], c.own, 1, best, hit)
		nOwn := len(hit) // the first nOwn hits are the word's own
		// a word no tool uses can only be met through its relatives:
		// they stand in for it at more weight
		stand, unknown := 1.0, ix.dfOf(p.own[i], c.own) == 0
		if unknown {
			stand = unknownWordBoost
		}
		// a service's name ("notion") is a name, not a word
		if len(c.relatives) > 0 && !ix.serviceName(c.own) {
			for j, r := range c.relatives {
				hit = ix.score(p.rel[i][j], r.stem, expansionWeight*r.w*stand, best, hit)
			}
		}
		if unknown {
			// and so can its cognates: the first maxCognates the tools
			// searched use
			n := 0
			for j, t := range p.cog[i] {
				if n == maxCognates {
					break
				}
				if w := p.cogStem[i][j]; ix.dfOf(t, w) > 0 {
					hit = ix.score(t, w, cognateWeight*stand, best, hit)
					n++
				}
			}
		}
		for k, d := range hit {
			if best[d] == 0 {
				continue // already counted: a doc can be hit by several words
			}
			if matched[d] == 0 {
				touched = append(touched, d)
			}
			scores[d] += best[d] * c.weight
			matched[d]++
			// a relative counts as an object only when it earns what a
			// word of the task itself would (objectEvidence)
			if p.object[i] && (k < nOwn || best[d]*c.weight >= objectEvidence) {
				objects[d]++
			}
			best[d] = 0
		}
	}
	edits, reads, asks, hasObject := p.edits, p.reads, p.asks, p.hasObject
	// the services the task names: by their namespaces, and by the
	// words that name them (serviceWords)
	named, namedByWords := p.named, ix.namedByWords(cr.qs)
	// keep the best limit in order (better score, then roster order)
	// without sorting every tool touched
	cover := sc.cover
	for _, d := range p.nameDocs {
		cover[d]++
	}
	singular := sc.singular
	for _, d := range p.singularDocs {
		singular[d]++
	}
	// coordination: a tool that answers more of the query's words beats
	// one that answers a single rare word very well; coord[m] is the
	// factor of a tool answering m of them (each concept counts a tool
	// once, so m ≤ len(cs))
	coord := sc.coord[:0]
	for m := range len(cs) + 1 {
		coord = append(coord, 1+coordWeight*float64(m)/float64(len(cs)))
	}
	sc.coord = coord
	for _, d := range touched {
		s := scores[d]
		s *= coord[matched[d]]
		// a task that names every word of a tool's name names the tool:
		// "create a pull request" is create_pull_request, not
		// create_pull_request_review (a name none of whose words is
		// asked keeps its score: the factor is 1)
		if name := ix.tools[d].name; len(name) > 0 && cover[d] > 0 {
			s *= 1 + nameCoverWeight*float64(cover[d])/float64(len(name))
		}
		// a request to change something needs a tool that can
		if edits && ix.tools[d].readOnly {
			s *= readOnlyEditWeight
		}
		// a question, or a request to be shown something, asks to be
		// told, not for a change
		if (!asks || (reads && !edits)) && !ix.tools[d].readOnly {
			s *= questionWriteWeight
		}
		if named[ix.lowerNS[d]] || slices.Contains(namedByWords, ix.lowerNS[d]) {
			s *= 1 + namedServiceBoost
		}
		// a tool that answers only the request's verb ("move" in
		// move_file for "move the team lunch to 1pm") acts on something
		// the task never named
		if hasObject && objects[d] == 0 {
			s *= verbOnlyWeight
		}
		// a name that has the task's object in the other number acts on
		// one thing where the task asks about many, or the reverse
		for range singular[d] {
			s *= numberWeight
		}
		if c := (scored{d, s}); c.makesCut(top, limit) {
			top = keepTop(top, c, limit)
		}
	}
	for _, d := range p.nameDocs {
		cover[d] = 0
	}
	for _, d := range p.singularDocs {
		singular[d] = 0
	}
	sc.touched, sc.hit = touched, hit
	sc.release()
	return top
}

// makesCut reports whether c belongs among the best limit of top (best
// first, at most limit entries): keepTop's test, apart so that it is
// inlined where it runs for every tool a task touches.
func (c scored) makesCut(top []scored, limit int) bool {
	return len(top) < limit || c.before(top[limit-1])
}

// keepTop inserts c, which makes the cut (makesCut), into top, best
// first, keeping at most limit entries: the best few without sorting
// every tool a task touched. c takes the last place (a new one while top
// is short, the worst's otherwise) and moves up past those it is before:
// most tools that make the cut land near the bottom, so this walk beats a
// binary search and a block move.
func keepTop(top []scored, c scored, limit int) []scored {
	i := len(top)
	if i < limit {
		top = append(top, c)
	} else {
		i--
	}
	for i > 0 && c.before(top[i-1]) {
		top[i] = top[i-1]
		i--
	}
	top[i] = c
	return top
}

// verbClass reports whether a concept is a verb that asks for a change
// (editVerbs, writeVerbs) or to be told something (readVerbs). A verb
// that opens a collocation takes the class of the collocation's nearest
// relative that has one: "get rid of" removes, it does not get.
func (c concept) verbClass() (edits, reads bool) {
	if !c.verb {
		return false, false
	}
	if c.colloc == "" {
		return editVerbs[c.own] || writeVerbs[c.own], readVerbs[c.own]
	}
	for _, r := range c.relatives {
		switch {
		case editVerbs[r.stem] || writeVerbs[r.stem]:
			return true, false
		case readVerbs[r.stem]:
			return false, true
		}
	}
	return false, false
}

// before orders hits: higher score first, then roster order.
func (a scored) before(b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.doc < b.doc
}

// score raises best[d], for each tool d the term occurs in (t, its
// postings), to what the term earns it at weight w, and appends d to hit.
func (ix *Index) score(t pterm, term string, w float64, best []float64, hit []int32) []int32 {
	ps := t.ps
	if len(ps) == 0 {
		return hit
	}
	if ix.view != nil {
		return ix.view.score(t, term, w, best, hit)
	}
	n, df := float64(len(ix.tools)), float64(len(ps))
	idf := termIDF(n, df, term, w)
	for _, p := range ps {
		if s := idf * float64(p.weight); s > best[p.doc] {
			best[p.doc] = s
		}
		hit = append(hit, p.doc)
	}
	return hit
}

// logIDF is BM25's rarity of a term found in df of n tools.
func logIDF(n, df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }

// termIDF is a term's inverse document frequency among n tools, df of
// which use it, at the term's weight times w.
func termIDF(n, df float64, term string, w float64) float64 {
	return logIDF(n, df) * termWeight(term) * w
}

// dfOf is how many of the index's tools a prepared term is in.
func (ix *Index) dfOf(t pterm, term string) int {
	if ix.view != nil && len(t.ps) > 0 {
		df, _, _ := ix.view.term(t, term)
		return df
	}
	return len(t.ps)
}

// serviceName reports whether a stem is in a service namespace's name.
func (ix *Index) serviceName(stem string) bool {
	if ix.view != nil {
		return ix.view.serviceNames[stem]
	}
	return ix.serviceNames[stem]
}

// maxClauses bounds how many clauses of one query are ranked.
var maxClauses = 4

// clauses is how many clauses the terms number: the largest clause number
// and one. The last term's is not it: the words a reading adds ("edit",
// "calculate", "notify") come after every typed word with the number of
// the clause they read, often an earlier one.
func clauses(terms []qterm) int {
	n := 0
	for _, t := range terms {
		n = max(n, t.clause+1)
	}
	return n
}
