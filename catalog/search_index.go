package catalog

import (
	"maps"
	"math"
	"slices"
	"strings"
)

// newIndex indexes the docs (code-only ones only when codeOnly is set).
// Every posting of the index lives in one array, each term's postings a
// slice of it in tool order, built in two passes: one counts each tool's
// words per field, the other places each term's postings once its number
// is known, so a large catalog costs a few allocations, not one per term
// and tool.
func newIndex(all []searchDoc, codeOnly bool) *Index {
	ix := &Index{serviceNames: map[string]bool{}, namespaces: map[string]bool{},
		tools: make([]indexed, 0, len(all)), lens: make([][numFields]int32, 0, len(all)), lowerNS: make([]string, 0, len(all))}
	docs := make([]*[numFields][]string, 0, len(all))
	var totals [numFields]float64
	words := 0
	for i := range all {
		sd := &all[i]
		if sd.codeOnly && !codeOnly {
			continue
		}
		ft := &sd.fields
		var l [numFields]int32
		for f := range ft {
			totals[f] += float64(len(ft[f]))
			l[f] = int32(len(ft[f]))
			words += len(ft[f])
		}
		for _, w := range ft[fieldNamespace] {
			ix.serviceNames[w] = true
		}
		ns := strings.ToLower(sd.tool.namespace)
		if ns != "" {
			ix.namespaces[ns] = true
		}
		ix.lowerNS = append(ix.lowerNS, ns)
		docs = append(docs, ft)
		ix.tools = append(ix.tools, sd.tool)
		ix.lens = append(ix.lens, l)
	}
	var avg [numFields]float64
	for f := range totals {
		if len(docs) > 0 && totals[f] > 0 {
			avg[f] = totals[f] / float64(len(docs))
		}
	}
	plainAvg := 0.0
	if len(docs) > 0 {
		plainAvg = float64(words) / float64(len(docs))
	}
	// first pass: each tool's distinct terms with their counts per field
	type entry struct {
		term int32
		tf   [numFields]uint16
	}
	id := map[string]int32{}
	var terms []string
	var df []int32
	// a tool has at most as many distinct terms as words
	entries := make([]entry, 0, words)
	starts := make([]int, len(docs)+1)
	seen := map[int32]int{} // a term's entry in the current tool
	for d, ft := range docs {
		clear(seen)
		first := len(entries)
		for f, ws := range ft {
			for _, w := range ws {
				t, ok := id[w]
				if !ok {
					t = int32(len(terms))
					id[w] = t
					terms = append(terms, w)
					df = append(df, 0)
				}
				e, ok := seen[t]
				if !ok {
					e = len(entries)
					seen[t] = e
					entries = append(entries, entry{term: t})
					df[t]++
				}
				if entries[e].tf[f] < math.MaxUint16 {
					entries[e].tf[f]++
				}
			}
		}
		starts[d] = first
	}
	starts[len(docs)] = len(entries)
	// second pass: each term's postings in tool order, in one array
	flat := make([]posting, len(entries))
	next := make([]int, len(terms))
	off := 0
	ix.postings = make(map[string][]posting, len(terms))
	for t, w := range terms {
		next[t] = off
		ix.postings[w] = flat[off : off+int(df[t]) : off+int(df[t])]
		off += int(df[t])
	}
	for d := range docs {
		norm := fieldNorms(ix.lens[d], avg)
		all := 0
		for _, l := range ix.lens[d] {
			all += int(l)
		}
		pn := plainNorm(all, plainAvg)
		for _, e := range entries[starts[d]:starts[d+1]] {
			tf := e.tf
			flat[next[e.term]] = posting{int32(d), postingWeight(termWeight(terms[e.term]), &tf, &norm), plainWeight(tf, pn), tf}
			next[e.term]++
		}
	}
	ix.vocab = slices.Sorted(maps.Keys(ix.postings))
	return ix
}
