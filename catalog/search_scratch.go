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
	// cover counts, per tool, the asked words its name has (see
	// prepared.nameDocs)
	cover []int32
	// singular counts, per tool, the task's objects its name has in the
	// other number (see prepared.singularDocs)
	singular []int32
	// objects counts, per tool, the concepts other than the request's
	// verb it answers
	objects []int32
	touched []int32
	hit     []int32
	// coord is a ranking's coordination factor per number of concepts
	// answered
	coord []float64
}

var scratches sync.Pool

// getScratch is a clean scratch for n tools.
func getScratch(n int) *scratch {
	s, _ := scratches.Get().(*scratch)
	if s == nil || cap(s.scores) < n {
		return &scratch{scores: make([]float64, n), best: make([]float64, n), matched: make([]int32, n), cover: make([]int32, n), singular: make([]int32, n), objects: make([]int32, n)}
	}
	s.scores, s.best, s.matched, s.cover, s.singular, s.objects = s.scores[:n], s.best[:n], s.matched[:n], s.cover[:n], s.singular[:n], s.objects[:n]
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

// searchRoom is one search's rankings' room, kept between searches: the
// whole query's ranking, each clause's and the lexical one, their
// interleaving and its fusion are each at most MaxSearchLimit+1 tools,
// and a search returns only tool ids (or hits) made from them.
type searchRoom struct {
	lists  [][]scored
	ranked [][]scored
	order  []scored
	fused  []scored
}

var rooms sync.Pool

// getRoom is a search's room.
func getRoom() *searchRoom {
	r, _ := rooms.Get().(*searchRoom)
	if r == nil {
		r = &searchRoom{order: make([]scored, 0, MaxSearchLimit), fused: make([]scored, 0, 2*MaxSearchLimit)}
	}
	return r
}

// list is the room's i-th ranking, empty, with room for
// MaxSearchLimit+1 tools.
func (r *searchRoom) list(i int) []scored {
	for len(r.lists) <= i {
		r.lists = append(r.lists, make([]scored, 0, MaxSearchLimit+1))
	}
	return r.lists[i][:0]
}

// release keeps the room for the next search; what the search returned
// from it must be read before.
func (r *searchRoom) release() { rooms.Put(r) }
