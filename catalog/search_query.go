package catalog

import (
	"regexp"
	"strings"
	"sync"

	"github.com/kljensen/snowball/english"
	"unicode"
	"unicode/utf8"
)

// qterm is one search term of a task. A content term is part of what the
// task is about rather than what it asks done: a quoted string, the word
// after "the word", a name after "called", the topic after "about", the
// base name of a file. "delete the word schedule from this draft" asks for
// a text edit; "schedule" is the text.
type qterm struct {
	stem string
	// plural marks a noun the task writes in the plural ("which teams")
	plural bool
	// one marks a noun the task follows with the number of one thing of
	// its kind ("work item 4521", "PR #88")
	one bool
	// countless marks a singular that says nothing of how many things the
	// task acts on: it follows every, each, all or any (see countsNothing)
	countless bool
	content   bool
	// verb marks the word a clause opens with, where a request puts its
	// verb ("pull in the pricing page", "star the repo"): it says what to
	// do, so it names no service and no object in a tool's name.
	verb bool
	// head marks the head noun of the verb's object, the last word of the
	// noun phrase after the verb ("make a bar chart of revenue": chart):
	// with the verb it says what is asked; the words before it qualify it.
	head bool
	// implied terms come from a reading of the task ("edit"), not its words
	implied bool
	// negated terms are in a prohibition ("don't zip anything, just move
	// them"): content, and tools that do what they name weigh less
	negated bool
	// question terms are in a question ("which PRs are open?"): it asks
	// to be told something, not for a change
	question bool
	clause   int
	// marker terms are implied by the task's form, not typed ("acme/web"
	// is a repository): they say which service a task is about and score
	// nothing.
	marker bool
	// ref marks a reference the task gives (a URL): it leads like the
	// head of the request's object
	ref bool
	// colloc is the lexicon collocation the word opens ("kick off the
	// build": "kick off"), as its stems joined by spaces, or ""
	colloc string
}

// contentWeight is the weight of a content term: it still counts (a
// task may be about nothing else), but far less than the words of the
// request around it.
var contentWeight = 0.2

// maxContentWords bounds a content span opened by a marker word: a name
// or a topic is a few words, not the rest of the task.
const maxContentWords = 5

// contentOpeners open a content span that runs from the next word to the
// next boundary: a name ("a folder called invoices"), a topic ("an issue
// about the broken login"); so do describingWords, for what a text says
// ("a comment explaining the timeout").
var contentOpeners = map[string]bool{
	"called": true, "named": true, "titled": true, "entitled": true, "labeled": true, "labelled": true,
	"about": true, "regarding": true, "concerning": true,
}

// textNouns open a content span after an article: "the word schedule",
// "the phrase thank you", "the string TODO". The noun itself stays a
// request term: it says the task works on text.
var textNouns = map[string]bool{
	"word": true, "words": true, "phrase": true, "term": true, "string": true, "text": true,
}

// questionWords open a question, not a request: the word after them is
// no verb.
var questionWords = map[string]bool{
	"what": true, "which": true, "who": true, "whose": true, "how": true, "where": true, "when": true, "why": true,
	"is": true, "are": true, "does": true, "do": true, "did": true, "was": true, "were": true,
	// written without the apostrophe
	"whats": true, "whos": true, "hows": true, "wheres": true, "whens": true, "whys": true,
}

var articles = map[string]bool{"the": true, "a": true, "an": true, "this": true, "that": true}

// spanEnds end a content span: the words that start a new part of a
// request (where, to what, how, when), and the joiners of steps.
var spanEnds = map[string]bool{
	"to": true, "into": true, "from": true, "in": true, "on": true, "onto": true, "at": true, "for": true,
	"with": true, "as": true, "of": true, "by": true, "via": true, "using": true, "inside": true, "within": true,
	"and": true, "then": true, "or": true, "but": true, "so": true, "because": true, "before": true,
	"after": true, "once": true, "when": true, "if": true, "until": true,
}

// adverbs of place and time end a content span too: in "articles about
// the outage online" the topic is the outage, and "online" says where to
// look. A closed class of English words.
var adverbs = map[string]bool{
	"online": true, "offline": true, "locally": true, "remotely": true, "here": true, "there": true,
	"now": true, "today": true, "tonight": true, "tomorrow": true, "yesterday": true, "again": true,
	"first": true, "later": true, "soon": true, "asap": true, "anywhere": true, "everywhere": true,
}

