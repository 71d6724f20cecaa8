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
	value := deedSnake(t.text) && valueInCode(text, t.start, t.end)
	syntax := deedName(t.text) && calledBySyntax(text, t.start, t.end) && !dataAfter(text, ts, i)
	if name, ok := syntaxCall(text, ts, i); ok && !t.markup && !t.attr {
		if _, known := c.known[strings.ToLower(name)]; !known {
			return mention{kind: KindUnknown, ident: name, signal: t.text, start: t.start, end: t.end}, true
		}
	}
	if camelHanded(text, ts, i) {
		if _, known := c.known[t.lower]; !known {
			return mention{kind: KindUnknown, ident: t.text, signal: t.text, paren: t.paren, start: t.start, end: t.end}, true
		}
	}
	if t.markup || t.address && !handle && !value && !syntax || t.attr {
		return mention{}, false
	}
	if _, ok := c.known[strings.TrimSuffix(t.lower, "()")]; ok {
		return mention{}, false // a known name: nameAt decides
	}
	if fileNamed(t.lower) && !handle || !t.later && exampleSentence(ts, i) {
		return mention{}, false // "e.g., \"result_01.pdf\"": a file's name; what the tool sees, "such as invoke('x')"
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
	case value:
		placed = true // "VALUES ('assistant', 'escalate_to_legal')", "?next=apply_points"
	case syntax:
		placed = true // "tool://close_claim", "Vouchers::extendExpiry", ":rotate_keys:"
	case snake && prerequisiteTool(ts, i):
		placed = true // "Requires active driver_session", "requires ipc_monitor started"
	case siblingCamel(ts, i):
		placed = true // "Fold repeats with mergeLeads before the export"
	case siblingKebab(ts, i):
		placed = true // "use get-node first", "push it with scp-push and run it"
	case deedSnake(t.text) && (saidToBeYours(ts, i) || afterYourTurn(text, ts, i)):
		placed = true // "book_vaccination is your friend", "Your move: extract_fields"
	case snake && deedInProse(text, ts, i):
		placed = true // "sign_supplier_audit lifts the flag", "Cracked ones need order_reglaze"
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
		if !strings.ContainsAny(w, "-_:\"'0123456789") && w != "id" && w != "ids" {
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

// deedSnake: a snake_case name of two words or more whose first is a
// verb in its base form, whose second is no mere letter and whose last
// is neither a state ("refund_requested") nor a field's suffix ("page_id")
// ("escalate_to_legal", "void_invoice"; not "created_at").
func deedSnake(w string) bool {
	// its parts read in place: the checker asks this of every word
	first, rest, ok := strings.Cut(w, "_")
	if !ok {
		return false
	}
	second, _, _ := strings.Cut(rest, "_")
	last := w[strings.LastIndexByte(w, '_')+1:]
	return strings.ToLower(w) == w && len(second) >= 2 && baseVerb(first) && identifierShaped(w) &&
		!strings.HasSuffix(last, "ed") && !fieldSuffixes[last]
}

// fieldSuffixes end the names of fields, not of deeds ("page_id",
// "sort_key", "post_url").
var fieldSuffixes = set("id", "ids", "uuid", "key", "url", "uri", "at", "on", "by", "type", "count", "name", "no", "num")

// valueInCode: the word at [start, end) is written as a value in code —
// right after "=" ("?next=apply_points", "NEXT_TOOL=publish_release"), or
// in matching quotes opened after "=", or after "(", "," or ":" inside
// parentheses ("VALUES ('a', 'escalate_to_legal')", "@next(call:
// \"void_invoice\")"); not inside JSON's braces or brackets, which hold
// data.
func valueInCode(text string, start, end int) bool {
	before := byteAt(text, start-1)
	if before == '=' {
		return true
	}
	if before != '\'' && before != '"' || byteAt(text, end) != before {
		return false
	}
	lead := strings.TrimRight(text[:start-1], " ")
	if lead == "" || strings.IndexByte("(,:=", lead[len(lead)-1]) < 0 {
		return false
	}
	return lead[len(lead)-1] == '=' || innermostOpen(lead) == '('
}

// innermostOpen is the bracket still open at the end of s ('(' of a call
// or SQL VALUES, '{' or '[' of JSON data, 0 when none).
func innermostOpen(s string) byte {
	var paren, brace, bracket int // closers seen and not yet matched
	for k := len(s) - 1; k >= 0; k-- {
		var depth *int
		switch s[k] {
		case ')':
			paren++
			continue
		case '}':
			brace++
			continue
		case ']':
			bracket++
			continue
		case '(':
			depth = &paren
		case '{':
			depth = &brace
		case '[':
			depth = &bracket
		default:
			continue
		}
		if *depth == 0 {
			return s[k]
		}
		*depth--
	}
	return 0
}

// saidToBeYours: the name is said to be the reader's ("X is your friend",
// "X is your best bet").
func saidToBeYours(ts []token, i int) bool {
	return i+3 < len(ts) && ts[i+1].lower == "is" && ts[i+2].lower == "your" && !ts[i+1].sentence && !ts[i+2].sentence && !ts[i+3].sentence
}

// afterYourTurn: the name alone ends a sentence after a colon whose label
// of at most three words hands the reader the next step ("Your move:
// extract_fields.", "Next up: book_slot").
func afterYourTurn(text string, ts []token, i int) bool {
	if !strings.HasSuffix(strings.TrimRight(text[:ts[i].start], " `'\""), ":") || i+1 < len(ts) && !ts[i+1].sentence {
		return false
	}
	s := i - 1
	for s > 0 && !ts[s].sentence {
		s--
	}
	if s < 0 || i-s > 3 || i-s < 1 {
		return false
	}
	for k := s; k < i; k++ {
		if ts[k].lower == "your" || ts[k].lower == "next" {
			return true
		}
	}
	return false
}
