package catalog

import (
	"sort"
	"strings"
	"sync"
)

// thesaurus groups everyday words of office and software work that mean
// the same thing to someone asking for a tool. It is general vocabulary,
// written for no catalog and no case set: a query word in a group also
// searches for the group's other words, at expansionWeight. Per-tool
// vocabulary belongs in a tool's reviewed search hints instead.
var thesaurus = [][]string{
	{"create", "make", "generate", "produce", "new", "add"},
	{"delete", "remove", "drop", "erase", "discard", "purge", "rid", "trash", "forget"},
	{"edit", "change", "modify", "update", "fix", "correct", "amend", "tweak", "rewrite", "revise"},
	{"show", "display", "view", "see", "list"},
	{"find", "search", "locate", "lookup", "seek", "discover"},
	{"fetch", "retrieve", "grab", "obtain", "download", "pull", "get"},
	{"send", "post", "publish", "share", "submit"},
	{"image", "picture", "screenshot", "snapshot", "photo", "capture"},
	{"folder", "directory"},
	{"document", "doc", "paper", "report"},
	{"text", "word", "words", "passage", "sentence", "paragraph", "line", "wording"},
	{"rename", "move", "relocate"},
	{"calculate", "compute", "count", "sum", "total", "arithmetic"},
	{"average", "mean", "median"},
	{"compare", "diff", "difference", "contrast", "changed"},
	{"notify", "alert", "remind", "ping", "email"},
	{"remember", "memorize", "recall", "memory"},
	{"issue", "bug", "ticket", "defect", "problem"},
	{"release", "version", "ship", "shipped"},
	{"spreadsheet", "sheet", "excel", "workbook", "xlsx"},
	{"table", "dataset", "data"},
	{"website", "site", "webpage", "page", "url", "link"},
	{"internet", "web", "online"},
	{"secret", "credential", "token", "password", "key"},
	{"comment", "reply", "remark", "respond"},
	{"merge", "land", "combine"},
	{"user", "account", "profile", "username"},
	{"repository", "repo", "project", "codebase"},
	{"run", "execute", "launch", "trigger", "start", "rerun"},
	{"workflow", "pipeline", "ci", "build"},
	{"label", "tag", "categorize"},
	{"close", "resolve", "finish", "done", "finished"},
	{"convert", "export", "transform", "turn"},
	{"read", "open", "inspect", "check"},
	{"save", "store", "keep", "write"},
	{"statistics", "stats", "distribution", "spread", "variance"},
	{"query", "sql", "filter", "select"},
	{"schedule", "calendar", "appointment", "meeting"},
}

// expansionWeight is the weight of a word reached through the thesaurus
// rather than typed.
var expansionWeight = 0.4

// maxExpandedTerms bounds a query's terms after expansion.
const maxExpandedTerms = 160

// related maps a stem to the stems of its thesaurus groups, built once.
var related = sync.OnceValue(buildRelated)

func buildRelated() map[string][]string {
	m := map[string]map[string]bool{}
	for _, g := range thesaurus {
		stems := make([]string, 0, len(g))
		for _, w := range g {
			stems = append(stems, stemWord(w, true))
		}
		for _, a := range stems {
			if m[a] == nil {
				m[a] = map[string]bool{}
			}
			for _, b := range stems {
				if a != b {
					m[a][b] = true
				}
			}
		}
	}
	out := make(map[string][]string, len(m))
	for a, bs := range m {
		for b := range bs {
			out[a] = append(out[a], b)
		}
		sort.Strings(out[a])
	}
	return out
}

// concept is one word of the query with its thesaurus relatives. A tool
// earns a concept once, by the best of its words, so a tool whose hints
// list five synonyms of "delete" does not outscore one that matches the
// query's other words.
type concept struct {
	own    string
	plural bool // see qterm.plural
	// countless: see qterm.countless
	countless bool
	// relatives are the words the concept also searches for, each at
	// expansionWeight times its own weight
	relatives []lexRel
	weight    float64
	content   bool
	verb      bool // see qterm
	// colloc is the lexicon collocation the word opens ("get rid of"):
	// the collocation, not the word, says what is asked
	colloc string
	which  bool // see qterm.which
}

// A request is usually put as a verb and its object ("make a flowchart
// of …", "fix the link in …"): the verb and the head noun of its object in
// the first clause that has a verb weigh leadWeight (see qterm.head), the
// qualifiers around them 1, content words (see qterm) contentWeight. A
// task with no verb (a question, a bare noun phrase) leads with its first
// leadConcepts request words.
const leadConcepts = 2

