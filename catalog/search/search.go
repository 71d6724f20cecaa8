package search

import (
	"math"
	"slices"
	"strings"
)

// Hit is one ranked tool.
type Hit struct {
	ID string
	// Score is the fused score (reciprocal rank, higher is better).
	Score float64
	// Matched is the word weight the task shares with the tool's own
	// text (see Index.Matched).
	Matched float64
	doc     int32
}

// maxTerms bounds the distinct words one task scores.
const maxTerms = 32

// rrfK is reciprocal-rank fusion's constant: a tool ranked r in a stage
// gains 1/(rrfK+r).
const rrfK = 20.0

// Options switch stages off, to measure what each adds.
type Options struct {
	NoServices bool // no boost for a service the task names
}

// serviceBoost is how many first places a named service's tools gain
// (0.5 to 3 measure alike on the tuning pool and blind7; 0 loses 0.04
// recall@5 and 0.05 top-1 on blind7).
const serviceBoost = 1.0

// Search ranks the index's tools for a task, best first, at most limit.
func (ix *Index) Search(task string, limit int) []Hit { return ix.SearchWith(task, limit, Options{}) }

// depth is how many of each stage's best tools fusion reads.
const depth = 100

// SearchWith is Search with stages switched off.
func (ix *Index) SearchWith(task string, limit int, o Options) []Hit {
	if limit <= 0 || len(ix.ids) == 0 {
		return nil
	}
	terms, tw := taskTerms(task)
	if len(terms) > maxTerms {
		terms = terms[:maxTerms]
	}
	lexical := newAccumulator(len(ix.ids))
	defer lexical.release()
	for _, t := range terms {
		ix.score(t, tw[t], lexical)
	}
	n := max(limit, depth)
	fused := map[int32]float64{}
	fuse := func(best []int32) {
		for r, d := range best {
			fused[d] += 1 / (rrfK + float64(r+1))
		}
	}
	fuse(ix.best(lexical, n))
	// a task that names a service (a word that is its namespace, or the
	// first four or more letters of it: "Mongo" for mongodb) puts that
	// service's tools first among equals: as if they ranked first in one
	// more stage
	if !o.NoServices {
		for _, d := range ix.named(task) {
			if _, ok := fused[d]; ok {
				fused[d] += serviceBoost / (rrfK + 1)
			}
		}
	}
	out := make([]Hit, 0, len(fused))
	for d, sc := range fused {
		out = append(out, Hit{ID: ix.ids[d], Score: sc, doc: d})
	}
	// equal fused scores go by the lexical score, then by id
	slices.SortFunc(out, func(a, b Hit) int {
		if a.Score != b.Score {
			if a.Score > b.Score {
				return -1
			}
			return 1
		}
		if x, y := lexical.score[a.doc], lexical.score[b.doc]; x != y {
			if x > y {
				return -1
			}
			return 1
		}
		return compareStrings(a.ID, b.ID)
	})
	if len(out) > limit {
		out = out[:limit]
	}
	for i := range out {
		out[i].Matched = ix.matched(terms, out[i].doc)
	}
	return out
}

// named is the tools of the services a task names.
func (ix *Index) named(task string) []int32 {
	var out []int32
	seen := map[string]bool{}
	for _, w := range words(task) {
		if len(w) < 4 {
			continue
		}
		for ns, docs := range ix.services {
			if seen[ns] || !(ns == w || len(w) >= 4 && strings.HasPrefix(ns, w)) {
				continue
			}
			seen[ns] = true
			out = append(out, docs...)
		}
	}
	return out
}

// best is the n tools an accumulator scored highest, best first (ties
// by id).
func (ix *Index) best(a *accumulator, n int) []int32 {
	better := func(x, y int32) bool {
		sx, sy := a.score[x], a.score[y]
		if sx != sy {
			return sx > sy
		}
		return ix.ids[x] < ix.ids[y]
	}
	// a bounded min-heap of the best so far, its worst at the root
	h := make([]int32, 0, n)
	down := func(i int) {
		for {
			w, l, r := i, 2*i+1, 2*i+2
			if l < len(h) && better(h[w], h[l]) {
				w = l
			}
			if r < len(h) && better(h[w], h[r]) {
				w = r
			}
			if w == i {
				return
			}
			h[i], h[w] = h[w], h[i]
			i = w
		}
	}
	for _, d := range a.touched {
		switch {
		case len(h) < n:
			h = append(h, d)
			for i := len(h) - 1; i > 0; {
				p := (i - 1) / 2
				if !better(h[p], h[i]) {
					break
				}
				h[i], h[p] = h[p], h[i]
				i = p
			}
		case better(d, h[0]):
			h[0] = d
			down(0)
		}
	}
	slices.SortFunc(h, func(x, y int32) int {
		if better(x, y) {
			return -1
		}
		return 1
	})
	return h
}

func distinct(ts []string) []string {
	seen := make(map[string]bool, len(ts))
	out := ts[:0:0]
	for _, t := range ts {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Matched is the word weight (the idf of each distinct word) a task
// shares with tool id's own text; 0 for a tool the index does not have.
// It is how Fits judges a hit, whichever ranking chose it.
func (ix *Index) Matched(task, id string) float64 {
	d, ok := ix.doc[id]
	if !ok {
		return 0
	}
	return ix.matched(distinct(Terms(task)), d)
}

func (ix *Index) matched(terms []string, d int32) float64 {
	m := 0.0
	for _, t := range terms {
		if ix.has(t, d) {
			m += ix.idf(t)
		}
	}
	return m
}

// fitShare is the share of tools a word may be in and still, alone, make
// a hit fit.
const fitShare = 8

// Threshold is the word weight a hit must share with the task to fit: the
// idf of a word one tool in fitShare carries (about 2.1 on any catalog of
// more than a few dozen tools). A no-tool task's best hit above it is a
// false positive.
func (ix *Index) Threshold() float64 {
	n := float64(len(ix.ids))
	df := n / fitShare
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// Fits reports whether a search's best hit fits the task: it shares at
// least Threshold of word weight with it. Below, the answer is "nothing
// fits".
func (ix *Index) Fits(hits []Hit) bool { return len(hits) > 0 && hits[0].Matched >= ix.Threshold() }
