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
	ix.shared = sharedWords(func(yield func(*searchDoc) bool) {
		for i := range all {
			if (!all[i].codeOnly || codeOnly) && !yield(&all[i]) {
				return
			}
		}
	})
	ix.services = serviceWords(func(yield func(*searchDoc) bool) {
		for i := range all {
			if (!all[i].codeOnly || codeOnly) && !yield(&all[i]) {
				return
			}
		}
	})
	for i := range all {
		sd := &all[i]
		if sd.codeOnly && !codeOnly {
			continue
		}
		for _, w := range sd.fields[fieldNamespace] {
			ix.serviceNames[w] = true
		}
		sd = withoutShared(sd, ix.shared)
		ft := &sd.fields
		var l [numFields]int32
		for f := range ft {
			totals[f] += float64(len(ft[f]))
			l[f] = int32(len(ft[f]))
			words += len(ft[f])
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

// fieldNorms is a tool's BM25 length normalisation per field, given the
// roster's average field lengths.
func fieldNorms(lens [numFields]int32, avg [numFields]float64) [numFields]float64 {
	var norm [numFields]float64
	for f := range norm {
		norm[f] = 1.0
		if b := fieldB[f]; b > 0 && avg[f] > 0 {
			norm[f] = 1 - b + b*float64(lens[f])/avg[f]
		}
	}
	return norm
}

// postingWeight is a term's saturated, weighted frequency in a tool: its
// count in each field (tf) at the field's weight, the term's weight tw
// (termWeight) and the tool's length normalisation, added up one
// occurrence at a time, field by field.
func postingWeight(tw float64, tf *[numFields]uint16, norm *[numFields]float64) float32 {
	acc := 0.0
	for f := range numFields {
		if tf[f] == 0 {
			continue
		}
		x := fieldWeights[f] * tw / norm[f]
		for range tf[f] {
			acc += x
		}
	}
	return float32(acc * (bm25K1 + 1) / (acc + bm25K1))
}

// named is the service namespaces a task names: a request word that is
// the namespace, or its first four letters or more ("mongo" for
// mongodb).
func (ix *Index) named(qs []qterm) map[string]bool {
	var out map[string]bool
	for _, q := range qs {
		if len(q.stem) < 4 || q.marker {
			continue
		}
		for ns := range ix.namespaces {
			if strings.HasPrefix(ns, q.stem) {
				if out == nil {
					out = map[string]bool{}
				}
				out[ns] = true
			}
		}
	}
	return out
}

// namedByWords is the services the task's own words name (see
// serviceWords).
func (ix *Index) namedByWords(qs []qterm) []string {
	services := ix.services
	if ix.view != nil {
		services = ix.view.services
	}
	var out []string
	for _, q := range qs {
		if q.content || q.marker || q.implied {
			continue
		}
		for _, ns := range services[q.stem] {
			if !slices.Contains(out, ns) {
				out = append(out, ns)
			}
		}
	}
	return out
}

// paramText is every parameter name (identifiers split) and description,
// nested ones included.
func paramText(ps []Param) string {
	var b strings.Builder
	var walk func([]Param)
	walk = func(ps []Param) {
		for _, p := range ps {
			b.WriteString(p.Name)
			b.WriteByte(' ')
			b.WriteString(p.Description)
			b.WriteByte(' ')
			if p.Items != nil {
				walk([]Param{*p.Items})
			}
			walk(p.Properties)
		}
	}
	walk(ps)
	return b.String()
}

func uniq(ws []string) []string {
	seen := make(map[string]bool, len(ws))
	out := ws[:0:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
