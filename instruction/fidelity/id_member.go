package fidelity

import "strings"

// Calls written in other languages' notations: a later sentence may name
// the means of its deed as a call on an object or a module, whatever the
// language writes between them —
//   - a member call: "tours.cancel(tour_id, 'rain')", "bays.hold!(slot_id)"
//     (Ruby's "!" or "?" after the name), "Bogs'openSluice(bogId)" (an old
//     package separator), "schedule/pull(slot)" (a namespace's slash);
//   - a hyphenated deed called with plain names ("the call
//     accept-quote(id, amount)");
//   - a command written in capitals with its operand, COBOL-style ("by
//     calling RESET-BAY bay-id").
//
// The call must be the means of the clause — right after "with", "via",
// "using", "by", "call", "calling", "invoke" or "the call", at most one
// word between — its name a deed (a verb in its base form, or a name in a
// program's casing opened by one), and its arguments names or values.

// memberLeads stand right before a call that is a clause's means.
var memberLeads = set("with", "via", "using", "by", "call", "calling", "invoke", "invoking", "through")

// memberCall reports whether the word at i is a deed's name written as a
// call in another notation (see above), and returns the name.
func memberCall(text string, ts []token, i int) (string, bool) {
	t := ts[i]
	if !t.later || t.quoted && byteAt(text, t.start-1) != '`' {
		return "", false
	}
	name, receiver, lead := t.text, "", i
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		name, receiver = name[dot+1:], name[:dot]
	} else if sep := byteAt(text, t.start-1); (sep == '\'' || sep == '/') && i > 0 && ts[i-1].end == t.start-1 {
		receiver, lead = ts[i-1].text, i-1 // "Bogs'openSluice", "schedule/pull"
	}
	if !memberLed(ts, lead) || receiver != "" && !objectReceiver(receiver) {
		return "", false
	}
	rest := text[t.end:]
	if bang := byteAt(text, t.end); bang == '!' || bang == '?' {
		rest = rest[1:]
	}
	switch {
	case receiver != "" && (baseVerb(strings.ToLower(name)) && strings.ToLower(name) == name || codeDeed(name)) && plainArgs(rest):
		return name, true
	case receiver == "" && kebabDeed(name) && plainArgs(rest):
		return name, true // "the call accept-quote(id, amount)"
	case receiver == "" && screamingKebab(name) && operandAfter(ts, i):
		return name, true // "by calling RESET-BAY bay-id"
	}
	return "", false
}

// runtimeObjects are a language's own objects and modules: a member of
// one is the language's routine ("JSON.parse(text)", "Math.round(x)"),
// written in code the agent reads, not a tool of the service.
var runtimeObjects = set("json", "math", "string", "object", "array", "date", "console", "window", "document",
	"str", "os", "re", "np", "pd", "self", "this", "std", "fmt", "strings", "path", "url", "number", "promise")

// runtimeCall: a routine of a language's own object called in code
// ("Math.round(x)", "JSON.parse(text)"): no service's name.
func runtimeCall(t token) bool {
	dot := strings.IndexByte(t.lower, '.')
	return t.paren && dot > 0 && runtimeObjects[t.lower[:dot]]
}

// objectReceiver: a receiver that names the service's objects ("tours",
// "Bogs", "schedule"): no language's own object or module (runtimeObjects,
// the code names) and not an acronym in capitals.
func objectReceiver(r string) bool {
	l := strings.ToLower(r)
	return !upperCased(r) && !runtimeObjects[l] && !codeNames()[l] && !codeNameWords[l]
}

// memberLed: a lead of memberLeads stands right before the word at i, or
// one word before ("the call …", "calling RESEED-LINE"), in its sentence.
func memberLed(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-2; k-- {
		if memberLeads[ts[k].lower] {
			return k == i-1 || ts[k+1].lower == "the" || ts[k+1].lower == "call"
		}
		if ts[k+1].sentence {
			return false
		}
	}
	return false
}

// plainArgs: s opens with a parenthesized, non-empty list of arguments,
// each a name ("tour_id", "bogId", "lot") or a value ("'rain'", "42").
func plainArgs(s string) bool {
	if !strings.HasPrefix(s, "(") {
		return false
	}
	end := strings.IndexByte(s, ')')
	if end < 2 {
		return false
	}
	for _, a := range strings.Split(s[1:end], ",") {
		a = strings.Trim(strings.TrimSpace(a), `'"`)
		if a == "" || len(a) > 40 {
			return false
		}
		for _, r := range a {
			if !(r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// screamingKebab: an upper-case hyphenated name whose first part is a
// verb ("RESEED-LINE", "CLOSE-ACCOUNT"; not "UTF-8", "X-API-KEY").
func screamingKebab(w string) bool {
	if !upperCased(w) || !strings.Contains(w, "-") {
		return false
	}
	parts := strings.Split(strings.ToLower(w), "-")
	for _, p := range parts {
		if len(p) < 2 || strings.Trim(p, "abcdefghijklmnopqrstuvwxyz") != "" {
			return false
		}
	}
	return baseVerb(parts[0]) || isVerb(parts[0]) && !strings.HasSuffix(parts[0], "ing") // "RESEED": a verb ending in -ed
}

// operandAfter: a name or a value written in code follows the word at i
// in its clause ("RESEED-LINE line-id", "CLOSE-ACCOUNT acct_no").
func operandAfter(ts []token, i int) bool {
	if i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return false
	}
	n := ts[i+1].text
	return strings.ContainsAny(n, "_-") && strings.ToLower(n) == n || lowerCamel(n)
}
