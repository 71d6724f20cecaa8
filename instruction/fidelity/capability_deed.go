package fidelity

// deedPhrase is the deed a capability mention asks for, whole — the verb
// at i and its object — where the mention's signal, ending at last, stops
// short of it: after an article or a possessive ("Email the" of "Email the
// night manager the new shifts"), or before the second object of a verb
// that takes two ("text the buyer" of "text the buyer a link"). It is ""
// where the signal already holds the whole deed. A reviewer reads it in
// the suggestion, so the words to reword are named in full.
func deedPhrase(text string, ts []token, i, last int) string {
	e := objectEnd(ts, last)
	if e <= last {
		return ""
	}
	return unbroken(text[ts[i].start:ts[e].end])
}

// objectEnd is the last word of the object phrase the signal ending at
// last leaves open: it runs on through the words of one or two noun
// phrases, at most six words past last, and stops before a preposition or
// a word that opens another step, a condition or a clause.
func objectEnd(ts []token, last int) int {
	open := phraseOpeners[ts[last].lower] || ts[last].lower == "that"
	if last+1 >= len(ts) || !open && (!phraseOpeners[ts[last+1].lower] || ts[last+1].sentence || ts[last+1].clause) {
		return last
	}
	e := last
	for j := last + 1; j < len(ts) && j <= last+6; j++ {
		w := ts[j].lower
		if ts[j].sentence || ts[j].clause || objectStops[w] || prepositions[w] || stepWords[w] {
			break
		}
		e = j
	}
	for e > last && phraseOpeners[ts[e].lower] {
		e-- // a phrase cut at the window's edge ends before its article
	}
	return e
}

// phraseOpeners open a noun phrase whose head is still to come.
var phraseOpeners = set("the", "a", "an", "your", "their", "its", "our", "his", "her", "my", "each", "every", "any",
	"all", "some", "this", "that", "these", "those", "another", "both")

// objectStops end an object phrase: a preposition of place, means or
// topic, or a word that opens a clause.
var objectStops = set("to", "in", "on", "at", "by", "for", "with", "via", "from", "about", "into", "onto", "over",
	"under", "once", "whenever", "where", "which", "who", "whom", "whose", "that", "as", "than", "using", "per", "like")
