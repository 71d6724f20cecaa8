package catalog

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"
)

// Hit is one deferred-search result: an exact tool name and its
// description, never its schema.
type Hit struct {
	ID          string  `json:"name"`
	Title       string  `json:"title"`
	Description string  `json:"description"`
	Score       float64 `json:"score"`
}

// MaxSearchLimit bounds how many hits one search returns.
const MaxSearchLimit = 25

// MaxQueryBytes bounds the query text a search reads.
const MaxQueryBytes = 512

// maxQueryTerms bounds the distinct terms one query scores, so a search
// costs at most maxQueryTerms postings walks whatever the text.
const maxQueryTerms = 32

type field int

const (
	fieldName field = iota
	fieldAction
	fieldTitle
	fieldHints
	fieldPurpose
	fieldParams
	fieldNamespace
	numFields
)

// Index is a roster prepared for repeated searches. Code-only helpers are
// never indexed: they are functions inside programs, reached only through
// the code channel's catalog section, never callable from a reply, so no
// search may offer them. An Index is immutable and safe for concurrent use.
type Index struct {
	tools    []indexed
	postings map[string][]posting
	// lens is each tool's word count per field (a Universe's rosters
	// average them again)
	lens [][numFields]int32
	// serviceNames holds the stems of the service namespaces' names
	serviceNames map[string]bool
	// namespaces holds every tool's namespace, lower-cased
	namespaces map[string]bool
	// lowerNS is each tool's namespace, lower-cased
	lowerNS []string
	// vocab is every indexed term, sorted (see cognates)
	vocab []string
	// view, when set, makes the index one roster of a Universe: only
	// its tools are searched, weighed by its own statistics
	view *view
}

type indexed struct {
	id, title, description, namespace string
	name                              []string // the stems of the name
	plural                            []string // the stems of the name's words written in the plural
	readOnly                          bool     // its effects are read-only
}

type posting struct {
	doc    int32
	weight float32 // the term's saturated, weighted frequency in the doc
	// plain is the plain ranking's weight of the term in the doc: BM25
	// over the tool's text in one bag (see lexical)
	plain float32
	// tf is the term's count in each of the doc's fields, so a roster
	// drawn from a Universe can weigh it again (postingWeight)
	tf [numFields]uint16
}

// NewIndex prepares the roster for searching. Ranking follows roster
// order on ties, so the result is deterministic.
func NewIndex(roster []Contract) *Index { return newIndex(docsOf(roster), false) }

// NewBrowseIndex indexes every tool, code-only helpers included. It is
// for people browsing the catalog (the catalog page), never for anything
// an agent sees.
func NewBrowseIndex(roster []Contract) *Index { return newIndex(docsOf(roster), true) }

// IndexEntries is NewIndex over catalog entries, which keep their search
// terms once computed: indexing a roster of entries again (every forge
// lever, every evaluation) costs no tokenizing or stemming.
func IndexEntries(roster []*Entry) *Index {
	docs := make([]searchDoc, len(roster))
	for i, e := range roster {
		docs[i] = e.searchDoc()
	}
	return newIndex(docs, false)
}

// searchDoc is one tool's search terms per field and what a hit shows.
type searchDoc struct {
	tool     indexed
	codeOnly bool
	fields   [numFields][]string
}

func docsOf(roster []Contract) []searchDoc {
	st := stemmer{}
	docs := make([]searchDoc, len(roster))
	for i, c := range roster {
		docs[i] = makeSearchDoc(c, st)
	}
	return docs
}

