package catalog

import (
	"cmp"
	"slices"
)

// Reciprocal-rank fusion of the ranking with plain lexical matching: a
// tool whose text carries the task's own words stays in contention
// whatever the readings, relatives and scalings of rank make of the task.
// Measured on the tuning pool (TestStagedTune, SEARCH_TUNE=current):
// blind9, the one set the ranking was never tuned on, recall@5 0.760 →
// 0.788, top-1 unchanged (0.505); blind7 0.763 → 0.756, blind8 0.721 →
// 0.721; services below plain BM25 by more than one task 4 → 0
// (TestNoServiceBelowPlainBM25); held-out third 0.964 → 0.929.
var (
	// lexicalWeight is what a place in the lexical ranking is worth
	// against the same place in the ranking (0 turns fusion off). 0.65 →
	// 0.8, chosen on the tuning part of blind7–14 among 0.5, 0.65, 0.8
	// and 1 (recall@5 1440, 1443, 1444, 1439 of 1822), then measured on
	// the held-out third: 728 → 729 of 911; top-1 unchanged by
	// construction (fuseKeep), the project's own sets, blind5–6 and held-
	// out third unchanged. One task each way: a small step.
	lexicalWeight = 0.8
	// fuseK is the fusion's constant: a tool ranked r gains 1/(fuseK+r).
	// 5, 10, 20 and 40 measure alike (TestStagedTune, recall@5 of the
	// tuning part of blind7–18: 2299, 2294, 2295, 2293 of 2803; held-out
	// third 1113, 1115, 1116, 1115 of 1330; top-1 unchanged), as do
	// lexicalWeight 1.0 and 1.3 (2298 and 2290; held-out 1117 and 1113).
	fuseK = 20.0
	// fuseKeep is how many of the ranking's first places fusion leaves
	// where they are: fused into them, the lexical ranking lost top-1 on
	// misleading tasks (tuning pool 0.677 → 0.583 on the project's own
	// sets), which name another tool's words by design. 2 → 3 (recall@5
	// counts, TestStagedTune SEARCH_TUNE=current): tuning part of
	// blind7–14 1433 → 1441, held-out third 720 → 724, own sets 293 →
	// 299, blind5–6 202 → 204; top-1 unchanged everywhere (4 measures
	// as 3 with a larger built-in share of top-5 slots)
	fuseKeep = 3.0
)

// A result list that stops where the scores fall off was measured and
// lost: keeping, after the first, only the tools that earn a share of
// the best score of one of the rankings fused (0.2, 0.35, 0.5), the
// tuning part's recall@5 fell 2295 → 2291, 2286, 2271 of 2803 and the
// held-out third's 1116 → 1115, 1113, 1107 of 1330, while the built-in
// share of the slots left moved by under a point (0.205 → 0.203, 0.200,
// 0.197; held-out 0.217 → 0.219, 0.217, 0.213): the built-in tools in a
// top 5 are not a tail of low scores, they score near the top. Counting
// only the whole query's ranking (0.1, 0.2, 0.5): recall@5 2280, 2255,
// 2097 for a built-in share of 0.197, 0.190, 0.167.
//
// Measured again against the bar that counts per set (TestStagedTune:
// sets whose built-in share of filled top-5 slots is more than 10 points
// over their share of expected answers; 22 of blind19–26's 40), each
// rule cutting after the first hit (top-1 unchanged), with recall@5 over
// the pool without its held-out parts (5346): a hit must carry a task
// word itself, not only a relative: −23, 19 sets; its fit (Fit.Matched)
// at least 0.5, 1 or 1.5 times Threshold: −14, −101, −327 for 21, 24,
// 16 sets; at least 0.3 or 0.5 of the first hit's fit: −65, −250 for 17,
// 15 sets; a hit of another service than the first's (the built-in tools
// one service) that adds no task word to the hits before it and weighs
// under half the first hit's task words: −42 (held-out third 1116 →
// 1108) for 13 sets, but three services fell below plain BM25 by more
// than one task (TestNoServiceBelowPlainBM25), and keeping the lexical
// ranking's first 10 tools to hold that bar left 19 sets for −22. Every
// rule buys about one set per 3–5 tasks lost: a set whose services have
// few tools (4 of 38) fills its answers with built-in tools that fit the
// task about as well as the imported ones around them.

// plainWords are the distinct words of a query the lexical ranking
// scores, at most maxQueryTerms.
func plainWords(query string) []string {
	words := uniq(stemmer{}.terms(query))
	if len(words) > maxQueryTerms {
		words = words[:maxQueryTerms]
	}
	return words
}

