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
	touched []int32
	hit     []int32
}

var scratches sync.Pool

// getScratch is a clean scratch for n tools.
func getScratch(n int) *scratch {
	s, _ := scratches.Get().(*scratch)
	if s == nil || cap(s.scores) < n {
		return &scratch{scores: make([]float64, n), best: make([]float64, n), matched: make([]int32, n)}
	}
	s.scores, s.best, s.matched = s.scores[:n], s.best[:n], s.matched[:n]
	return s
}

// release clears what the ranking touched (best is left clean by the
// ranking itself) and keeps the scratch for the next search; a ranking
// that panics never releases its scratch.
func (s *scratch) release() {
	for _, d := range s.touched {
		s.scores[d] = 0
		s.matched[d] = 0
	}
	s.touched, s.hit = s.touched[:0], s.hit[:0]
	scratches.Put(s)
}