func makeSearchDoc(c Contract, st stemmer) searchDoc {
	d := searchDoc{codeOnly: c.CodeOnly}
	name := withoutNamespace(st.terms(c.Name()), st.terms(c.Namespace()))
	verbsOnly := true
	for _, w := range name {
		verbsOnly = verbsOnly && actionVerbs[w]
	}
	for _, w := range name {
		// a name of verbs only ("todoist_completed" after its
		// namespace) has nothing else to say what the tool is about
		if actionVerbs[w] && !verbsOnly {
			d.fields[fieldAction] = append(d.fields[fieldAction], w)
		} else {
			d.fields[fieldName] = append(d.fields[fieldName], w)
		}
	}
	d.fields[fieldTitle] = st.terms(c.Title)
	d.fields[fieldHints] = st.terms(strings.Join(c.SearchHints, " "))
	d.fields[fieldPurpose] = st.terms(withoutAdmonitions(withoutSiblingNames(c.Purpose, c.Namespace())))
	d.fields[fieldParams] = st.terms(paramText(c.Params))
	d.fields[fieldNamespace] = st.terms(c.Namespace())
	ops := operations(c.Params)
	d.tool = indexed{c.ID, c.Title, strings.TrimSpace(c.Purpose), c.Namespace(), uniq(append([]string(nil), name...)), nil, reads(c, name, ops, st)}
	for _, w := range splitWords(c.Name()) {
		if pluralWord(w) {
			d.tool.plural = append(d.tool.plural, st.stem(w))
		}
	}
	return d
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

// Len is the number of searchable tools.
func (ix *Index) Len() int {
	if ix.view != nil {
		return ix.view.n
	}
	return len(ix.tools)
}

// Search ranks the index's tools against the query (BM25F over the fields
// above, on stemmed words with identifiers split) and returns at most
// limit hits, best first; limit is capped at MaxSearchLimit and the query
// at MaxQueryBytes. A task of several clauses ("read the sheet and open an
// issue") needs a tool per clause: the ranking of the whole query leads,
// and each clause's ranking is interleaved after it, so the second tool
// is not buried under the first one's neighbours. The task is read for
// its structure first (parseTask): references and quoted text are names,
// statements, questions, conditions and prohibitions are told apart from
// the request, and the request's verb and the head of its object lead.
// Equal scores keep roster order.
func (ix *Index) Search(query string, limit int) []Hit {
	order, whole := ix.search(query, limit)
	if order == nil {
		return nil
	}
	out := make([]Hit, len(order))
	for i, s := range order {
		t := ix.tools[s.doc]
		// the score is the whole query's ranking's (0 for a tool only a
		// clause or the lexical ranking found)
		score := 0.0
		if w := slices.IndexFunc(whole, func(w scored) bool { return w.doc == s.doc }); w >= 0 {
			score = whole[w].score
		}
		out[i] = Hit{ID: t.id, Title: t.title, Description: t.description, Score: math.Round(score*1e4) / 1e4}
	}
	return out
}

// SearchIDs is Search's hits' tool ids, in order: what an evaluation
// reads of a search, without the hits' text and scores.
func (ix *Index) SearchIDs(query string, limit int) []string {
	order, _ := ix.search(query, limit)
	if order == nil {
		return nil
	}
	out := make([]string, len(order))
	for i, s := range order {
		out[i] = ix.tools[s.doc].id
	}
	return out
}

// search is Search's ranking: the tools in order, and the whole query's
// ranking (whose scores the hits show).
func (ix *Index) search(query string, limit int) (order, whole []scored) {
	query = queryText(query)
	if limit <= 0 || limit > MaxSearchLimit {
		limit = MaxSearchLimit
	}
	if ix.Len() == 0 {
		return nil, nil
	}
	var rd *reading
	if ix.view != nil {
		rd = ix.view.readings.get(query)
	} else {
		rd = read(query)
	}
	whole = ix.rankConcepts(&rd.whole, limit)
	if len(whole) == 0 {
		return nil, nil
	}
	lists := [][]scored{whole}
	for i := range rd.parts {
		if r := ix.rankConcepts(&rd.parts[i], limit); len(r) > 0 {
			lists = append(lists, r)
		}
	}
	order = make([]scored, 0, limit)
	for i := 0; len(order) < limit; i++ {
		more := false
		for _, l := range lists {
			if i >= len(l) || len(order) == limit {
				continue
			}
			more = true
			d := l[i].doc
			if slices.ContainsFunc(order, func(s scored) bool { return s.doc == d }) {
				continue
			}
			order = append(order, l[i])
		}
		if !more {
			break
		}
	}
	// the task's own words keep their tools in contention (see fuse)
	order = fuse(order, ix.lexical(rd.plainTerms(ix), limit))
	if len(order) > limit {
		order = order[:limit]
	}
	return order, whole
}

// queryText is the part of a query a search reads: at most MaxQueryBytes,
// cut before the character the ceiling falls in, never inside it (a cut
// rune would be read as a character the task never had).
func queryText(q string) string {
	if len(q) <= MaxQueryBytes {
		return q
	}
	n := MaxQueryBytes
	for n > MaxQueryBytes-utf8.UTFMax+1 && !utf8.RuneStart(q[n]) {
		n--
	}
	return q[:n]
}

type scored struct {
	doc   int32
	score float64
}

// rank scores every tool sharing a term with the query and returns the
// best limit, ties in roster order.
func (ix *Index) rank(qs []qterm, limit int) []scored {
	return ix.rankConcepts(&clauseReading{qs: qs, cs: concepts(qs)}, limit)
}

// rankConcepts is rank, the query's concepts already read, and what the
// clause's ranking reads off them prepared once (see prepared).
func (ix *Index) rankConcepts(cr *clauseReading, limit int) []scored {
	cs := cr.cs
	if len(cs) == 0 {
		return nil
	}
	p := cr.prepare(ix)
	sc := getScratch(len(ix.tools))
	scores, matched, best := sc.scores, sc.matched, sc.best
	// objects counts the concepts other than the request's verb a tool
	// answers
	objects := sc.objects
	touched, hit := sc.touched, sc.hit
	for i, c := range cs {
		hit = hit[:0]
		hit = ix.score(p.own[i], c.own, 1, best, hit)
		nOwn := len(hit) // the first nOwn hits are the word's own
		// a word no tool uses can only be met through its relatives:
		// they stand in for it at more weight
		stand, unknown := 1.0, ix.dfOf(p.own[i], c.own) == 0
		if unknown {
			stand = unknownWordBoost
		}
		// a service's name ("notion") is a name, not a word
		if len(c.relatives) > 0 && !ix.serviceName(c.own) {
			for j, r := range c.relatives {
				hit = ix.score(p.rel[i][j], r.stem, expansionWeight*r.w*stand, best, hit)
			}
		}
		if unknown {
			// and so can its cognates: the first maxCognates the tools
			// searched use
			n := 0
			for j, t := range p.cog[i] {
				if n == maxCognates {
					break
				}
				if w := p.cogStem[i][j]; ix.dfOf(t, w) > 0 {
					hit = ix.score(t, w, cognateWeight*stand, best, hit)
					n++
				}
			}
		}
		for k, d := range hit {
			if best[d] == 0 {
				continue // already counted: a doc can be hit by several words
			}
			if matched[d] == 0 {
				touched = append(touched, d)
			}
			scores[d] += best[d] * c.weight
			matched[d]++
			// a relative counts as an object only when it earns what a
			// word of the task itself would (objectEvidence)
			if p.object[i] && (k < nOwn || best[d]*c.weight >= objectEvidence) {
				objects[d]++
			}
			best[d] = 0
		}
	}
	edits, reads, asks, hasObject := p.edits, p.reads, p.asks, p.hasObject
	named := p.named
	// keep the best limit in order (better score, then roster order)
	// without sorting every tool touched
	top := make([]scored, 0, limit+1)
	cover := sc.cover
	for _, d := range p.nameDocs {
		cover[d]++
	}
	singular := sc.singular
	for _, d := range p.singularDocs {
		singular[d]++
	}
	for _, d := range touched {
		s := scores[d]
		// coordination: a tool that answers more of the query's words
		// beats one that answers a single rare word very well
		s *= 1 + coordWeight*float64(matched[d])/float64(len(cs))
		// a task that names every word of a tool's name names the tool:
		// "create a pull request" is create_pull_request, not
		// create_pull_request_review
		if name := ix.tools[d].name; len(name) > 0 {
			s *= 1 + nameCoverWeight*float64(cover[d])/float64(len(name))
		}
		// a request to change something needs a tool that can
		if edits && ix.tools[d].readOnly {
			s *= readOnlyEditWeight
		}
		// a question, or a request to be shown something, asks to be
		// told, not for a change
		if (!asks || (reads && !edits)) && !ix.tools[d].readOnly {
			s *= questionWriteWeight
		}
		if named[ix.lowerNS[d]] {
			s *= 1 + namedServiceBoost
		}
		// a tool that answers only the request's verb ("move" in
		// move_file for "move the team lunch to 1pm") acts on something
		// the task never named
		if hasObject && objects[d] == 0 {
			s *= verbOnlyWeight
		}
		// a name that has the task's object in the other number acts on
		// one thing where the task asks about many, or the reverse
		for range singular[d] {
			s *= numberWeight
		}
		top = keepTop(top, scored{d, s}, limit)
	}
	for _, d := range p.nameDocs {
		cover[d] = 0
	}
	for _, d := range p.singularDocs {
		singular[d] = 0
	}
	sc.touched, sc.hit = touched, hit
	sc.release()
	return top
}

// keepTop inserts c into top, best first, keeping at most limit entries
// (top has room for limit+1): the best few without sorting every tool a
// task touched.
func keepTop(top []scored, c scored, limit int) []scored {
	if len(top) == limit && !c.before(top[limit-1]) {
		return top
	}
	// the first place c is before (a binary search, written out: this
	// runs for every tool a task touches)
	i, j := 0, len(top)
	for i < j {
		m := int(uint(i+j) >> 1)
		if c.before(top[m]) {
			j = m
		} else {
			i = m + 1
		}
	}
	top = append(top, scored{})
	copy(top[i+1:], top[i:])
	top[i] = c
	if len(top) > limit {
		top = top[:limit]
	}
	return top
}

// verbClass reports whether a concept is a verb that asks for a change
// (editVerbs, writeVerbs) or to be told something (readVerbs). A verb
// that opens a collocation takes the class of the collocation's nearest
// relative that has one: "get rid of" removes, it does not get.
func (c concept) verbClass() (edits, reads bool) {
	if !c.verb {
		return false, false
	}
	if c.colloc == "" {
		return editVerbs[c.own] || writeVerbs[c.own], readVerbs[c.own]
	}
	for _, r := range c.relatives {
		switch {
		case editVerbs[r.stem] || writeVerbs[r.stem]:
			return true, false
		case readVerbs[r.stem]:
			return false, true
		}
	}
	return false, false
}

// before orders hits: higher score first, then roster order.
func (a scored) before(b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.doc < b.doc
}

// score raises best[d], for each tool d the term occurs in (t, its
// postings), to what the term earns it at weight w, and appends d to hit.
func (ix *Index) score(t pterm, term string, w float64, best []float64, hit []int32) []int32 {
	ps := t.ps
	if len(ps) == 0 {
		return hit
	}
	if ix.view != nil {
		return ix.view.score(t, term, w, best, hit)
	}
	n, df := float64(len(ix.tools)), float64(len(ps))
	idf := termIDF(n, df, term, w)
	for _, p := range ps {
		if s := idf * float64(p.weight); s > best[p.doc] {
			best[p.doc] = s
		}
		hit = append(hit, p.doc)
	}
	return hit
}

// logIDF is BM25's rarity of a term found in df of n tools.
func logIDF(n, df float64) float64 { return math.Log(1 + (n-df+0.5)/(df+0.5)) }

// termIDF is a term's inverse document frequency among n tools, df of
// which use it, at the term's weight times w.
func termIDF(n, df float64, term string, w float64) float64 {
	return logIDF(n, df) * termWeight(term) * w
}

// dfOf is how many of the index's tools a prepared term is in.
func (ix *Index) dfOf(t pterm, term string) int {
	if ix.view != nil && len(t.ps) > 0 {
		df, _, _ := ix.view.term(t, term)
		return df
	}
	return len(t.ps)
}

// serviceName reports whether a stem is in a service namespace's name.
func (ix *Index) serviceName(stem string) bool {
	if ix.view != nil {
		return ix.view.serviceNames[stem]
	}
	return ix.serviceNames[stem]
}

// maxClauses bounds how many clauses of one query are ranked.
var maxClauses = 4

// clauses is how many clauses the terms number: the largest clause number
// and one. The last term's is not it: the words a reading adds ("edit",
// "calculate", "notify") come after every typed word with the number of
// the clause they read, often an earlier one.
func clauses(terms []qterm) int {
	n := 0
	for _, t := range terms {
		n = max(n, t.clause+1)
	}
	return n
}

// Search ranks the roster's tools against the query; see Index.Search. It
// is the one ranking function behind deferred search, the forge's search
// preview, the API and the selection evaluation. Code-only helpers are
// never returned.
func Search(query string, roster []Contract, limit int) []Hit {
	return NewIndex(roster).Search(query, limit)
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
