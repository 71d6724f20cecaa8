package catalog

import "slices"

// fitServiceWeight is what a task word that names a tool's service
// (serviceWords) weighs in the tool's fit at least, in Thresholds.
var fitServiceWeight = 1.0

// Matched is the word weight a task shares with tool id's own text; 0
// for a tool the fit does not have. Each distinct task word the tool
// carries counts its idf; a word it does not carry counts its best
// relative the tool carries, as the search relates words (concepts: the
// thesaurus and lexicon relatives a query word also searches for), at
// the search's discount (expansionWeight times the relative's weight).
// So a hit the search found through a relation is judged by it too.
func (f *Fit) Matched(task, id string) float64 { return f.Task(task).Matched(id) }

// FitTask is a task read once to judge many tools' fit (Fit.Matched); it
// is read-only and safe for concurrent use.
type FitTask struct {
	f     *Fit
	terms []string
	rels  map[string][]lexRel
}

// Task reads a task for judging tools against it.
func (f *Fit) Task(task string) *FitTask {
	t := &FitTask{f: f}
	seen := map[string]bool{}
	for _, w := range fitTerms(task, nil) {
		if !seen[w] {
			seen[w] = true
			t.terms = append(t.terms, w)
		}
	}
	if len(t.terms) > 0 {
		t.rels = taskRelatives(task)
	}
	return t
}

// Matched is Fit.Matched of the task and tool id.
func (t *FitTask) Matched(id string) float64 {
	f := t.f
	d, ok := f.doc[id]
	if !ok {
		return 0
	}
	m := 0.0
	for _, w := range t.terms {
		if f.carries(w, d) {
			// a word that names the tool's service (serviceWords)
			// fits it, however many of the roster's tools the
			// service has
			x := f.idf(len(f.has[w]))
			if slices.Contains(f.services[w], f.ns[d]) {
				x = max(x, fitServiceWeight*f.Threshold())
			}
			m += x
			continue
		}
		best := 0.0
		for _, r := range t.rels[w] {
			if f.carries(r.stem, d) {
				// a relative is weighed among the roster's own
				// tools (fitMinTools pads a task's own words only)
				best = max(best, expansionWeight*r.w*logIDF(float64(f.n), float64(len(f.has[r.stem]))))
			}
		}
		m += best
	}
	return m
}

// Fitting is the hits of a search that fit the task, in their order: a
// hit fits when the task's words it carries weigh at least Threshold
// (Matched), whichever place the ranking gave it. It is what a search
// answers: no hit that fits is the answer "nothing fits", never tools
// padded in to fill the places asked for.
func (t *FitTask) Fitting(ids []string) []string {
	th := t.f.Threshold()
	out := ids[:0:0]
	for _, id := range ids {
		if t.Matched(id) >= th {
			out = append(out, id)
		}
	}
	return out
}

// Answer is what a search answers the task over an index and the fit of
// the same roster: the index's best hits (MaxSearchLimit of them, so the
// places asked for are filled from the same ranking whatever their
// number), those that fit (Fitting) and are not in skip, at most limit
// (capped at MaxSearchLimit). None: nothing fits.
func Answer(ix *Index, fit *Fit, query string, limit int, skip func(id string) bool) []Hit {
	if limit <= 0 || limit > MaxSearchLimit {
		limit = MaxSearchLimit
	}
	hits := ix.Search(query, MaxSearchLimit)
	th, task := fit.Threshold(), fit.Task(query)
	out := hits[:0]
	for _, h := range hits {
		if len(out) == limit {
			break
		}
		if (skip == nil || !skip(h.ID)) && task.Matched(h.ID) >= th {
			out = append(out, h)
		}
	}
	return out
}