// leadWeight: see leadConcepts. 1.5 → 1.3 measured with the answer of search_fit.go on the tuning
// pool (TestStagedTune): tuning parts top-1 +15, misleading top-1 +9,
// recall@5 +4 of 5953; held-out third of blind7–18 top-1 +2 of 1178,
// misleading +3 of 429, recall@5 −8 of 1330; the project's tuning cases
// lose a misleading one whose qualifier names another tool's name word
// (an edit "from this draft" goes to the tool named for drafts), under
// TestSearchBeatsBM25's bar. Not kept: a constant, no tuning knob.
const leadWeight = 1.5

// concepts turns the query's distinct terms into concepts, at most
// maxQueryTerms of them and maxExpandedTerms words in all. A word that is
// both content and request somewhere in the task counts as request.
func concepts(qs []qterm) []concept {
	lexicon := theLexicon()
	colloc := map[string]string{} // a word's collocation ("kick" of "kick off")
	for _, q := range qs {
		if q.colloc != "" && colloc[q.stem] == "" {
			colloc[q.stem] = q.colloc
		}
	}
	out := make([]concept, 0, len(qs))
	at := make(map[string]int, len(qs))
	for _, q := range qs {
		if q.marker || q.negated {
			continue
		}
		if i, ok := at[q.stem]; ok {
			if !q.content {
				out[i].content = false
			}
			if !q.verb {
				out[i].verb = false
			}
			if !q.which {
				out[i].which = false
			}
			continue
		}
		if len(out) == maxQueryTerms {
			continue
		}
		at[q.stem] = len(out)
		out = append(out, concept{own: q.stem, plural: q.plural, countless: q.countless, content: q.content, verb: q.verb, which: q.which})
	}
	// the lead: the first clause with a verb, its verb and head noun
	leads := map[string]bool{}
	leadClause := -1
	for _, q := range qs {
		if q.verb && !q.content && !q.implied {
			leadClause = q.clause
			break
		}
	}
	for _, q := range qs {
		if q.ref || q.clause == leadClause && !q.content && !q.marker && !q.implied && (q.verb || q.head) || q.implied && q.stem == calculateStem {
			leads[q.stem] = true
		}
		if leadClause < 0 && q.implied && q.verb {
			// a task with no typed verb ("… how much is 15 percent of
			// this?") has its reading's verb
			leads[q.stem] = true
		}
	}
	words, lead := len(out), 0
	for i := range out {
		c := &out[i]
		switch {
		case c.content:
			c.weight = contentWeight
		case leads[c.own]:
			c.weight = leadWeight
		case leadClause < 0 && lead < leadConcepts:
			c.weight = leadWeight
			lead++
		default:
			c.weight = 1
		}
		// a collocation that does not count its own first word among
		// its relatives means something else: "get rid of" is not
		// "get", while "pull in" and "write down" still pull and write
		k := colloc[c.own]
		if k != "" && c.verb && !lexicon.relatives(k, true).has(c.own) {
			c.colloc = k
		}
		for _, r := range related()[c.own] {
			if c.colloc != "" {
				break // "get rid of" is not "get"
			}
			if words == maxExpandedTerms {
				break
			}
			c.relatives = append(c.relatives, lexRel{r, 1})
			words++
		}
		if k != "" {
			// a phrasal verb's compound ("look up": lookup, "back up":
			// backup, "set up": setup) and its thesaurus relatives
			j := strings.ReplaceAll(k, " ", "")
			for _, r := range append([]string{j}, related()[j]...) {
				if words < maxExpandedTerms && r != c.own && !hasRel(c.relatives, r) {
					c.relatives = append(c.relatives, lexRel{r, 1})
					words++
				}
			}
		}
		if c.content {
			continue // a name or a topic is not expanded by the lexicon
		}
		var rs lexRels
		if k != "" {
			rs = lexicon.relatives(k, true)
		} else {
			rs = lexicon.relatives(c.own, c.verb)
		}
		n := 0
		for r := range rs.all() {
			if words == maxExpandedTerms || n == maxLexRelatives {
				break
			}
			if r.stem == c.own || hasRel(c.relatives, r.stem) {
				continue
			}
			c.relatives = append(c.relatives, lexRel{r.stem, lexiconWeight * r.w})
			words++
			n++
		}
	}
	return out
}

// lexiconWeight scales a lexicon relative's weight (see lexRel) against a
// thesaurus relative's.
const lexiconWeight = 0.75

// maxLexRelatives bounds the lexicon relatives of one query word.
const maxLexRelatives = 4

func hasRel(rs []lexRel, stem string) bool {
	for _, r := range rs {
		if r.stem == stem {
			return true
		}
	}
	return false
}