// conditionOpeners start a condition, which runs to the end of its
// clause: "merge PR 87 once the checks pass", "before you send anything
// out, check with me first". A condition names an event, not what to do,
// so its words are content. "when" opens one only after the clause has
// begun ("email me when it is done"); at the start it asks a question.
var conditionOpeners = map[string]bool{
	"once": true, "if": true, "unless": true, "until": true, "whenever": true, "while": true,
	"before": true, "after": true,
}

// clauseJoiners split a task into clauses ("read the sheet and open an
// issue"); see Index.Search.
var clauseJoiners = map[string]bool{"and": true, "then": true}

// rawWord is a word of the task before stemming, with what the text
// around it says.
type rawWord struct {
	text    string
	content bool // quoted or a file's base name
	file    bool // the words that stand for a named file
	marker  bool // implied by a reference's form (see qterm.marker)
	ref     bool // says what a reference is ("url"), never what it says
	punct   byte // the clause or sentence punctuation after the word, if any
}

// parseTask turns a task into search terms, marking content terms and
// the verb, and numbering clauses.
func parseTask(q string) []qterm {
	// one memo of stems for the task: a word said again, or read again
	// by markCollocations, is stemmed once
	st := stemmer{}
	ws := rawWords(q)
	words := make([]parsedWord, 0, len(ws))
	clause := 0
	span := 0          // words left in an open content span
	opening := true    // no word of the clause has given a term yet
	question := false  // the clause opened with a question word
	cond := false      // in a condition ("once the checks pass")
	neg := false       // in a prohibition ("don't zip anything")
	statement := false // the clause opened with its subject ("nobody uses …")
	polite := false    // the clause opened with "can/could/would you …"
	desire := false    // the clause opened with "I need/want …"
	light := false     // the clause opened with a light verb ("have a look")
	// after "with:", "saying:" and the like, a list of what goes in runs
	// to the end of the sentence, commas and verbs and all ("make a file
	// todo.txt with: call bank, renew passport")
	listing := false
	clauseStart := 0 // the clause's first word in words
	next := func() {
		if !opening {
			clause++
		}
		opening, question, span, cond, neg, statement, polite = true, false, 0, false, false, false, false
		desire, light = false, false
		clauseStart = len(words)
	}
	for i, w := range ws {
		lw := strings.ToLower(w.text)
		if w.marker {
			words = append(words, parsedWord{lower: lw, terms: st.queryTerms(w.text), marker: true, content: true, clause: clause})
			if w.punct == ';' || w.punct == ',' || w.punct == '.' || w.punct == '!' || w.punct == '?' {
				next()
			}
			continue
		}
		if !w.content && !w.file && clauseJoiners[lw] {
			if lw == "then" || i+1 == len(ws) || !startsNounPhrase(ws[i+1]) {
				next()
			}
			continue
		}
		if !w.content && span > 0 && (spanEnds[lw] || adverbs[lw] || auxiliaries[lw]) {
			span = 0
		}
		if !w.content && !w.file && (conditionOpeners[lw] || (lw == "when" && !opening)) {
			cond = true
		}
		p := parsedWord{lower: lw, file: w.file, content: w.content || span > 0 || cond || listing && !w.ref, clause: clause, terms: st.queryTerms(w.text), punct: w.punct}
		if !w.content && !w.file && creatingVerbs[lw] && i+1 < len(ws) && indefinite[strings.ToLower(ws[i+1].text)] {
			// "open a ticket", "raise an issue", "file a bug": an
			// indefinite object of these verbs is made, not read
			p.terms = []string{createStem}
		}
		if span > 0 {
			span--
		}
		if opening && !question && !w.content && !w.file && addressed(ws, i) {
			// "tell marta that the tests pass", "let the folks on PR 45
			// know I'll review it": a word to someone else, which tools
			// carry as a message or a comment; the one told is a name
			p.terms = []string{messageStem, commentStem}
			if lw == "tell" && !articles[strings.ToLower(ws[i+1].text)] && !possessives[strings.ToLower(ws[i+1].text)] {
				ws[i+1].content = true
			}
		}
		if opening && !w.content && !w.file {
			base := strings.SplitN(lw, "'", 2)[0]
			switch {
			case negators[lw] || (lw == "do" && i+1 < len(ws) && strings.EqualFold(ws[i+1].text, "not")):
				neg = true
			case questionWords[base]:
				question = true
			case scopeOpeners[lw]:
				// "for every open bug, …", "in my reading list, …": a
				// scope, whose first word is no verb
				statement = true
			case politeModals[lw]:
				polite = true
			case !polite && !question && !neg && (base == "i" || base == "we") && i+1 < len(ws) && desireWords[strings.ToLower(ws[i+1].text)]:
				// "I need …", "we'd like …": a request, put as a wish
				polite, desire = true, true
			case lightVerbs[lw]:
				// "have a look": the article after a light verb
				// opens no statement (see markLightVerbs)
				light = true
			case !polite && !question && !neg && !light && (subjects[base] || articles[lw] || possessives[lw] || len(p.terms) > 0 && sForm(lw)):
				// a clause opening with its subject ("nobody uses …")
				// or a noun phrase ("the label on the x axis is …")
				statement = true
			}
		}
		if neg {
			p.content, p.negated = true, true
		}
		if !w.content && !w.file && !opening && lw == "that" && i+1 < len(ws) && clauseStarts(ws[i+1]) {
			// "reply that it's fixed", "note that the deploy is on
			// Friday": what is said, to the end of the clause
			cond = true
		}
		if opening && len(p.terms) > 0 {
			p.verb = !p.content && !question && !statement
			if desire && i > 0 && (articles[strings.ToLower(ws[i-1].text)] || possessives[strings.ToLower(ws[i-1].text)]) {
				// "I need the issue … closed": a thing, then its state
				p.verb, p.wish = false, true
			}
			opening = false
		}
		p.question = question
		p.stmt = statement
		words = append(words, p)
		if !w.content && !w.file {
			switch {
			case contentOpeners[lw] || describingWords[lw]:
				span = maxContentWords
				if describingWords[lw] {
					// what a text says runs to the end of its clause,
					// verbs and all ("saying the office is closed")
					words[len(words)-1].content = true
					cond = true
				}
			case textNouns[lw] && i > 0 && articles[strings.ToLower(ws[i-1].text)]:
				span = maxContentWords
			}
		}
		switch w.punct {
		case ';', ',':
			if !listing {
				next()
			}
		case '?':
			listing = false
			// a clause that ends in a question mark asks a question,
			// unless it is a polite request ("can you …?")
			if !polite {
				for j := clauseStart; j < len(words); j++ {
					words[j].verb, words[j].question = false, true
				}
			}
			next()
		case '.', '!':
			listing = false
			next()
		case ':':
			span, cond = 0, false
			listing = !w.content && !w.file && !listing && listOpeners[lw] && !words[clauseStart].question
			if !listing && i+1 < len(ws) && clauseStarts(ws[i+1]) && asksSomething(words[clauseStart:]) {
				// "remember: I hate pie charts", "commit this to
				// memory: the rotation is monthly": a statement after
				// a request and a colon is what the request carries,
				// to the end of the sentence, and the request keeps it
				listing = true
				words = append(words, parsedWord{lower: "write", terms: []string{writeStem}, verb: true, implied: true, clause: clause})
			}
		}
	}
	markCollocations(words, st)
	markHeads(words)
	words = markMadeThings(words)
	words = markNotices(words)
	words = markRecalls(words)
	if loc := arithmetic().FindStringIndex(q); loc != nil && len(words) > 0 {
		// "what's 15% of 2,400?": a sum to work out, in the clause
		// that says it
		c := words[len(words)-1].clause
		start := loc[0]
		for start > 0 && q[start-1] >= '0' && q[start-1] <= '9' {
			start-- // the match starts at the number's last digit ("18%": 8%)
		}
		digits := strings.TrimRightFunc(q[start:loc[1]], func(r rune) bool { return !unicode.IsDigit(r) })
		for _, w := range words {
			if n := leadingDigits(digits); n != "" && leadingDigits(w.lower) == n {
				c = w.clause
				break
			}
		}
		words = append(words, parsedWord{lower: "calculate", terms: []string{calculateStem}, verb: true, implied: true, clause: c})
	}
	var out []qterm
	for wi, w := range words {
		for j, s := range w.terms {
			q := qterm{stem: s, content: w.content, verb: w.verb && j == 0, head: w.head && !w.implied, clause: w.clause, marker: w.marker, implied: w.implied, negated: w.negated, question: w.question, ref: w.ref}
			q.plural = len(w.terms) == 1 && !w.verb && pluralWord(w.lower)
			q.one = len(w.terms) == 1 && !w.verb && !q.plural && wi+1 < len(words) && !words[wi+1].implied && words[wi+1].clause == w.clause && identifies(words[wi+1].lower)
			q.countless = !w.verb && !q.plural && !q.one && countsNothing(words, wi)
			if j == 0 {
				q.colloc = w.colloc
			}
			out = append(out, q)
		}
	}
	return out
}

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
	wish                              bool   // opens the thing of a wish ("I need the issue … closed")
	ref                               bool   // see qterm.ref
}

