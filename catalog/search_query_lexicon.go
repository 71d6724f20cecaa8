package catalog

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// clauseJoiners split a task into clauses ("read the sheet and open an
// issue"); see Index.Search.
var clauseJoiners = map[string]bool{"and": true, "then": true}

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
// referenced name, a number, an article, a possessive or a word the
// lexicon knows only as a noun ("q1.csv and q2.csv", "2023 and 2024",
// "the logs and the traces"). A request opens with its verb in the
// imperative, never with one of these.
func startsNounPhrase(w rawWord) bool {
	if w.content || w.file || w.marker {
		return true
	}
	lw := strings.ToLower(w.text)
	if articles[lw] || possessives[lw] {
		return true
	}
	r, _ := utf8.DecodeRuneInString(lw)
	return unicode.IsDigit(r) || r == '#' || onlyNoun(lw)
}

// onlyNoun reports whether the lexicon knows a word, and only as a noun:
// "temperature and humidity" joins two things, it opens no request.
func onlyNoun(w string) bool {
	l := theLexicon()
	if len(l.slots) == 0 {
		return false // no lexicon: every word may be a verb
	}
	x := l.find(stemWord(w, false))
	return x != nil && !x.isVerb
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