// lexical ranks the tools by the task's own words alone: each distinct
// word of the query (stemmed, stop words out) scores the tools whose text
// has it by BM25 over all of a tool's text in one bag, its reviewed
// search hints too (see posting.plain), and the scores add up. No reading, relative, scaling or
// boost takes part. The words are the query's plainWords, prepared
// (reading.plainTerms). The best limit are appended to top (empty, with
// room for limit+1).
func (ix *Index) lexical(words []pterm, limit int, top []scored) []scored {
	n := float64(ix.Len())
	sc := getScratch(len(ix.tools))
	scores, touched := sc.scores, sc.touched
	v := ix.view
	if v != nil {
		// the roster's weighings of the words (view.plainTerm) are read
		// under its lock, taken once per ranking
		v.mu.Lock()
		defer v.mu.Unlock()
	}
	for _, t := range words {
		ps := t.ps
		if v != nil {
			// a Universe's roster: its own df and length normalisation,
			// weighed once per roster
			df, idf, weights := v.plainTerm(t)
			if df == 0 {
				continue
			}
			for i := range ps {
				d := ps[i].doc
				if !v.eligible[d] {
					continue
				}
				if scores[d] == 0 {
					touched = append(touched, d)
				}
				scores[d] += idf * float64(weights[i])
			}
			continue
		}
		if len(ps) == 0 {
			continue
		}
		idf := logIDF(n, float64(len(ps)))
		for i := range ps {
			p := &ps[i]
			if scores[p.doc] == 0 {
				touched = append(touched, p.doc)
			}
			scores[p.doc] += idf * float64(p.plain)
		}
	}
	// keep the best limit in order without sorting every tool touched
	for _, d := range touched {
		if c := (scored{d, scores[d]}); c.makesCut(top, limit) {
			top = keepTop(top, c, limit)
		}
	}
	sc.touched = touched
	sc.release()
	return top
}

// plainBM25B is the plain ranking's length normalisation.
var plainBM25B = 0.75

// plainNorm is a tool's length normalisation in the plain ranking, given
// its word count and the roster's average.
func plainNorm(words int, avg float64) float64 {
	if avg > 0 {
		return 1 - plainBM25B + plainBM25B*float64(words)/avg
	}
	return 1.0
}

// plainWeight is the plain ranking's saturated frequency of a word said
// tf times in a tool's text, every field alike.
func plainWeight(tf [numFields]uint16, norm float64) float32 {
	f := 0.0
	for _, n := range tf {
		f += float64(n)
	}
	return float32(f * (bm25K1 + 1) / (f + bm25K1*norm))
}

// fuse merges the ranking with the lexical one by reciprocal rank below
// the ranking's first fuseKeep places; equal fused scores keep the
// ranking's order, then roster order. The fusion is appended to out
// (empty).
func fuse(out, ranked, lexical []scored) []scored {
	if lexicalWeight == 0 || len(lexical) == 0 {
		return ranked
	}
	keep := min(int(fuseKeep), len(ranked))
	if keep == 0 {
		return rrf(out, ranked, lexical)
	}
	kept := ranked[:keep]
	var buf [2 * MaxSearchLimit]scored
	lex := buf[:0]
	for _, s := range lexical {
		if !slices.ContainsFunc(kept, func(k scored) bool { return k.doc == s.doc }) {
			lex = append(lex, s)
		}
	}
	return rrf(append(out, kept...), ranked[keep:], lex)
}

// fused is a tool's fused score and its place in the ranking (-1 for
// none).
type fused struct {
	scored
	first int
}

// rrf appends to out the reciprocal-rank fusion of two rankings (each
// names a tool at most once, and holds a search's few best: a list, not
// a map, finds a tool in them).
func rrf(out, ranked, lexical []scored) []scored {
	var buf [4 * MaxSearchLimit]fused
	all := buf[:0]
	for r, s := range ranked {
		all = append(all, fused{scored{s.doc, 1 / (fuseK + float64(r+1))}, r})
	}
	for r, s := range lexical {
		w := lexicalWeight / (fuseK + float64(r+1))
		if i := slices.IndexFunc(all[:len(ranked)], func(f fused) bool { return f.doc == s.doc }); i >= 0 {
			all[i].score += w
			continue
		}
		all = append(all, fused{scored{s.doc, w}, -1})
	}
	slices.SortFunc(all, compareFused)
	for _, f := range all {
		out = append(out, f.scored)
	}
	return out
}

// compareFused orders fused tools: higher score first, then those the
// ranking has, by their place there, then roster order.
func compareFused(a, b fused) int {
	switch {
	case a.score != b.score:
		return cmp.Compare(b.score, a.score)
	case (a.first >= 0) != (b.first >= 0):
		if a.first >= 0 {
			return -1
		}
		return 1
	case a.first != b.first:
		return cmp.Compare(a.first, b.first)
	}
	return cmp.Compare(a.doc, b.doc)
}