// desireWords, after "I" or "we" at the start of a clause, put a request
// as a wish: "I need to …", "we want …", "I'd like …".
var desireWords = map[string]bool{"need": true, "want": true, "wanna": true, "like": true, "would": true, "wish": true, "love": true}

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

// lightVerbs say little of their own before a noun of action: "have a
// look", "take a peek", "give it a try" ask to look, peek, try.
var lightVerbs = map[string]bool{"have": true, "take": true, "give": true}

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
		if ws[i].wish {
			// the thing a wish names, before its state: the noun
			// phrase's last word
			head := i
			for j := i + 1; j < len(ws) && ws[j].clause == ws[i].clause && !ws[j].verb && !ws[j].content && !spanEnds[ws[j].lower]; j++ {
				if len(ws[j].terms) > 0 {
					head = j
				}
			}
			ws[head].head = true
			continue
		}
		if !ws[i].verb {
			continue
		}
		head := -1
		for j := i + 1; j < len(ws) && ws[j].clause == ws[i].clause; j++ {
			if ws[j].marker {
				continue
			}
			if ws[j].content || spanEnds[ws[j].lower] {
				if head >= 0 {
					break
				}
				if ws[j].content {
					continue
				}
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

// politeModals open a request put as a question: "can you screenshot …?"
var politeModals = map[string]bool{"can": true, "could": true, "would": true, "will": true, "may": true, "might": true, "shall": true}

// negators open a prohibition at the start of a clause: "don't zip
// anything", "never delete", "do not …" (see parseTask).
var negators = map[string]bool{"don't": true, "dont": true, "don’t": true, "never": true, "without": true, "no": true, "not": true}

// subjects open a statement, not a request, at the start of a clause:
// "nobody uses the tag …", "it must say …", "i keep getting mails …".
// The verb of a statement is not a request's verb. Closed-class English
// pronouns.
var subjects = map[string]bool{
	"i": true, "we": true, "you": true, "they": true, "he": true, "she": true, "it": true, "there": true,
	"nobody": true, "somebody": true, "someone": true, "everyone": true, "everybody": true, "anyone": true,
	"anybody": true, "noone": true, "i'm": true, "im": true, "ive": true, "ill": true, "its": true, "theres": true,
}

// startsNounPhrase reports whether a word after "and" continues a list of
// things rather than opening a new request: a named file, a quoted or
// referenced name, a number, an article or a possessive ("q1.csv and
// q2.csv", "2023 and 2024", "the logs and the traces"), or a verb in the
// past tense, which tells what happened ("who reviewed and approved …").
// A request opens with its verb in the imperative, never with one of
// these.
func startsNounPhrase(w rawWord) bool {
	if w.content || w.file || w.marker {
		return true
	}
	lw := strings.ToLower(w.text)
	if articles[lw] || possessives[lw] || pastTense(lw) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(lw)
	return unicode.IsDigit(r) || r == '#'
}

// pastTense reports whether a word reads as a regular past tense
// ("approved", "merged"): no request's verb.
func pastTense(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// auxiliaries end a name or topic span: "the branch called release-2.1
// should be deleted" names release-2.1, and the rest is what is said of
// it. Closed-class English words.
var auxiliaries = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "be": true, "been": true, "being": true,
	"should": true, "must": true, "will": true, "would": true, "can": true, "could": true, "may": true,
	"might": true, "shall": true, "has": true, "have": true, "had": true, "does": true, "do": true, "did": true,
}

var possessives = map[string]bool{"my": true, "our": true, "your": true, "their": true, "his": true, "her": true, "its": true}

// clauseStarts reports whether the word after a mid-clause "that" opens a
// clause of its own (a subject: a pronoun, an article, a name), so that
// "that" introduces what is said ("reply that it's fixed"), not a thing
// ("that repo").
func clauseStarts(w rawWord) bool {
	lw := strings.ToLower(w.text)
	base := strings.SplitN(strings.ReplaceAll(lw, "’", "'"), "'", 2)[0]
	return subjects[base] || subjects[lw] || articles[lw] || possessives[lw]
}

// listOpeners, before a colon, open what goes into a thing: "a file
// with: …", "a comment saying: …", "the message: …".
var listOpeners = map[string]bool{
	"with": true, "saying": true, "says": true, "reading": true, "reads": true, "text": true, "message": true,
	"content": true, "contents": true, "note": true, "body": true, "comment": true, "following": true,
}

// describingWords open a content span and are content themselves: "a
// comment explaining the timeout" asks for a comment, not an
// explanation.
var describingWords = map[string]bool{
	"saying": true, "says": true, "explaining": true, "describing": true, "stating": true,
}

// locatives put what a request acts on in a place: "put a comment in
// config.yaml", "delete the line from notes.md".
var locatives = map[string]bool{"in": true, "into": true, "to": true, "from": true, "inside": true, "within": true, "onto": true}

// editVerbs are the stems of verbs that change a text ("put", "insert",
// "delete", "fix"): general English, not any catalog's words.
var editVerbs = stemSet("add", "put", "insert", "append", "prepend", "write", "delete", "remove", "drop", "erase",
	"strip", "cut", "change", "edit", "modify", "update", "fix", "correct", "amend", "replace", "rewrite", "revise",
	"reword", "tweak", "comment", "uncomment")

// writeVerbs are the stems of other verbs that ask for something to be
// made, kept or sent ("save", "remember", "send"): like editVerbs, a
// request opening with one needs a tool that changes something. General
// English, not any catalog's words.
var writeVerbs = stemSet("create", "make", "save", "store", "remember", "memorize", "note", "record", "keep", "send",
	"post", "publish", "share", "submit", "upload", "build", "generate", "produce", "draw", "set", "schedule")

// readVerbs are the stems of verbs that ask to be shown or told something
// ("show", "list", "find", "check"): a request opening with one needs a
// tool that reads, not one that changes something. General English, not
// any catalog's words.
var readVerbs = stemSet("show", "list", "read", "get", "find", "search", "look", "check", "tell", "fetch", "view",
	"see", "display", "count", "compare", "explain", "summarize", "summarise", "describe", "inspect", "browse",
	"lookup", "locate", "print", "identify", "retrieve")

// creatingVerbs make a new thing when their object is indefinite ("open
// a ticket", "start a thread") and act on an existing one otherwise
// ("open the file").
var creatingVerbs = map[string]bool{"open": true, "raise": true, "file": true, "start": true}

var indefinite = map[string]bool{"a": true, "an": true, "new": true, "another": true, "one": true}

var createStem = stemWord("create", false)

// markNotices reads a request addressed to the user ("me", "us") near
// its start and put off until an event ("tell me when the export is
// ready", "let me know once it's done", "send me a note when …") as a
// request to be notified, whatever its verb: the clause gains the verb
// "notify".
func markNotices(ws []parsedWord) []parsedWord {
	n := len(ws)
	done := map[int]bool{}
	for i := 0; i < n; i++ {
		if (ws[i].lower != "me" && ws[i].lower != "us") || done[ws[i].clause] || ws[i].content {
			continue
		}
		c := ws[i].clause
		first := i
		for first > 0 && ws[first-1].clause == c {
			first--
		}
		if i-first > 2 || ws[first].question || ws[first].stmt {
			continue // "me" is not addressed by the clause's verb
		}
		for j := i + 1; j < n && ws[j].clause == c; j++ {
			if noticeOpeners[ws[j].lower] || ws[j].lower == "as" && j+2 < n && ws[j+1].lower == "soon" && ws[j+2].lower == "as" {
				// the event is what the notice is about, and the
				// clause is a request, not a question ("tell me when
				// …" opens like one)
				for k := first; k < n && ws[k].clause == c; k++ {
					ws[k].question = false
					if k > j {
						ws[k].content = true
					}
					if k < i && ws[k].verb && len(ws[k].terms) == 1 && readVerbs[ws[k].terms[0]] {
						// "tell me when …": the notice is the request,
						// not telling
						ws[k].verb, ws[k].terms = false, nil
					}
				}
				ws = append(ws, parsedWord{lower: "notify", terms: []string{notifyStem}, verb: true, implied: true, clause: c})
				done[c] = true
				break
			}
		}
	}
	return ws
}

// arithmetic matches a number with a percent sign or an operator between
// numbers ("15% of 2,400", "3 * 4.5", "1200 / 12"), or a number said with
// an operator word ("12 times 7", "40 divided by 3"). A minus or a slash
// counts only with spaces around it: "2026-12-01", "12/01" and "555-1234"
// are dates and numbers, not sums.
var arithmetic = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\d\s*(?:%|percent\b|per cent\b)|\d\s*[+*×÷^]\s*\d|\d\s+[-/−]\s+\d|\d\s+(?:times|plus|minus|divided by|multiplied by|to the power of)\s+\d`)
})

var calculateStem = stemWord("calculate", false)

// leadingDigits is the run of digits a word starts with ("18" of "18%").
func leadingDigits(w string) string {
	i := 0
	for i < len(w) && w[i] >= '0' && w[i] <= '9' {
		i++
	}
	return w[:i]
}

// markRecalls reads a question about what the user told the assistant
// before ("what did I tell you about my timezone?", "which colours did I
// say I like?") or a request to be reminded of a fact ("remind me what my
// preferred colours are") as a request to recall it: the clause gains the
// verb "recall". "Remind me to …" and "remind me when …" ask for a
// notice, not this.
func markRecalls(ws []parsedWord) []parsedWord {
	n := len(ws)
	for i := 0; i+1 < n; i++ {
		w := ws[i]
		if w.content || w.marker {
			continue
		}
		told := (w.lower == "i" || w.lower == "we") && i+2 < n && (toldVerbs[ws[i+1].lower] || toldVerbs[ws[i+2].lower]) && w.question
		reminded := w.lower == "remind" && i+2 < n && (ws[i+1].lower == "me" || ws[i+1].lower == "us") && factWords[ws[i+2].lower]
		if told || reminded {
			ws = append(ws, parsedWord{lower: "recall", terms: []string{recallStem}, verb: true, implied: true, clause: w.clause})
			return ws
		}
	}
	return ws
}

// toldVerbs are what a user says to an assistant, in the past or after
// "did" ("what did I tell you", "what I said").
var toldVerbs = map[string]bool{"told": true, "tell": true, "said": true, "say": true, "mentioned": true, "mention": true,
	"gave": true, "give": true, "shared": true, "share": true, "wrote": true, "write": true, "explained": true}

// factWords, after "remind me", ask for a fact, not a notice.
var factWords = map[string]bool{"what": true, "which": true, "who": true, "how": true, "where": true, "of": true}

var recallStem = stemWord("recall", false)

// noticeOpeners open the event a notice waits for.
var noticeOpeners = map[string]bool{"when": true, "once": true, "whenever": true, "after": true}

var notifyStem = stemWord("notify", false)

var writeStem = stemWord("write", false)

// rawWords splits a task into words, keeping quoted text and named files
// apart: a quoted passage's words are content; a file reference
// ("docs/notes.md") becomes its base name (content), its extension, and
// the word "file".
func rawWords(q string) []rawWord {
	var out []rawWord
	plain := func(s string) {
		for _, f := range strings.Fields(s) {
			p := byte(0)
			trimmed := strings.TrimRight(f, ",;.!?:)]}\"'”’»")
			if rest := f[len(trimmed):]; rest != "" {
				switch rest[0] {
				case ',', ';', '.', '!', '?', ':':
					p = rest[0]
				}
			}
			if trimmed == "" {
				if p != 0 && len(out) > 0 && out[len(out)-1].punct == 0 {
					out[len(out)-1].punct = p
				}
				continue
			}
			if dashes[trimmed] {
				// a dash between words sets a clause apart, as a
				// semicolon does ("since Monday — who committed what")
				if len(out) > 0 && out[len(out)-1].punct == 0 {
					out[len(out)-1].punct = ';'
				}
				continue
			}
			switch {
			case fileTypeWord().MatchString(strings.ToLower(trimmed)) && strings.HasSuffix(strings.ToLower(trimmed), "s"):
				// "any pdfs in the workspace?": files of a type ("into a
				// PDF" names a format)
				t := strings.TrimSuffix(strings.ToLower(trimmed), "s")
				out = append(out, rawWord{text: t}, rawWord{text: "file", file: true, punct: p})
			case channelName(trimmed):
				// "post it in #ops": a channel's name
				out = append(out, rawWord{text: trimmed[1:], content: true}, rawWord{text: "channel", punct: p})
			case keyShape().MatchString(trimmed):
				// "assign WEB-142 to Ana": a key names a thing, as a
				// quoted name does; its letters ask for nothing
				out = append(out, rawWord{text: trimmed, content: true, punct: p})
			case isIdentifier(trimmed):
				// "where we call parseInvoice": a name in code
				out = append(out, rawWord{text: trimmed, content: true}, rawWord{text: "code", punct: p})
			default:
				out = append(out, rawWord{text: trimmed, punct: p})
			}
		}
	}
	for len(q) > 0 {
		start, end, inner := nextQuote(q)
		if start < 0 {
			plainFiles(q, plain, &out)
			break
		}
		plainFiles(q[:start], plain, &out)
		for _, f := range strings.Fields(inner) {
			out = append(out, rawWord{text: f, content: true})
		}
		q = q[end:]
	}
	return out
}

// plainFiles feeds unquoted text to plain, turning each reference into
// its words: a file ("docs/notes.md") becomes its base name (content), its
// extension and the word "file"; a folder ("old/") its name (content) and
// the word "folder"; a web address its words (content) and the word
// "url"; an owner/name pair ("acme/web") its words (content) and a marker
// of the word "repository" (see qterm.marker). What a reference's words
// say is a name, never a request: "acme/web" asks for no web tool.
func plainFiles(s string, plain func(string), out *[]rawWord) {
	at := 0
	for _, m := range reference().FindAllStringSubmatchIndex(s, -1) {
		ref := s[m[0]:m[1]]
		switch {
		case m[2] >= 0: // a web address
			plain(s[at:m[0]])
			for _, w := range urlWords(ref) {
				*out = append(*out, rawWord{text: w, content: true})
			}
			*out = append(*out, rawWord{text: "url", ref: true})
		case m[4] >= 0: // a file
			plain(s[at:m[0]])
			if i := strings.LastIndexByte(ref, '/'); i >= 0 {
				ref = ref[i+1:]
			}
			dot := strings.LastIndexByte(ref, '.')
			*out = append(*out,
				rawWord{text: ref[:dot], content: true, file: true},
				rawWord{text: ref[dot+1:], file: true},
				rawWord{text: "file", file: true})
		case m[6] >= 0: // a folder, before a space, punctuation or the end
			plain(s[at:m[0]])
			ref = strings.TrimSuffix(s[m[6]:m[7]], "/")
			if i := strings.LastIndexByte(ref, '/'); i >= 0 {
				ref = ref[i+1:]
			}
			*out = append(*out, rawWord{text: ref, content: true}, rawWord{text: "folder"})
			at = m[7] // the character after the slash is the text's again
			continue
		case m[0] > 0 && (s[m[0]-1] == '/' || s[m[0]-1] == '~'):
			// a path from the root or home ("/var/app", "~/code/api")
			// is a folder, never an owner/name pair
			plain(s[at : m[0]-1])
			name := ref[strings.LastIndexByte(ref, '/')+1:]
			*out = append(*out, rawWord{text: name, content: true}, rawWord{text: "folder"})
		default: // owner/name
			owner, name, _ := strings.Cut(ref, "/")
			if english.IsStopWord(strings.ToLower(owner)) || english.IsStopWord(strings.ToLower(name)) {
				continue // "and/or"
			}
			plain(s[at:m[0]])
			for _, w := range splitWords(ref) {
				*out = append(*out, rawWord{text: w, content: true})
			}
			*out = append(*out, rawWord{text: "repository", marker: true})
		}
		at = m[1]
	}
	plain(s[at:])
}

// fileTypeWord matches files of a document or data type written as a
// plural noun ("pdfs", "csvs"); types that are also English words (log, go, zip) or
// abbreviations (doc) are left out.
var fileTypeWord = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(pdf|csv|tsv|xlsx?|docx|odt|ods|pptx?|json|ya?ml|xml|html?|txt|parquet|png|jpe?g|svg)s$`)
})

