package search

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// field is a part of a tool's contract the index keeps apart.
type field int

const (
	fieldName      field = iota // the tool's name without its namespace
	fieldTitle                  // title and reviewed search hints
	fieldPurpose                // what the tool does
	fieldParamName              // parameter names
	fieldParamText              // parameter descriptions
	fieldService                // the namespace (service) the tool is in
	numFields
)

// weights are the fields' weights in BM25F: a name says most about what a
// tool does, a title nearly as much, the description less, parameters and
// the service least. lengthNorm is each field's BM25 b: a long
// description dilutes its words, a name barely.
var (
	weights    = [numFields]float64{fieldName: 3, fieldTitle: 2, fieldPurpose: 1, fieldParamName: 0.7, fieldParamText: 0.3, fieldService: 1}
	lengthNorm = [numFields]float64{fieldName: 0.3, fieldTitle: 0.3, fieldPurpose: 0.75, fieldParamName: 0.5, fieldParamText: 0.75, fieldService: 0}
)

// k1 is BM25's term-frequency saturation.
const k1 = 1.2

// posting is one tool's counts of one term, per field.
type posting struct {
	doc int32
	tf  [numFields]uint16
}

// Index is a roster's tools, indexed for Search. It is read-only once
// built and safe for concurrent searches.
type Index struct {
	ids []string
	doc map[string]int32
	// service is each tool's namespace ("" for a built-in); services
	// maps a namespace's stem to the tools in it
	service  []string
	services map[string][]int32
	post     map[string][]posting
	lens     [][numFields]float32
	avg      [numFields]float64
	norms    [][numFields]float32 // 1 - b + b·len/avg, per tool and field
}

// New indexes a roster. Code-only helpers are left out: search never
// returns them.
func New(roster []catalog.Contract) *Index {
	ix := &Index{post: map[string][]posting{}, doc: map[string]int32{}, services: map[string][]int32{}}
	st := stems{}
	var total [numFields]float64
	for _, c := range roster {
		if c.CodeOnly {
			continue
		}
		doc := int32(len(ix.ids))
		ix.ids = append(ix.ids, c.ID)
		ix.doc[c.ID] = doc
		counts := map[string]*[numFields]uint16{}
		var lens [numFields]float32
		add := func(f field, text string) {
			for _, t := range st.terms(text) {
				n := counts[t]
				if n == nil {
					n = new([numFields]uint16)
					counts[t] = n
				}
				if n[f] < math.MaxUint16 {
					n[f]++
				}
				lens[f]++
			}
		}
		ns, name, ok := strings.Cut(c.ID, ".")
		if !ok {
			ns, name = "", c.ID
		}
		add(fieldName, name)
		add(fieldService, ns)
		ix.service = append(ix.service, ns)
		if ns != "" {
			key := strings.ToLower(ns)
			ix.services[key] = append(ix.services[key], doc)
		}
		add(fieldTitle, c.Title+" "+strings.Join(c.SearchHints, " "))
		add(fieldPurpose, c.Purpose+" "+strings.Join(c.Signals, " "))
		walkParams(c.Params, func(p catalog.Param) {
			add(fieldParamName, p.Name)
			add(fieldParamText, p.Description)
		})
		for t, n := range counts {
			ix.post[t] = append(ix.post[t], posting{doc: doc, tf: *n})
		}
		ix.lens = append(ix.lens, lens)
		for f := range numFields {
			total[f] += float64(lens[f])
		}
	}
	n := float64(len(ix.ids))
	for f := range numFields {
		if n > 0 {
			ix.avg[f] = total[f] / n
		}
	}
	ix.norms = make([][numFields]float32, len(ix.ids))
	for d, l := range ix.lens {
		for f := range numFields {
			norm := 1.0
			if ix.avg[f] > 0 {
				norm = 1 - lengthNorm[f] + lengthNorm[f]*float64(l[f])/ix.avg[f]
			}
			ix.norms[d][f] = float32(norm)
		}
	}
	return ix
}

// walkParams visits every parameter, nested ones too.
func walkParams(ps []catalog.Param, visit func(catalog.Param)) {
	for _, p := range ps {
		visit(p)
		if p.Items != nil {
			walkParams([]catalog.Param{*p.Items}, visit)
		}
		walkParams(p.Properties, visit)
	}
}

// Len is the number of tools indexed.
func (ix *Index) Len() int { return len(ix.ids) }

// idf is a term's inverse document frequency; a term no tool has gets
// the highest.
func (ix *Index) idf(t string) float64 {
	n, df := float64(len(ix.ids)), float64(len(ix.post[t]))
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// score adds w times term t's BM25F score to every tool that has it.
func (ix *Index) score(t string, w float64, acc *accumulator) {
	ps := ix.post[t]
	if len(ps) == 0 {
		return
	}
	idf := ix.idf(t) * w
	for _, p := range ps {
		tf := 0.0
		norm := &ix.norms[p.doc]
		for f := range numFields {
			if p.tf[f] > 0 {
				tf += weights[f] * float64(p.tf[f]) / float64(norm[f])
			}
		}
		acc.add(p.doc, idf*tf*(k1+1)/(tf+k1))
	}
}

// accumulator is a sparse score per tool.
type accumulator struct {
	score   []float64
	touched []int32
}

var accumulators sync.Pool

// newAccumulator is a zeroed accumulator for n tools; release returns it.
func newAccumulator(n int) *accumulator {
	if a, ok := accumulators.Get().(*accumulator); ok && len(a.score) == n {
		return a
	}
	return &accumulator{score: make([]float64, n)}
}

func (a *accumulator) release() {
	for _, d := range a.touched {
		a.score[d] = 0
	}
	a.touched = a.touched[:0]
	accumulators.Put(a)
}

// has reports whether tool d's postings of term t exist (postings are in
// tool order).
func (ix *Index) has(t string, d int32) bool {
	ps := ix.post[t]
	i, ok := slices.BinarySearchFunc(ps, d, func(p posting, d int32) int { return int(p.doc - d) })
	return ok && i < len(ps)
}

func (a *accumulator) add(d int32, s float64) {
	if s <= 0 {
		return
	}
	if a.score[d] == 0 {
		a.touched = append(a.touched, d)
	}
	a.score[d] += s
}
