package fidelity

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one word of a text: letters, digits and underscores, with inner
// dots and hyphens kept ("github.create_issue", "vega-lite").
type token struct {
	text, lower string
	start, end  int
	// sentence is set on the first word of a sentence or line.
	sentence bool
	// quoted is set when the word is wrapped in backticks or quotes.
	quoted bool
	// paren is set when "(" follows the word directly.
	paren bool
	// attr is set when the word is the value of a tool="…" attribute.
	attr bool
	// markup is set on tag and attribute names ("<action tool=").
	markup bool
	// clause is set when a comma stands before the word.
	clause bool
	// address is set on a word inside a URL, a path or a search operator
	// ("/v2/parse", "https://firecrawl.dev", "site:firecrawl.dev").
	address bool
	// disguised is set on a word written with look-alike letters (see
	// unmask); lower then holds its Latin spelling.
	disguised bool
	// pictograph is set on a pictograph read as a verb ("📞"; see
	// tokens_shorthand.go).
	pictograph bool
	// handed is set on the verb of a duty handed to the reader without an
	// imperative ("It falls to you to reschedule", "That done, lock …"; see
	// handedSteps).
	handed bool
	// later is set on a word at or after the start of the text's second
	// sentence (markLater), so inFirstSentence costs no walk.
	later bool
	// readerLed is set on the word after a label naming the reader ("you:
	// raise a purchase order", "Assistant: …"): a step of the reader's.
	readerLed bool
	// coined is set on a step's verb the lexicon lacks ("Then timebox
	// the sprint"; see coinedVerbs).
	coined bool
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// tokenize splits text into tokens.
func tokenize(text string) []token {
	var out []token
	sentence, clause, readerLed := true, false, false
	i := 0
	for i < len(text) {
		r, n := utf8.DecodeRuneInString(text[i:])
		if !isWordRune(r) {
			if t, ok := pictographAt(text, i, r, n); ok {
				// "📞 each customer": a pictograph standing for a deed
				t.sentence, t.clause = sentence, clause
				out = append(out, t)
				sentence, clause = false, false
				i = t.end
				continue
			}
			switch r {
			case ':':
				// the colon of a clock time ("9:00") is part of the time
				sentence = sentence || !clockTime(text, i)
				readerLed = readerColon(text, out, i)
			case '(':
				// a transition's label in a state machine ("LISTED
				// --(you revoke the lease)--> CLOSED") opens a step
				if i > 0 && text[i-1] == '-' || readerCell(text, out, i) {
					sentence, readerLed = true, true // "R = you (open the record …)"
				}
			case '|':
				if readerCell(text, out, i) {
					sentence, readerLed = true, true // "| 2 | you | collect each one … |"
				}
			case '.', '!', '?', ';', '\n', '→', '⇒', '➜', '➔', '➡', '↦':
				// an arrow leads to what to do next ("unpaid after 72
				// hours → resend the link"): a step opens after it
				sentence = true
				readerLed = readerLed || r == '.' && readerCell(text, out, i) // "Owner: assistant. Repaint …"
			case '。', '！', '？', '；', '।', '॥', '۔', '؟', '።', '։', '။', '។':
				sentence = sentence || latinNext(text[i+n:]) // "查询天气。 Alert the crew via …"
			case '>':
				sentence = sentence || i > 0 && text[i-1] == '-' // "->"
			case ',':
				clause = true
			}
			i += n
			continue
		}
		start := i
		for i < len(text) {
			r, n := utf8.DecodeRuneInString(text[i:])
			if isWordRune(r) {
				if i > start && (r >= utf8.RuneSelf || text[i-1] >= utf8.RuneSelf) && scriptBreak(text[:i], r) {
					break // "改用manageHosting": CJK characters and ASCII letters are words apart
				}
				i += n
				continue
			}
			if (r == '.' || r == '-') && i+1 < len(text) {
				if next, _ := utf8.DecodeRuneInString(text[i+1:]); isWordRune(next) && next != '_' {
					i += n
					continue
				}
			}
			break
		}
		t := token{text: text[start:i], start: start, end: i, sentence: sentence, clause: clause, readerLed: readerLed}
		t.lower = strings.ToLower(t.text)
		if w, ok := contractions[t.lower]; ok && clitic(text[:start]) {
			// "you'll" is "you will": the clitic reads as its word
			t.lower = w
		}
		short, isShort := shorthandWord(text, t.lower, i)
		if isShort {
			t.lower = short // "pls fwd", "w/ the PO"
		}
		before, after := byteAt(text, start-1), byteAt(text, i)
		t.quoted = isQuote(before) && before == after || before == '`' || after == '`'
		t.paren = after == '('
		t.attr = before == '"' && strings.HasSuffix(text[:start], `tool="`)
		t.markup = before == '<' || before == '/' && byteAt(text, start-2) == '<' || after == '='
		t.address = !t.markup && !isShort && (before == '/' || after == '/' || before == ':' && start >= 2 && isWordByte(byteAt(text, start-2)) && !clockTime(text, start-1) || before == '@')
		out = append(out, t)
		sentence, clause, readerLed = false, false, false
		if r, _ := utf8.DecodeRuneInString(text[i:]); r == '.' && (i+1 >= len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
			sentence = true
		}
	}
	out = pictographSteps(text, dropChords(text, out))
	alternatives(text, out)
	unmask(out)
	markLater(out)
	return glossForeign(out)
}

// operationVerbs head the name of a tool's operation ("get_page",
// "list_pages", "create_invoice").
var operationVerbs = set("get", "list", "set", "create", "update", "delete", "add", "remove", "fetch", "search", "find",
	"read", "write", "query", "retrieve", "upsert", "insert", "patch", "put", "post", "send", "run", "describe", "show")

// operationName: a snake_case name of an operation on a thing, an
// operation verb and a noun ("get_page"; not "read_only", "start_date").
func operationName(w string) bool {
	v, rest, ok := strings.Cut(w, "_")
	if !ok || !operationVerbs[v] {
		return false
	}
	obj, _, _ := strings.Cut(rest, "_")
	return len(obj) >= 3 && isNoun(obj) && !functionWords[obj] && !operationVerbs[obj]
}

// markLater sets later on every word from the second sentence's first
// word on; it runs again whenever sentence starts are added.
func markLater(ts []token) {
	later := false
	for i := range ts {
		later = later || i > 0 && ts[i].sentence
		ts[i].later = later
	}
}

// unmask reads words written with look-alike letters as the Latin words
// they show: Cyrillic or Greek letters mixed into a Latin word, full-width
// forms, or a word wholly of look-alikes among Latin words ("call ехес").
// Names, signal phrases and the exec vocabulary are then matched on the
// Latin spelling. A word of Cyrillic or Greek text stays itself.
func unmask(ts []token) {
	for i := range ts {
		w := ts[i].lower
		latin, ok := disguised(w)
		if !ok {
			if latin, ok = wholeLookalike(w); ok && !latinNeighbour(ts, i) {
				ok = false
			}
		}
		if ok {
			ts[i].lower, ts[i].disguised = latin, true
		}
	}
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }

// clockTime reports whether the colon at text[i] is inside a clock time
// ("9:00", "17:30").
func clockTime(text string, i int) bool {
	return isDigit(byteAt(text, i-1)) && isDigit(byteAt(text, i+1))
}

// contractions are the clitics after an apostrophe that stand for a modal
// or an auxiliary ("you'll", "you'd", "we're", "you've").
var contractions = map[string]string{"ll": "will", "d": "would", "re": "are", "ve": "have"}

// clitic reports whether text ends in a letter and an apostrophe,
// straight or typographic ("you'"): the word after it is a clitic.
func clitic(text string) bool {
	for _, a := range []string{"'", "\u2019"} {
		if rest, ok := strings.CutSuffix(text, a); ok {
			r, _ := utf8.DecodeLastRuneInString(rest)
			return unicode.IsLetter(r)
		}
	}
	return false
}

func isWordByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func byteAt(s string, i int) byte {
	if i < 0 || i >= len(s) {
		return 0
	}
	return s[i]
}

func isQuote(b byte) bool { return b == '\'' || b == '"' || b == '`' }

// identifierShaped reports whether a word reads as a program identifier:
// snake_case or a dotted namespace.name, not a file name or an
// abbreviation.
func identifierShaped(w string) bool {
	if strings.Contains(w, "_") {
		// word_word: a prefix ("ch_") or a dunder is not a name
		return !strings.HasPrefix(w, "_") && !strings.HasSuffix(w, "_") && !strings.Contains(w, "__") && !upperCased(w)
	}
	if i := strings.LastIndexByte(w, '.'); i > 0 {
		ext := w[i+1:]
		return !fileExtensions[strings.ToLower(ext)] && strings.ToLower(w) == w && strings.Contains(ext, "_")
	}
	return false
}

// nameShaped reports whether a known tool's name, as its server declared
// it, can only be that name: a service tool named as MCP allows, with an
// inner hyphen (get-sum), an inner capital (getJiraIssue) or its service
// before a dot. It is asked only of a known id or name as declared, never
// of another spelling of a snake_case one (Checker.variants).
func nameShaped(w string) bool {
	for i := 1; i < len(w); i++ {
		prev, r := w[i-1], w[i]
		if r == '-' || r == '.' || (r >= 'A' && r <= 'Z' && prev >= 'a' && prev <= 'z') {
			return true
		}
	}
	return false
}

var fileExtensions = set("csv", "json", "txt", "md", "py", "xlsx", "xls", "pdf", "yaml", "yml", "parquet", "html", "png", "jpg", "jpeg", "svg", "go", "js", "ts", "sh", "log", "xml", "zip", "docx", "pptx", "tsv", "sql", "ipynb", "com", "org", "io", "net", "g", "e")

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// excerpt is the text around [start, end), on one line.
func excerpt(text string, start, end int) string {
	// never past a line break: the text's fields (a tool's description, a
	// parameter's) each start on a line of their own, and an excerpt
	// quotes only the one it names
	lo, hi := strings.LastIndexByte(text[:start], '\n')+1, len(text)
	if i := strings.IndexByte(text[end:], '\n'); i >= 0 {
		hi = end + i
	}
	a, b := max(lo, start-40), min(hi, end+40)
	for a > 0 && !utf8.RuneStart(text[a]) {
		a--
	}
	for b < len(text) && !utf8.RuneStart(text[b]) {
		b++
	}
	return strings.Join(strings.Fields(text[a:b]), " ")
}

// camelCased reports whether a word has a capital after its first letter
// and is not all capitals: PurgeOrder, purgeOrder, not Login or HTTP.
func camelCased(w string) bool {
	if upperCased(w) {
		return false
	}
	for i, r := range w {
		if i > 0 && r >= 'A' && r <= 'Z' {
			return true
		}
	}
	return false
}