// dashes are the dashes written between words: an em dash, an en dash,
// and a hyphen or two with spaces around them.
var dashes = map[string]bool{"—": true, "–": true, "-": true, "--": true, "―": true}

// channelName reports whether a word names a chat channel as chat
// services write one, a "#" before a name that starts with a letter
// ("#ops", "#dev-team"); "#212" numbers an issue.
func channelName(w string) bool {
	if len(w) < 3 || w[0] != '#' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w[1:])
	return unicode.IsLetter(r)
}

// keyShape is a key of upper-case letters, a dash and a number
// ("WEB-142", "PAY-45", "ENG-10"): the shape of a ticket's or a record's
// key in most trackers.
var keyShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z][A-Z0-9]*-[0-9]+$`) })

// isIdentifier reports whether a word is a name from code: lower camelCase
// ("parseInvoice"; "GitHub" is a brand) or an underscore between letters
// ("parse_invoice").
func isIdentifier(w string) bool {
	rs := []rune(w)
	lowerCamel := len(rs) > 0 && unicode.IsLower(rs[0])
	for i := 1; i+1 < len(rs); i++ {
		if lowerCamel && unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i+1]) {
			return true
		}
		if rs[i] == '_' && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			return true
		}
	}
	return false
}

// urlWords are the words of a web address that name something: its host
// without "www" and the top-level domain, and its path; the scheme says
// nothing.
func urlWords(u string) []string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	host, path, _ := strings.Cut(u, "/")
	labels := strings.Split(host, ".")
	if len(labels) > 1 {
		labels = labels[:len(labels)-1]
	}
	if len(labels) > 0 && strings.EqualFold(labels[0], "www") {
		labels = labels[1:]
	}
	return append(splitWords(strings.Join(labels, " ")), splitWords(path)...)
}

// quotePairs are the quote marks a task may put around text it means
// literally.
var quotePairs = map[rune]rune{'"': '"', '“': '”', '‘': '’', '\'': '\'', '`': '`', '«': '»'}

// nextQuote finds the first quoted passage: an opening mark at the start
// or after a space or bracket, and its closing mark followed by anything
// but a letter or digit (so the apostrophes of "it's" and "repo's" never
// open or close one). It returns the passage's byte range, quotes
// included, and its inside; start is -1 when there is none.
func nextQuote(q string) (start, end int, inner string) {
	prev := ' '
	for i, r := range q {
		closing, ok := quotePairs[r]
		if ok && (unicode.IsSpace(prev) || prev == '(' || prev == '[' || i == 0) {
			rest := q[i+utf8.RuneLen(r):]
			for j, c := range rest {
				if c != closing {
					continue
				}
				after, _ := utf8.DecodeRuneInString(rest[j+utf8.RuneLen(c):])
				if unicode.IsLetter(after) || unicode.IsDigit(after) {
					continue
				}
				if j == 0 {
					break
				}
				return i, i + utf8.RuneLen(r) + j + utf8.RuneLen(c), rest[:j]
			}
		}
		prev = r
	}
	return -1, -1, ""
}

// identifies reports whether a task word is the number of one thing
// ("4521", "#88", "!482").
func identifies(w string) bool {
	w = strings.TrimLeft(w, "#!")
	return w != "" && w[0] >= '0' && w[0] <= '9'
}
