package catalog

import "strings"

// Readings of how requests are put that say what is asked beyond the
// words: a statement a request carries, a word to someone else, a verb
// that only means "find out", a file shown (see parseTask).

// asksSomething reports whether a clause's words hold a request's verb.
func asksSomething(ws []parsedWord) bool {
	for _, w := range ws {
		if w.verb && !w.question && !w.content {
			return true
		}
	}
	return false
}

// numbered reports whether a word is a number, "#" and all ("#77").
func numbered(w string) bool {
	w = strings.TrimPrefix(w, "#")
	if w == "" {
		return false
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// messageStem and commentStem are what a word to someone is carried as.
var messageStem, commentStem = stemWord("message", false), stemWord("comment", false)

// addressed reports whether word i opens a word to someone other than the
// user: "tell" before a name or a noun phrase that is not "me" or "us",
// or "let" with a "know" later in its sentence ("let the team know").
func addressed(ws []rawWord, i int) bool {
	lw := strings.ToLower(ws[i].text)
	if i+1 >= len(ws) {
		return false
	}
	next := strings.ToLower(ws[i+1].text)
	switch lw {
	case "tell":
		return !addressees[next] && !questionWords[next] && !ws[i+1].content
	case "let":
		if addressees[next] {
			return false
		}
		for j := i + 1; j < len(ws) && j <= i+maxAddressee; j++ {
			if strings.EqualFold(ws[j].text, "know") {
				return true
			}
			if ws[j].punct != 0 && ws[j].punct != ':' {
				return false
			}
		}
	}
	return false
}

// maxAddressee bounds the words between "let" and "know".
const maxAddressee = 14

// addressees are the ones a word to whom is no message to someone else:
// the user ("tell me", "let us know") and the assistant ("what did I tell
// you").
var addressees = map[string]bool{"me": true, "us": true, "you": true}

// sForm reports whether a word ends in the -s of a plural or a third
// person ("boxes", "updates", "shows"), which no imperative has: a clause
// it opens ("boxes and arrows, nothing fancy") asks for nothing. Words
// whose base ends in s ("process", "focus", "analysis") are not.
func sForm(w string) bool {
	if len(w) < 4 || !strings.HasSuffix(w, "s") {
		return false
	}
	switch w[len(w)-2] {
	case 's', 'u', 'i', '\'':
		return false
	}
	return true
}
