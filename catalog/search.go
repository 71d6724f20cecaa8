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
	// shared is, per service, the words its tools' names share (sharedWords)
	shared map[string][]string
	// services is, per term, the services it names (see serviceWords)
	services map[string][]string
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
	// name is the name's terms without the namespace, in order, and plural
	// whether each word is written in the plural; an index drops the words
	// every tool of the service shares from the front (sharedWords)
	name   []string
	plural []bool
	// capital is the description's proper nouns (properNouns)
	capital []string
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
	d.fields[fieldNamespace] = st.terms(c.Namespace())
	d.name, d.plural = st.nameTerms(c.Name())
	if n := len(d.fields[fieldNamespace]); n > 0 && len(d.name) > n && slices.Equal(d.name[:n], d.fields[fieldNamespace]) {
		// many services prefix every tool with their own name
		// ("notion_create_comment"), which says nothing of what it does
		d.name, d.plural = d.name[n:], d.plural[n:]
	}
	d.setName(0)
	d.fields[fieldTitle] = st.terms(c.Title)
	d.fields[fieldHints] = st.terms(strings.Join(c.SearchHints, " "))
	d.fields[fieldPurpose] = st.terms(withoutAdmonitions(withoutSiblingNames(c.Purpose, c.Namespace())))
	d.fields[fieldParams] = st.terms(paramText(c.Params))
	d.tool.id, d.tool.title, d.tool.description, d.tool.namespace = c.ID, c.Title, strings.TrimSpace(c.Purpose), c.Namespace()
	d.tool.readOnly = reads(c, d.name, operations(c.Params), st)
	d.capital = properNouns(d.tool.description, st)
	return d
}

// setName sets the doc's name fields from its name's terms past the
// first skip: the object's words and the action verbs apart, and the
// distinct ones and those written in the plural for the tool.
func (d *searchDoc) setName(skip int) {
	d.fields[fieldName], d.fields[fieldAction] = nil, nil
	d.tool.name, d.tool.plural = nil, nil
	for i, w := range d.name[skip:] {
		if actionVerbs[w] {
			d.fields[fieldAction] = append(d.fields[fieldAction], w)
		} else {
			d.fields[fieldName] = append(d.fields[fieldName], w)
		}
		if d.plural[skip+i] {
			d.tool.plural = append(d.tool.plural, w)
		}
	}
	d.tool.name = uniq(d.name[skip:])
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
// statements, questions and prohibitions are told apart from
// the request, and the request's verb and the head of its object lead.
// Equal scores keep roster order.
func (ix *Index) Search(query string, limit int) []Hit {
	room := getRoom()
	defer room.release()
	order, whole := ix.search(query, limit, room)
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
	room := getRoom()
	order, _ := ix.search(query, limit, room)
	var out []string
	if order != nil {
		out = make([]string, len(order))
		for i, s := range order {
			out[i] = ix.tools[s.doc].id
		}
	}
	room.release()
	return out
}

// search is Search's ranking: the tools in order, and the whole query's
// ranking (whose scores the hits show), both in room's lists (read them
// before the room is released).
func (ix *Index) search(query string, limit int, room *searchRoom) (order, whole []scored) {
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
	whole = ix.rankConcepts(&rd.whole, limit, room.list(0))
	if len(whole) == 0 {
		return nil, nil
	}
	lists := append(room.ranked[:0], whole)
	for i := range rd.parts {
		if r := ix.rankConcepts(&rd.parts[i], limit, room.list(1+i)); len(r) > 0 {
			lists = append(lists, r)
		}
	}
	room.ranked = lists
	order = room.order[:0]
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
	order = fuse(room.fused[:0], order, ix.lexical(rd.plainTerms(ix), limit, room.list(1+len(rd.parts))))
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

// Search ranks the roster's tools against the query; see Index.Search. It
// is the one ranking function behind deferred search, the forge's search
// preview, the API and the selection evaluation. Code-only helpers are
// never returned.
func Search(query string, roster []Contract, limit int) []Hit {
	return NewIndex(roster).Search(query, limit)
}
