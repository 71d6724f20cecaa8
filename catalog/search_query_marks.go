package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// parsedWord is a raw word with its place in the task.
type parsedWord struct {
	lower                             string
	terms                             []string
	content, verb, file, marker, head bool
	implied                           bool // added by a reading, not typed
	question                          bool // in a question
	negated                           bool // in a prohibition
	clause                            int
	punct                             byte
	colloc                            string // see qterm.colloc
	stmt                              bool   // in a statement (see parseTask)
	ref                               bool   // see qterm.ref
	which                             bool   // see qterm.which
}

// pronouns stand for something the task said before ("remove it",
// "rerun them").
var pronouns = map[string]bool{"it": true, "them": true, "this": true, "that": true, "these": true, "those": true}

// markCollocations marks the request words that open a lexicon
// collocation ("kick off", "set up", "get rid of") within their clause.
// The words after one are stemmed only when it opens a collocation.
func markCollocations(ws []parsedWord, st stemmer) {
	lexicon := theLexicon()
	for i := 0; i < len(ws); {
		w := ws[i]
		if w.content || w.marker || w.file || len(w.terms) == 0 || !verbPlace(ws, i) || !lexicon.opens(st.stem(w.lower)) {
			i++
			continue
		}
		var seq []string
		for j := i; j < len(ws) && j < i+4 && ws[j].clause == w.clause && !ws[j].content && !ws[j].marker; j++ {
			seq = append(seq, st.stem(ws[j].lower))
		}
		if key, n := lexicon.collocation(seq, 0); n > 0 {
			ws[i].colloc = key
			i += n
			continue
		}
		if len(seq) > 2 && pronouns[ws[i+1].lower] {
			// a pronoun between a verb and its particle ("turn it off",
			// "commit this to memory"): the verb's collocation still
			if key, n := lexicon.collocation(append([]string{seq[0]}, seq[2:]...), 0); n > 0 {
				ws[i].colloc = key
				i += n + 1
				continue
			}
		}
		i++
	}
}

// verbPlace reports whether a word stands where a verb does: a clause's
// verb, or after "to" or a subject ("I need to kick
// off …", "we set up …"). A collocation is a verb's: "work in" is not
// what "save my work in the repo" says, nor "file in" "the file in my
// folder".
func verbPlace(ws []parsedWord, i int) bool {
	if ws[i].verb {
		return true
	}
	if i == 0 || ws[i-1].clause != ws[i].clause {
		return false
	}
	prev := strings.SplitN(ws[i-1].lower, "'", 2)[0]
	return prev == "to" || subjects[prev]
}

// markHeads marks the head noun of each clause verb's object: the last
// request word of the noun phrase that follows the verb, which ends at a
// preposition or joiner (spanEnds), a content word, or the clause's end
// ("pull the latest numbers from …": numbers; "comment out the debug
// print lines in …": lines).
func markHeads(ws []parsedWord) {
	for i := range ws {
		if !ws[i].verb {
			continue
		}
		head := -1
		ended := false // a preposition or joiner has been passed
		for j := i + 1; j < len(ws) && ws[j].clause == ws[i].clause; j++ {
			if ws[j].marker {
				continue
			}
			if ws[j].content || spanEnds[ws[j].lower] {
				ended = ended || spanEnds[ws[j].lower]
				if head >= 0 {
					break
				}
				if ws[j].content {
					continue
				}
			}
			if head < 0 && !ended && j > i+1 && pronounObjects[ws[j-1].lower] && relativeSubjects[ws[j].lower] && j+1 < len(ws) && ws[j+1].clause == ws[i].clause {
				// "forget everything you stored", "delete what I
				// saved": an object that is a pronoun alone, then a
				// clause with its own subject, which says which things
				// the pronoun means: its words name no object
				for k := j; k < len(ws) && ws[k].clause == ws[i].clause && !ws[k].content && !spanEnds[ws[k].lower]; k++ {
					ws[k].which = true
				}
				break
			}
			if len(ws[j].terms) > 0 && !locatives[ws[j].lower] && (head < 0 || !startsWithDigit(ws[j].lower)) {
				// a number names the thing before it ("PR 73"): it
				// is no head
				head = j
			}
			if ws[j].punct != 0 {
				break
			}
		}
		if head >= 0 {
			ws[head].head = true
			markProduct(ws, i, head)
		}
	}
}

// relativeSubjects open a clause after a pronoun object that says which
// things it means ("everything I told you", "what you saved").
var relativeSubjects = map[string]bool{"i": true, "we": true, "you": true, "they": true, "he": true, "she": true}

// pronounObjects are objects that name nothing themselves: a clause after
// one says what they mean.
var pronounObjects = map[string]bool{"everything": true, "anything": true, "all": true, "what": true, "whatever": true, "something": true}

func startsWithDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimPrefix(s, "#"))
	return unicode.IsDigit(r)
}

// markProduct marks the head of what a request makes of its object, when
// the object is followed by "as" or "into" and an indefinite noun phrase:
// "sketch the review flow as a diagram", "turn the table into a pie
// chart" ask for a diagram and a chart.
func markProduct(ws []parsedWord, verb, head int) {
	c := ws[verb].clause
	for j := head + 1; j+2 < len(ws) && ws[j].clause == c; j++ {
		if ws[j].content || (ws[j].lower != "as" && ws[j].lower != "into") || !indefinite[ws[j+1].lower] {
			continue
		}
		product := -1
		for k := j + 2; k < len(ws) && ws[k].clause == c && !ws[k].content && !spanEnds[ws[k].lower]; k++ {
			if len(ws[k].terms) > 0 {
				product = k
			}
			if ws[k].punct != 0 {
				break
			}
		}
		if product >= 0 {
			ws[product].head = true
		}
		return
	}
}
