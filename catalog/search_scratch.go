package catalog

import "sync"

// scratch is one ranking's working arrays, one entry per tool of the
// index, kept between searches: a search over a large catalog would
// otherwise allocate and clear them (and the collector reclaim them) for
// every clause it ranks. Only the entries a ranking touched are dirty,
// and release clears just those.
type scratch struct {
	scores  []float64
	best    []float64
	matched []int32
	// cover counts, per tool, the asked words its name has (nameCover)
	cover []int32
	// used marks the tools that use a word the task's references kind
	// (markUsers)
	used []bool
	// objects counts, per tool, the concepts other than the request's
	// verb it answers
	objects []int32
	touched []int32
	hit     []int32
}

var scratches sync.Pool

// getScratch is a clean scratch for n tools.
func getScratch(n int) *scratch {
	s, _ := scratches.Get().(*scratch)
	if s == nil || cap(s.scores) < n {
		return &scratch{scores: make([]float64, n), best: make([]float64, n), matched: make([]int32, n), cover: make([]int32, n), used: make([]bool, n), objects: make([]int32, n)}
	}
	s.scores, s.best, s.matched, s.cover, s.used, s.objects = s.scores[:n], s.best[:n], s.matched[:n], s.cover[:n], s.used[:n], s.objects[:n]
	return s
}

// release clears what the ranking touched (best is left clean by the
// ranking itself) and keeps the scratch for the next search; a ranking
// that panics never releases its scratch.
func (s *scratch) release() {
	for _, d := range s.touched {
		s.scores[d] = 0
		s.matched[d] = 0
		s.objects[d] = 0
	}
	s.touched, s.hit = s.touched[:0], s.hit[:0]
	scratches.Put(s)
}

// nameCover adds to cover[d], for every tool d, the number of distinct
// asked words (those asked maps to true) its name has. It walks the asked
// words' postings, not each tool's name: a word is in a tool's name
// exactly when its posting counts it in the name or action field.
func (ix *Index) nameCover(asked map[string]bool, cover []int32) []int32 {
	ix.eachNamed(asked, func(d int32) { cover[d]++ })
	return cover
}

// clearCover undoes nameCover.
func (ix *Index) clearCover(asked map[string]bool, cover []int32) {
	ix.eachNamed(asked, func(d int32) { cover[d] = 0 })
}

// eachNamed calls f with every tool whose name has an asked word, once
// per such word.
func (ix *Index) eachNamed(asked map[string]bool, f func(d int32)) {
	for w, ok := range asked {
		if !ok {
			continue
		}
		ps := ix.postings[w]
		for i := range ps {
			if ps[i].tf[fieldName] > 0 || ps[i].tf[fieldAction] > 0 {
				f(ps[i].doc)
			}
		}
	}
}
