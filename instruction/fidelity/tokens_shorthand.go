package fidelity

import (
	"strings"
	"unicode/utf8"
)

// Chat shorthand reads as the words it stands for. A common English
// abbreviation of a word ("pls", "fwd", "calc", "w/", "py") takes that
// word's reading (token.lower), keeping its place, so "pls fwd to accts via
// email w/ the ref #" is read as "please forward to accts via email with the
// ref #". A pictograph whose Unicode name is a means of a deed (TELEPHONE
// RECEIVER, ENVELOPE, PRINTER, FAX MACHINE, CALENDAR …) reads as that
// deed's verb where it stands as one: opening a clause (or after a step
// word) with an object opener or a person after it ("📞 each customer,
// then ✉️ a recap"). Elsewhere — a label ("📞 phone number"), an icon in a
// sentence ("has a 📞 icon") — it is dropped, as any other sign is. Both
// tables are general (standard abbreviations and emoji names), not the
// words of any corpus.

// shorthand are standard English abbreviations of words and their
// reading.
var shorthand = map[string]string{
	"pls": "please", "plz": "please", "fwd": "forward", "calc": "calculate", "py": "python", "subj": "subject",
	"msg": "message", "txt": "text", "thru": "through", "b4": "before", "pmt": "payment", "acct": "account",
	"appt": "appointment", "mtg": "meeting", "notif": "notification", "reqs": "requests", "sched": "schedule",
}

// pictographVerbs are pictographs named for a means of a deed, with the
// deed's verb.
var pictographVerbs = map[rune]string{
	'📞': "call", '☎': "call", '📲': "call",
	'✉': "email", '📧': "email", '📨': "email", '📩': "email",
	'💬': "message", '🖨': "print", '📠': "fax",
	'📅': "schedule", '📆': "schedule", '🗓': "schedule",
	'💳': "charge", '📣': "announce", '📢': "announce",
}

// shorthandWord is the reading of an abbreviation at text[start:end]
// ("w/" is "with" when the slash ends it).
func shorthandWord(text string, lower string, end int) (string, bool) {
	if lower == "w" && byteAt(text, end) == '/' {
		if r, _ := utf8.DecodeRuneInString(text[min(end+1, len(text)):]); end+1 >= len(text) || !isWordRune(r) {
			return "with", true
		}
		return "", false
	}
	w, ok := shorthand[lower]
	return w, ok
}

// pictographAt is the pictograph token at text[i] (with a variation
// selector after it), if r names a deed.
func pictographAt(text string, i int, r rune, n int) (token, bool) {
	v, ok := pictographVerbs[r]
	if !ok {
		return token{}, false
	}
	end := i + n
	if strings.HasPrefix(text[end:], "\uFE0F") {
		end += len("\uFE0F")
	}
	return token{text: text[i:end], lower: v, start: i, end: end, pictograph: true}, true
}

// pictographSteps keeps a pictograph as its verb where it stands as one
// (opening a clause, or after a step word that does, with an object
// opener or a person right after it, not "📞 = customer asked …", a
// legend) and drops it elsewhere, handing its
// sentence and clause starts on to the word after it.
func pictographSteps(text string, ts []token) []token {
	any := false
	for _, t := range ts {
		any = any || t.pictograph
	}
	if !any {
		return ts
	}
	out := ts[:0:0]
	carry := token{}
	for i, t := range ts {
		t.sentence, t.clause = t.sentence || carry.sentence, t.clause || carry.clause
		carry = token{}
		if !t.pictograph {
			out = append(out, t)
			continue
		}
		opens := t.sentence || t.clause || len(out) > 0 && sequencers[out[len(out)-1].lower] && (out[len(out)-1].sentence || out[len(out)-1].clause)
		if opens && i+1 < len(ts) && strings.TrimSpace(text[t.end:ts[i+1].start]) == "" && !ts[i+1].sentence && !ts[i+1].clause && !ts[i+1].pictograph &&
			(objectOpeners[ts[i+1].lower] || personObjects[ts[i+1].lower]) {
			out = append(out, t)
			continue
		}
		carry = t
	}
	return out
}
