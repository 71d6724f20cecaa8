package catalog

import (
	"slices"
	"sync"
)

// prepared is what a clause's ranking reads off the query and the
// universe's words alone, the same under every roster: each concept's
// and relative's postings (looked up once, not once per roster), which
// concepts name an object, what the request asks for and of which kind,
// the services it names and the tools whose name has an asked word. A
// Universe's rosters share their readings, so the forge panel prepares
// each task once and ranks it under every lever from there; a plain
// index prepares each search's clauses afresh.
type prepared struct {
	once sync.Once
	// own and rel are each concept's term and its relatives'
	own []pterm
	rel [][]pterm
	// cog and cogStem are each unknown word's cognates (see cognates)
	cog     [][]pterm
	cogStem [][]string
	// object says, per concept, whether a tool it answers counts it as
	// an object: any concept but the request's verb, or a verb a
	// reading of the task implies ("recall", "calculate")
	object []bool
	// edits and reads: a verb asks for a change, or to be told
	// something; asks: a request term outside a question; hasObject: the
	// task says what it acts on, beside its verb
	edits, reads, asks, hasObject bool
	named                         map[string]bool
	// nameDocs are the tools whose name has an asked word, once per such
	// word (Index.nameCover)
	nameDocs []int32
	// singularDocs are the tools whose name has an object of the task in
	// the other number (in the singular one the task writes in the
	// plural, in the plural one it writes in the singular), once per such
	// word (see numberWeight)
	singularDocs []int32
}

// prepare is the clause's preparation over the index's words, made once.
func (cr *clauseReading) prepare(ix *Index) *prepared {
	p := cr.prep
	if p == nil {
		p = &prepared{}
	}
	p.once.Do(func() { p.make(ix, cr.qs, cr.cs) })
	return p
}

func (p *prepared) make(ix *Index, qs []qterm, cs []concept) {
	implied := map[string]bool{}
	for _, q := range qs {
		if q.implied {
			implied[q.stem] = true
		}
	}
	p.own = make([]pterm, len(cs))
	p.rel = make([][]pterm, len(cs))
	p.object = make([]bool, len(cs))
	p.cog, p.cogStem = make([][]pterm, len(cs)), make([][]string, len(cs))
	for i, c := range cs {
		p.own[i] = ix.pterm(c.own)
		// a Universe's roster may lack a word other rosters have
		if !c.content && (len(p.own[i].ps) == 0 || ix.view != nil) {
			p.cogStem[i] = ix.cognates(c.own)
			for _, w := range p.cogStem[i] {
				p.cog[i] = append(p.cog[i], ix.pterm(w))
			}
		}
		p.rel[i] = make([]pterm, len(c.relatives))
		for j, r := range c.relatives {
			p.rel[i][j] = ix.pterm(r.stem)
		}
		p.object[i] = (!c.verb || implied[c.own]) && !c.which
	}
	// what the task asks for, not what it is about, names a tool
	asked := make(map[string]bool, len(cs))
	// beside a request, a question's words say what it is about, not
	// which tool is asked for ("when was the latest release? have a look
	// on the internet")
	questionOnly := map[string]bool{}
	requested := false
	for _, q := range qs {
		requested = requested || q.verb && !q.question && !q.content && !q.implied
	}
	if requested {
		for _, q := range qs {
			if q.question && !q.content {
				questionOnly[q.stem] = true
			}
		}
		for _, q := range qs {
			if !q.question {
				delete(questionOnly, q.stem)
			}
		}
	}
	for _, c := range cs {
		e, r := c.verbClass()
		p.edits = p.edits || e
		p.reads = p.reads || r
		if !c.content {
			asked[c.own] = (!c.verb || actionVerbs[c.own]) && !questionOnly[c.own]
		}
	}
	for _, q := range qs {
		if !q.content && !q.marker && !q.question {
			p.asks = true
		}
		if q.marker {
			asked[q.stem] = true
		}
	}
	for _, c := range cs {
		p.hasObject = p.hasObject || !c.verb && !c.content && !c.which
	}
	p.named = ix.named(qs)
	ix.eachNamed(asked, func(d int32) { p.nameDocs = append(p.nameDocs, d) })
	for i, c := range cs {
		if !p.object[i] || c.content || c.countless {
			continue
		}
		ix.eachNamed(map[string]bool{c.own: true}, func(d int32) {
			if slices.Contains(ix.tools[d].plural, c.own) != c.plural {
				p.singularDocs = append(p.singularDocs, d)
			}
		})
	}
}

// pterm is a term of a prepared clause: its postings and, over a roster
// of a Universe, its number among the terms the universe's rosters have
// ranked (the roster keeps its weighing of the term under it: see
// view.term); -1 over a plain index.
type pterm struct {
	ps []posting
	id int32
}

func (ix *Index) pterm(term string) pterm {
	t := pterm{ps: ix.postings[term], id: -1}
	if ix.view != nil && len(t.ps) > 0 {
		t.id = ix.view.readings.termID(term)
	}
	return t
}
