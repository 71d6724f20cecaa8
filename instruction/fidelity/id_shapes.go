package fidelity

import (
	"strings"
	"unicode/utf8"
)

// placedName finds a tool name the roster lacks by where it is written
// rather than by a verb that calls it: as a handle ("@assign_reviewer"),
// as the head of a Lisp-style call ("(lock-account user-id)"), as the
// last crumb of a breadcrumb or the target of an arrow ("Orders › Refunds
// › issue_refund", "→ callback `notify_warehouse`"), or as a CamelCase
// deed said to be the call ("ArchiveTenant is the call").
func (c *Checker) placedName(text string, ts []token, i int) (mention, bool) {
	t := ts[i]
	handle := byteAt(text, t.start-1) == '@' && (t.start < 2 || !wordByte(text[t.start-2]))
	if t.markup || t.address && !handle || t.attr {
		return mention{}, false
	}
	if _, ok := c.known[strings.TrimSuffix(t.lower, "()")]; ok {
		return mention{}, false // a known name: nameAt decides
	}
	snake := identifierShaped(t.text) && strings.Contains(t.text, "_")
	kebab := verbFirstName(t.text) && strings.Contains(t.text, "-")
	placed := false
	switch {
	case snake && handle:
		placed = true // a handle: "@assign_reviewer"
	case kebab && byteAt(text, t.start-1) == '(' && lispCall(text, t.end):
		placed = true
	case (snake || kebab) && arrowBefore(text, ts, i):
		placed = true
	case upperCamelDeed(t.text) && saidToBeTheCall(ts, i):
		placed = true
	}
	if !placed {
		return mention{}, false
	}
	return mention{kind: KindUnknown, ident: t.text, signal: t.text, start: t.start, end: t.end}, true
}

// wordByte: a byte of a word or an address ("bob_smith@example.com").
func wordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '.' || b == '-'
}

// lispCall: the parenthesized form opened before a name ends on its line
// after one to four arguments written as names or values
// ("(lock-account user-id)", not "(case-insensitive partial match)").
func lispCall(text string, end int) bool {
	rest := text[end:]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	closeAt := strings.IndexByte(rest, ')')
	if closeAt < 0 {
		return false
	}
	args := rest[:closeAt]
	ws := strings.Fields(args)
	if len(ws) == 0 || len(ws) > 4 || args[0] != ' ' {
		return false
	}
	for _, w := range ws {
		// an argument is a name or a value ("user-id", ":force", "42",
		// "\"x\""), never a word of prose ("(run-length encoded)")
		if !strings.ContainsAny(w, "-_:\"'0123456789") {
			return false
		}
	}
	return true
}

// arrows lead to the next crumb or the step that follows.
var arrows = []string{"›", "→", "»", "->", "=>", "⇒", ">"}

// arrowBefore: word i follows an arrow or a breadcrumb separator, at once
// or after one word ("→ callback `notify_warehouse`").
func arrowBefore(text string, ts []token, i int) bool {
	at := ts[i].start
	for k := 0; k < 2; k++ {
		before := strings.TrimRight(text[:at], " `'\"")
		for _, a := range arrows {
			if strings.HasSuffix(before, a) {
				return true
			}
		}
		if k == 0 && i > 0 && !ts[i].sentence {
			if r, _ := utf8.DecodeLastRuneInString(before); r == utf8.RuneError || !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
				return false
			}
			at = ts[i-1].start
			continue
		}
		return false
	}
	return false
}

// upperCamelDeed: a CamelCase name of three humps or two that opens with
// a verb ("ArchiveTenant", "SendInvoiceReminder").
func upperCamelDeed(w string) bool {
	if len(w) < 4 || w[0] < 'A' || w[0] > 'Z' || !camelCased(w) {
		return false
	}
	second := -1
	for k := 1; k < len(w); k++ {
		if w[k] >= 'A' && w[k] <= 'Z' {
			second = k
			break
		}
		if w[k] < 'a' || w[k] > 'z' {
			return false
		}
	}
	return second > 0 && baseVerb(strings.ToLower(w[:second]))
}

// theCallNouns say what a name is when it is "the call".
var theCallNouns = set("call", "tool", "function", "endpoint", "operation", "method", "action", "command")

// saidToBeTheCall: "X is the call", "X is the tool to use".
func saidToBeTheCall(ts []token, i int) bool {
	return i+3 < len(ts) && ts[i+1].lower == "is" && ts[i+2].lower == "the" && theCallNouns[ts[i+3].lower] &&
		!ts[i+1].sentence && !ts[i+3].sentence
}
