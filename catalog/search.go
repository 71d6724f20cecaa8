package catalog

import (
	"math"
	"sort"
	"strings"
	"sync"
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

// Field weights of the ranking (BM25F): the words of a tool's name say
// most about what it does — its object ("chart" in render_chart) far more
// than its action verb ("render"), since a task's verb is often loose
// ("make a chart") while its object is not — its title and reviewed
// search hints nearly as much, its purpose less, parameter names and
// descriptions least. A namespace word ("github") only tells services
// apart.
var fieldWeights = [numFields]float64{
	fieldName:       4.0,
	fieldAction:     1.5,
	fieldTitle:      2.0,
	fieldHints:      2.0,
	fieldSignals:    1.0,
	fieldPurpose:    1.0,
	fieldParams:     0.3,
	fieldNamespace:  0.8,
	fieldOperations: 1.0,
}

// Length normalisation per field: only the free-text fields are long
// enough for it to matter.
var fieldB = [numFields]float64{fieldPurpose: 0.75, fieldParams: 0.75}

const (
	bm25K1 = 1.2
	// verbWeight scales generic action words ("make", "get", "list"): in a
	// tool name and in a task alike the object says more than the verb.
	verbWeight = 0.3
	// coordWeight is how much covering all of a query's words adds, at
	// most, to a tool's score.
	coordWeight = 0.5
	// nameCoverWeight is how much a query naming all of a tool's name
	// words adds, at most, to its score.
	nameCoverWeight = 0.6
	// offServiceWeight scales a service's tools when the task uses none of
	// the words that mark that service: "delete the word schedule from
	// this draft" is not about a pull request's draft state.
	offServiceWeight = 0.6
	// readOnlyEditWeight scales read-only tools when the task's verb
	// changes, makes or keeps something ("fix", "put … in", "save",
	// "remember"): reading is not what was asked.
	readOnlyEditWeight = 0.6
	// refusedWeight scales a tool named for what the task forbids ("don't
	// zip anything, just move them").
	refusedWeight = 0.3
	// phraseWeight is what each word of a hint phrase said word for word
	// adds to its tool's score (see saidPhrases).
	phraseWeight = 2.0
	// questionWriteWeight scales tools that change something when the task
	// only asks questions ("any pdfs in the workspace?").
	questionWriteWeight = 0.6
	// unknownWordBoost scales the relatives of a query word that no tool
	// of the index uses ("kick off", "commence"): they are all the search
	// has of it.
	unknownWordBoost = 2.0
	// kindMisfitWeight scales a tool that names no kind of thing the
	// task's references are (see qterm.kind)
	kindMisfitWeight = 0.4
	// needMisfitWeight scales a tool whose required parameters take none
	// of the kinds of reference the task gives (see needs)
	needMisfitWeight = 0.7
	// collectionWeight scales a tool named for listing or searching many
	// things when the task is about one numbered thing (see qterm.item)
	collectionWeight = 0.7
	// typoWeight is the weight of an index word one slip away from a
	// query word nothing else knows (see nearWords)
	typoWeight = 0.8
)

type field int

const (
	fieldName field = iota
	fieldAction
	fieldTitle
	fieldHints
	fieldSignals
	fieldPurpose
	fieldParams
	fieldNamespace
	// fieldOperations holds the operations a tool dispatches on (see
	// operations)
	fieldOperations
	numFields
)

// Index is a roster prepared for repeated searches. Code-only helpers are
// never indexed: they are functions inside programs, reached only through
// the code channel's catalog section, never callable from a reply, so no
// search may offer them. An Index is immutable and safe for concurrent use.
type Index struct {
	tools    []indexed
	postings map[string][]posting
	// vocabulary holds, per service namespace, the words that mark a task
	// as being about that service (see serviceVocabulary).
	vocabulary map[string]map[string]bool
	// serviceNames holds the stems of the service namespaces' names
	serviceNames map[string]bool
	// phrases holds every tool's hint phrases by their first word
	phrases map[string][]hintPhrase
	// near holds the index's words by each form with one letter left out
	// (see nearWords), built on the first search that needs it
	nearOnce sync.Once
	near     map[string][]string
}

// hintPhrase is one reviewed hint of two words or more ("what did I tell
// you", "check with me"): a task that says it in its request, stop words
// and all, says what the tool is for.
type hintPhrase struct {
	doc   int32
	words []string
}

type indexed struct {
	id, title, description, namespace string
	name                              []string // the stems of the name
	readOnly                          bool     // its effects are read-only
	// needs is the kinds of reference its required parameters take
	needs refKind
	// takes is the kinds of reference any of its parameters take
	takes refKind
	// many: its name says it lists, searches or handles many things
	// ("list_issues", "read_multiple_files", "update_content_batch")
	many bool
}

type posting struct {
	doc    int32
	weight float32 // the term's saturated, weighted frequency in the doc
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
	// phrases are the tool's search hints of two words or more, as
	// stemmer.phraseWords
	phrases [][]string
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
	for _, h := range c.SearchHints {
		if ws := st.phraseWords(h); len(ws) >= 2 {
			d.phrases = append(d.phrases, ws)
		}
	}
	d.fields[fieldSignals] = st.terms(strings.Join(c.Signals, " "))
	d.fields[fieldPurpose] = st.terms(withoutAdmonitions(withoutSiblingNames(c.Purpose, c.Namespace())))
	d.fields[fieldParams] = st.terms(paramText(c.Params))
	d.fields[fieldNamespace] = st.terms(c.Namespace())
	ops := operations(c.Params)
	d.fields[fieldOperations] = st.terms(strings.Join(ops, " "))
	d.tool = indexed{c.ID, c.Title, strings.TrimSpace(c.Purpose), c.Namespace(), uniq(append([]string(nil), name...)), reads(c, name, ops, st), needs(c.Params, st), takes(c.Params, st), many(name)}
	return d
}

func newIndex(all []searchDoc, codeOnly bool) *Index {
	ix := &Index{postings: map[string][]posting{}, phrases: map[string][]hintPhrase{}, serviceNames: map[string]bool{}}
	docs := make([][numFields][]string, 0, len(all))
	var docNames [][]string
	var totals [numFields]float64
	for _, sd := range all {
		if sd.codeOnly && !codeOnly {
			continue
		}
		ft := sd.fields
		for f := range ft {
			totals[f] += float64(len(ft[f]))
		}
		for _, p := range sd.phrases {
			ix.phrases[p[0]] = append(ix.phrases[p[0]], hintPhrase{int32(len(docs)), p})
		}
		for _, w := range ft[fieldNamespace] {
			ix.serviceNames[w] = true
		}
		docs = append(docs, ft)
		docNames = append(docNames, append(append(append([]string(nil), ft[fieldName]...), ft[fieldAction]...), ft[fieldTitle]...))
		ix.tools = append(ix.tools, sd.tool)
	}
	var avg [numFields]float64
	for f := range totals {
		if len(docs) > 0 && totals[f] > 0 {
			avg[f] = totals[f] / float64(len(docs))
		}
	}
	for d, ft := range docs {
		acc := map[string]float64{}
		for f, ws := range ft {
			norm := 1.0
			if b := fieldB[f]; b > 0 && avg[f] > 0 {
				norm = 1 - b + b*float64(len(ws))/avg[f]
			}
			for _, w := range ws {
				acc[w] += fieldWeights[f] * termWeight(w) / norm
			}
		}
		keys := make([]string, 0, len(acc))
		for w := range acc {
			keys = append(keys, w)
		}
		sort.Strings(keys)
		for _, w := range keys {
			tf := acc[w]
			ix.postings[w] = append(ix.postings[w], posting{int32(d), float32(tf * (bm25K1 + 1) / (tf + bm25K1))})
		}
	}
	ix.vocabulary = serviceVocabulary(ix.tools, docNames)
	return ix
}

// services reports which service namespaces the query speaks of: those
// whose vocabulary shares a word with it.
func (ix *Index) services(qs []string) map[string]bool {
	about := map[string]bool{}
	for ns, v := range ix.vocabulary {
		for _, q := range qs {
			if v[q] {
				about[ns] = true
				break
			}
		}
	}
	return about
}

// Len is the number of searchable tools.
func (ix *Index) Len() int { return len(ix.tools) }

// Search ranks the index's tools against the query (BM25F over the fields
// above, on stemmed words with identifiers split) and returns at most
// limit hits, best first; limit is capped at MaxSearchLimit and the query
// at MaxQueryBytes. A task of several clauses ("read the sheet and open an
// issue") needs a tool per clause: the ranking of the whole query leads,
// and each clause's ranking is interleaved after it, so the second tool
// is not buried under the first one's neighbours. The task is read for
// its structure first (parseTask): references and quoted text are names,
// statements, questions, conditions and prohibitions are told apart from
// the request, and the request's verb and the head of its object lead;
// a reviewed hint phrase said word for word counts on its own. Equal
// scores keep roster order.
func (ix *Index) Search(query string, limit int) []Hit {
	query = queryText(query)
	if limit <= 0 || limit > MaxSearchLimit {
		limit = MaxSearchLimit
	}
	if len(ix.tools) == 0 {
		return nil
	}
	terms, seq := parseTaskKept(query)
	said := ix.saidPhrases(seq)
	whole := ix.rank(terms, limit, said)
	if len(whole) == 0 {
		return nil
	}
	lists := [][]scored{whole}
	// a task of stop words only ("what did I tell you") has no terms and
	// can still say a hint phrase: one clause, the whole ranking
	if n := clauses(terms); n > 1 {
		n = min(n, maxClauses)
		for c := 0; c < n; c++ {
			var part []qterm
			asks := false // a clause of content only (a condition) asks nothing
			for _, t := range terms {
				if t.clause == c {
					part = append(part, t)
					asks = asks || !t.content
				}
			}
			if !asks {
				continue
			}
			if r := ix.rank(part, limit, nil); len(r) > 0 {
				lists = append(lists, r)
			}
		}
	}
	score := make(map[int32]float64, len(whole))
	for _, s := range whole {
		score[s.doc] = s.score
	}
	out := make([]Hit, 0, limit)
	seen := make(map[int32]bool, limit)
	for i := 0; len(out) < limit; i++ {
		more := false
		for _, l := range lists {
			if i >= len(l) || len(out) == limit {
				continue
			}
			more = true
			d := l[i].doc
			if seen[d] {
				continue
			}
			seen[d] = true
			t := ix.tools[d]
			out = append(out, Hit{ID: t.id, Title: t.title, Description: t.description, Score: math.Round(score[d]*1000) / 1000})
		}
		if !more {
			break
		}
	}
	return out
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
func (ix *Index) rank(qs []qterm, limit int, said map[int32]float64) []scored {
	cs := concepts(qs)
	if len(cs) == 0 && len(said) == 0 {
		return nil
	}
	n := len(ix.tools)
	scores := make([]float64, n)
	matched := make([]int32, n)
	best := make([]float64, n)
	var touched, hit []int32
	for _, c := range cs {
		hit = hit[:0]
		hit = ix.score(c.own, 1, best, hit)
		// a word no tool uses can only be met through its relatives:
		// they stand in for it at more weight
		stand := 1.0
		if len(ix.postings[c.own]) == 0 {
			stand = unknownWordBoost
		}
		for _, r := range c.relatives {
			if ix.serviceNames[c.own] {
				break // a service's name ("notion") is a name, not a word
			}
			hit = ix.score(r.stem, expansionWeight*r.w*stand, best, hit)
		}
		if r := unprefixed(c.own); r != "" {
			hit = ix.score(r, expansionWeight, best, hit)
		}
		if stand == unknownWordBoost && len(c.relatives) == 0 && !c.content {
			// a word nobody uses and no lexicon knows is likely mistyped
			// ("lsit the open PRs"): the index's words one slip away
			for _, w := range ix.nearWords(c.own) {
				hit = ix.score(w, typoWeight, best, hit)
			}
		}
		for _, d := range hit {
			if best[d] == 0 {
				continue // already counted: a doc can be hit by several words
			}
			if matched[d] == 0 {
				touched = append(touched, d)
			}
			scores[d] += best[d] * c.weight
			matched[d]++
			best[d] = 0
		}
	}
	for d, b := range said {
		if matched[d] == 0 {
			touched = append(touched, d)
		}
		scores[d] += b
		matched[d]++
	}
	// what the task asks for, not what it is about, names a tool or a
	// service
	asked := make(map[string]bool, len(cs))
	var request []string
	edits, reads := false, false
	// beside a request, a question's words say what it is about, not
	// which tool is asked for ("when was the latest release? have a look
	// on the internet")
	questionOnly := map[string]bool{}
	requested := false
	for _, q := range qs {
		requested = requested || q.verb && !q.question && !q.content && !q.implied
	}
	if requested {
		for _, q := range qs {
			if q.question && !q.content {
				questionOnly[q.stem] = true
			}
		}
		for _, q := range qs {
			if !q.question {
				delete(questionOnly, q.stem)
			}
		}
	}
	for _, c := range cs {
		e, r := c.verbClass()
		edits = edits || e
		reads = reads || r
		if !c.content {
			asked[c.own] = (!c.verb || actionVerbs[c.own]) && !questionOnly[c.own]
			if !c.verb {
				request = append(request, c.own)
			}
		}
	}
	// what a prohibition names ("don't zip anything"), with its
	// thesaurus relatives: a tool named for it is not what was asked
	refused := map[string]bool{}
	asks := false // a request term outside a question
	for _, q := range qs {
		if !q.content && !q.marker && !q.question {
			asks = true
		}
		switch {
		case q.marker:
			request = append(request, q.stem)
			asked[q.stem] = true
		case q.negated:
			refused[q.stem] = true
			for _, r := range related[q.stem] {
				refused[r] = true
			}
		}
	}
	about := ix.services(request)
	kinds := ix.kinds(qs)
	gave := given(qs)
	// a task about one numbered thing ("PR 88", "#212") that does not ask
	// for a list or a search wants a tool for that one thing
	one, files := false, 0
	for _, q := range qs {
		one = one || q.item && !q.negated
		if q.kind && q.stem == fileStem && !q.negated && !q.content {
			files++
		}
	}
	one = one || files == 1
	for _, q := range qs {
		if (q.verb || q.verbSense) && collectionVerbs[q.stem] {
			one = false
			break
		}
	}
	// keep the best limit in order (better score, then roster order)
	// without sorting every tool touched
	top := make([]scored, 0, limit+1)
	for _, d := range touched {
		s := scores[d]
		// coordination: a tool that answers more of the query's words
		// beats one that answers a single rare word very well
		s *= 1 + coordWeight*float64(matched[d])/float64(len(cs)+len(said))
		// a task that names every word of a tool's name names the tool:
		// "create a pull request" is create_pull_request, not
		// create_pull_request_review
		if name := ix.tools[d].name; len(name) > 0 {
			covered := 0
			for _, w := range name {
				if asked[w] {
					covered++
				}
			}
			s *= 1 + nameCoverWeight*float64(covered)/float64(len(name))
		}
		if ns := ix.tools[d].namespace; ns != "" && !about[ns] {
			s *= offServiceWeight
		}
		// a reference says what kind of thing the request acts on
		// ("#general" a channel, "acme/api" a repository): a tool whose
		// text never names that kind acts on something else
		if len(kinds) > 0 && ix.tools[d].takes&gave == 0 && !ix.hasAny(d, kinds) {
			s *= kindMisfitWeight
		}
		// a tool that needs a kind of reference the task does not give,
		// where the task gives another ("fetch the figures from
		// reports/q2.pdf": a path, and web_fetch needs a URL), is for
		// another kind of thing
		if need := ix.tools[d].needs; gave != 0 && need != 0 && need&gave == 0 {
			s *= needMisfitWeight
		}
		if one && ix.tools[d].many {
			s *= collectionWeight
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
		for _, w := range ix.tools[d].name {
			if refused[w] {
				s *= refusedWeight
				break
			}
		}
		c := scored{d, s}
		if len(top) == limit && !c.before(top[limit-1]) {
			continue
		}
		i := sort.Search(len(top), func(i int) bool { return c.before(top[i]) })
		top = append(top, scored{})
		copy(top[i+1:], top[i:])
		top[i] = c
		if len(top) > limit {
			top = top[:limit]
		}
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

// unprefixed is the verb an "un-" verb undoes ("unsubscribe":
// "subscribe", "unstar": "star"): a tool that manages a subscription also
// ends one. It is searched like a thesaurus relative; the stem must be
// four letters or more once the prefix is off, so "under" or "until"
// give nothing a catalog would use.
func unprefixed(stem string) string {
	if len(stem) >= 6 && strings.HasPrefix(stem, "un") {
		return stem[2:]
	}
	return ""
}

// minTypoLen is the shortest word read as mistyped: shorter ones are
// one slip away from too many others. maxTypoLen is the longest: longer
// strings are names or noise, and their deletions would cost a search
// one string per letter.
const minTypoLen, maxTypoLen = 4, 20

// nearWords are the index's words one slip away from w — a letter added,
// left out, changed, or two letters swapped ("lsit": list, "renma":
// renam) — when w is a word of letters at least minTypoLen long. It
// finds them through the forms with one letter left out (symmetric
// deletion), so a search looks up len(w)+1 keys, whatever the index.
func (ix *Index) nearWords(w string) []string {
	if len(w) < minTypoLen || len(w) > maxTypoLen || !letters(w) {
		return nil
	}
	ix.nearOnce.Do(ix.buildNear)
	var out []string
	seen := map[string]bool{}
	for _, k := range append(deletions(w), w) {
		for _, c := range ix.near[k] {
			if !seen[c] && c != w && oneSlip(w, c) {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Strings(out)
	return out
}

// buildNear indexes every word of the index of letters, at least
// minTypoLen long, under itself and its deletions.
func (ix *Index) buildNear() {
	ix.near = map[string][]string{}
	words := make([]string, 0, len(ix.postings))
	for w := range ix.postings {
		if len(w) >= minTypoLen && len(w) <= maxTypoLen+1 && letters(w) {
			words = append(words, w)
		}
	}
	sort.Strings(words)
	for _, w := range words {
		ix.near[w] = append(ix.near[w], w)
		for _, d := range deletions(w) {
			ix.near[d] = append(ix.near[d], w)
		}
	}
}

func letters(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// deletions are w with each one of its letters left out.
func deletions(w string) []string {
	out := make([]string, 0, len(w))
	for i := range len(w) {
		out = append(out, w[:i]+w[i+1:])
	}
	return out
}

// oneSlip reports whether a and b differ by one letter added, left out
// or changed, or by two neighbouring letters swapped.
func oneSlip(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	switch len(a) - len(b) {
	case 1:
		i := 0
		for i < len(b) && a[i] == b[i] {
			i++
		}
		return a[i+1:] == b[i:]
	case 0:
		i := 0
		for i < len(a) && a[i] == b[i] {
			i++
		}
		if i == len(a) {
			return false
		}
		if a[i+1:] == b[i+1:] {
			// a letter changed: only for a key next to it, else
			// "older" would be "order"
			return neighbourKeys(a[i], b[i])
		}
		return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	return false
}

// keyRows are the letter rows of a QWERTY keyboard.
var keyRows = [3]string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}

// neighbourKeys reports whether two letters are keys side by side or one
// above the other on a QWERTY keyboard, the letters a finger slips
// between.
func neighbourKeys(a, b byte) bool {
	ra, ca := keyAt(a)
	rb, cb := keyAt(b)
	if ra < 0 || rb < 0 {
		return false
	}
	switch ra - rb {
	case 0:
		return ca-cb == 1 || cb-ca == 1
	case 1, -1:
		// a lower row is shifted half a key right of the one above
		if ra > rb {
			return cb == ca || cb == ca+1
		}
		return ca == cb || ca == cb+1
	}
	return false
}

func keyAt(c byte) (row, col int) {
	for r, keys := range keyRows {
		if i := strings.IndexByte(keys, c); i >= 0 {
			return r, i
		}
	}
	return -1, -1
}

// before orders hits: higher score first, then roster order.
func (a scored) before(b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.doc < b.doc
}

// score raises best[d], for each tool d the term occurs in, to what the
// term earns it at weight w, and appends d to hit.
func (ix *Index) score(term string, w float64, best []float64, hit []int32) []int32 {
	ps := ix.postings[term]
	if len(ps) == 0 {
		return hit
	}
	n, df := float64(len(ix.tools)), float64(len(ps))
	idf := math.Log(1+(n-df+0.5)/(df+0.5)) * termWeight(term) * w
	for _, p := range ps {
		if s := idf * float64(p.weight); s > best[p.doc] {
			best[p.doc] = s
		}
		hit = append(hit, p.doc)
	}
	return hit
}

// saidPhrases finds the tools whose hint phrases the task's request says
// word for word (seq, see parseTask), each with what the longest earns it:
// phraseWeight per word.
func (ix *Index) saidPhrases(seq []string) map[int32]float64 {
	var said map[int32]float64
	for i, w := range seq {
		if w == "" {
			continue
		}
	next:
		for _, p := range ix.phrases[w] {
			if i+len(p.words) > len(seq) {
				continue
			}
			for j, pw := range p.words {
				if seq[i+j] != pw {
					continue next
				}
			}
			if said == nil {
				said = map[int32]float64{}
			}
			if b := phraseWeight * float64(len(p.words)); b > said[p.doc] {
				said[p.doc] = b
			}
		}
	}
	return said
}

// maxClauses bounds how many clauses of one query are ranked.
const maxClauses = 4

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

// serviceVocabulary finds, for each service namespace, the words that
// mark a task as being about it, from the index alone: the namespace's
// own name and every word of its tools' names and titles that at least
// three of its tools use and that is at least twice as common among them
// as among the other tools, verbs excepted. For the GitHub service that is
// words like "repository", "pull", "issue" and "branch", never "file",
// "word" or "add".
func serviceVocabulary(tools []indexed, names [][]string) map[string]map[string]bool {
	inNS := map[string]map[string]int{}
	count := map[string]int{}
	all := map[string]int{}
	for d, t := range tools {
		count[t.namespace]++
		seen := map[string]bool{}
		for _, w := range names[d] {
			if seen[w] {
				continue
			}
			seen[w] = true
			all[w]++
			if inNS[t.namespace] == nil {
				inNS[t.namespace] = map[string]int{}
			}
			inNS[t.namespace][w]++
		}
	}
	out := map[string]map[string]bool{}
	for ns, ws := range inNS {
		if ns == "" {
			continue
		}
		v := map[string]bool{}
		for _, w := range stemmer(nil).terms(ns) {
			v[w] = true
		}
		rest := len(tools) - count[ns]
		for w, k := range ws {
			if actionVerbs[w] || genericVerbs[w] {
				continue // a verb says what is done, not to which service
			}
			other := all[w] - k
			if k >= 3 && (rest == 0 || float64(k)/float64(count[ns]) >= 2*float64(other)/float64(rest)) {
				v[w] = true
			}
		}
		out[ns] = v
	}
	return out
}
