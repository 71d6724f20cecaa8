package fidelity

import "strings"

// forPeople drops the instructions of a sentence set under a label that
// names people other than the agent ("TEAM TASK (shift lead):
// refund via PayPal", "Recommended usage (for economists): open it in your
// BI tool"): the label says whose step it is. A label is the words on the
// sentence's line before its colon, at most eight; it names people when
// one of its words is a person where a label names whom it is for — its
// first word, a word in its parentheses or after "for" ("US customers
// want lb:", "Renew them:" are sentences, not labels) — (personObjects, in the singular too, or
// "staff", "human", a noun in -ist or -yst) and none names the agent ("Agent
// action:", "(for the assistant)").
func forPeople(text string, ts []token, ms []mention) []mention {
	if !strings.Contains(text, ":") {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		if m.kind == KindCapability && peopleLabel(text, ts, sentenceOf(ts, m.start)) {
			continue
		}
		out = append(out, m)
	}
	return out
}

// peopleLabel: the sentence opening at word s follows a label naming
// people (see forPeople).
func peopleLabel(text string, ts []token, s int) bool {
	if s == 0 || s >= len(ts) || strings.TrimSpace(text[ts[s-1].end:ts[s].start]) == "" {
		return false
	}
	gap := strings.TrimRight(text[ts[s-1].end:ts[s].start], " \t")
	if !strings.HasSuffix(gap, ":") || strings.Contains(gap, "\n") {
		return false
	}
	k := sentenceOf(ts, ts[s-1].start)
	if s-k > 8 || strings.Contains(text[ts[k].start:ts[s-1].end], "\n") {
		return false
	}
	people := false
	for j, t := range ts[k:s] {
		w := t.lower
		if agentWords[w] || agentWords[singular(w)] || w == "you" || w == "your" {
			return false
		}
		before := text[ts[k].start:t.start]
		inParen := strings.LastIndex(before, "(") > strings.LastIndex(before, ")")
		where := j == 0 || inParen || ts[k+j-1].lower == "for"
		person := !personPronouns[w] && (personObjects[w] || personObjects[singular(w)]) || w == "staff" || w == "human" || w == "humans" ||
			(strings.HasSuffix(singular(w), "ist") || strings.HasSuffix(singular(w), "yst")) && isNoun(singular(w))
		people = people || where && person
	}
	return people
}

// personPronouns are the personal pronouns among personObjects.
var personPronouns = set("him", "her", "them", "me", "us")
