package catalog

import (
	"strings"
	"unicode"
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
	// which marks a word of a clause that says which things a pronoun
	// object means ("forget everything you stored"): it names no object
	which bool
}

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
	cond := false      // in what is said ("reply that it's fixed")
	neg := false       // in a prohibition ("don't zip anything")
	statement := false // the clause opened with its subject ("nobody uses …")
	polite := false    // the clause opened with "can/could/would you …"
	// after a request and a colon, what it carries runs to the end of
	// the sentence, commas and verbs and all ("remember: I hate pie
	// charts, and bar charts too")
	listing := false
	clauseStart := 0 // the clause's first word in words
	next := func() {
		if !opening {
			clause++
		}
		opening, question, span, cond, neg, statement, polite = true, false, 0, false, false, false, false
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
			case politeModals[lw]:
				polite = true
			case !polite && !question && !neg && (subjects[base] || articles[lw] || possessives[lw] || len(p.terms) > 0 && sForm(lw)):
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
			listing = false
			if i+1 < len(ws) && clauseStarts(ws[i+1]) && asksSomething(words[clauseStart:]) {
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
			q := qterm{stem: s, content: w.content, verb: w.verb && j == 0, head: w.head && !w.implied, clause: w.clause, marker: w.marker, implied: w.implied, negated: w.negated, question: w.question, ref: w.ref, which: w.which}
			q.plural = len(w.terms) == 1 && !w.verb && pluralWord(w.lower)
			q.countless = !w.verb && !q.plural && countsNothing(words, wi)
			if j == 0 {
				q.colloc = w.colloc
			}
			out = append(out, q)
		}
	}
	return out
}
