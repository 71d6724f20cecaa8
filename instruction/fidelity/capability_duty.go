package fidelity

import "strings"

// Duties written in the shorthand of other documents. A minute, a plan,
// a remark or a checklist gives a deed to someone by naming them before
// an infinitive ("P: Assistant to size the wound", "RMK ASSISTANT TO
// CLOSE RWY 24", "Action: Jo to chase the supplier") or after the deed,
// in parentheses at the line's end ("PARKING FEE ..... PAID WITH
// PAYSAFECARD (assistant)", "FUEL ..... CHECKED (pilot)"). When the one
// named is the agent the deed is its step (token.handed), read as any
// later step is; someone else's ("Jo to chase", "(pilot)") is theirs.

// dutySteps marks the agent's duties written in that shorthand as steps.
func dutySteps(text string, ts []token) {
	for i := 1; i+2 < len(ts); i++ {
		if agentToDuty(ts, i) {
			handStep(ts, i+2)
		}
	}
	annotatedDuties(text, ts)
}

// agentToDuty: word i names the agent, written as a name (capitalized, no
// article or possessive before it: "Assistant to book …", "ASSISTANT TO
// CLOSE …", or opening a clause: "Bruised areas — assistant to score
// them"), and "to" and a verb in its base form follow — not "the
// assistant to do" ("no task for the assistant here"), "your research
// assistant to find" (an instrument used), nor "Assistant to the
// manager" (a title).
func agentToDuty(ts []token, i int) bool {
	t := ts[i]
	if !agentWords[t.lower] || !isUpper(t.text[0]) && !t.sentence && !t.clause || !t.later || t.quoted || ts[i+1].lower != "to" || ts[i+1].sentence || ts[i+2].sentence {
		return false
	}
	if p := ts[i-1]; !t.sentence && !t.clause && (!upperCased(p.text) || determiners[p.lower] || functionWords[p.lower] || prepositions[p.lower]) {
		return false // "for the assistant to do", "your research assistant to find"
	}
	v := ts[i+2].lower
	return baseVerb(v) && !determiners[v] && !functionWords[v]
}

// annotatedDuties marks the deed of each line that ends with the agent in
// parentheses ("PAID WITH PAYSAFECARD (assistant)"): the line's first
// past participle, read as its verb, after any label and leader dots.
func annotatedDuties(text string, ts []token) {
	for k := 1; k < len(ts); k++ {
		if !agentWords[ts[k].lower] || byteAt(text, ts[k].start-1) != '(' || byteAt(text, ts[k].end) != ')' || !lineEndsAt(text, ts[k].end+1) || !ts[k].later {
			continue
		}
		s := k - 1
		for s > 0 && !ts[s].sentence {
			s--
		}
		for p := s; p < k; p++ {
			w := ts[p].lower
			v := lemma(w)
			if (v != w || irregular[w] != "") && worldVerb(v) {
				ts[p].lower = v
				ts[p].handed = true
				break
			}
		}
	}
}

// lineEndsAt: nothing but white space stands between offset at and the
// end of its line.
func lineEndsAt(text string, at int) bool {
	rest := text[min(at, len(text)):]
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	return strings.TrimSpace(rest) == ""
}

// agentNamedBefore: the agent is named in the sentence of word k before
// it ("verified by the assistant with its photo-forensics checker", "The
// assistant is told to check it with its tuning analyser", "— assistant
// to score them with its lesion classifier"): "its" there is the
// agent's.
func agentNamedBefore(ts []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-reach; j-- {
		if agentWords[ts[j].lower] && j > 0 && (determiners[ts[j-1].lower] || ts[j].sentence || ts[j].clause || isUpper(ts[j].text[0])) {
			return true
		}
		if ts[j].sentence {
			break
		}
	}
	return false
}
