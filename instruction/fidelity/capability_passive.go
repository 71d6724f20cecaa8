package fidelity

// passiveDuty: word i is a participle in the passive ("is issued", "gets
// reposted", "is then archived") whose deed is the agent's: its doer is
// "you" or the agent ("Then it gets pinned on the vacancy board by you"),
// or it is the step after an instruction of the same sentence ("Verify
// the invoice, after which the payment is released"). It returns the
// verb. A clause opened by a condition ("if it is approved by you") is a
// situation, one whose subject denies it ("no crate is shipped by the
// assistant") says what the agent does not do, and a passive after a
// description ("Deletes the session, after which the token is revoked")
// is what the tool does.
func passiveDuty(ts []token, i int) (string, bool) {
	if i < 2 || ts[i].sentence || ts[i].clause {
		return "", false
	}
	b := i - 1
	if b > 0 && (sequencers[ts[b].lower] || mannerAdverb(ts[b].lower)) && !ts[b].sentence && !ts[b].clause {
		b-- // "is then archived"
	}
	if !passiveAux[ts[b].lower] || ts[b+1].sentence {
		return "", false
	}
	v := lemma(ts[i].lower)
	if v == ts[i].lower && irregular[ts[i].lower] == "" || !worldVerb(v) && !doneByReader(ts, i) {
		return "", false // (a deed of the conversation is the reader's only by name: "scheduled by the assistant with its own planner")
	}
	c := b // the clause's first word
	for c > 0 && c > b-reach && !ts[c].sentence && !ts[c].clause {
		c--
	}
	after := c+1 < len(ts) && (ts[c].lower == "after" && ts[c+1].lower == "which" || ts[c].lower == "whereupon")
	if conditionOpeners[ts[c].lower] && !after {
		return "", false // "If it is approved by you, …"
	}
	if negatedSubject(ts, b) {
		return "", false // "No crate is shipped by the assistant": what the agent does not do
	}
	if doneByReader(ts, i) {
		return v, true // "pinned on the vacancy page by you"
	}
	return v, after && ts[c].clause && instructedBefore(ts, c)
}

// doneByReader: "by you" or "by the assistant" names the doer of the
// passive at i, within its clause.
func doneByReader(ts []token, i int) bool {
	for k := i + 1; k+1 < len(ts) && k <= i+8 && !ts[k].sentence && !ts[k].clause; k++ {
		if ts[k].lower == "by" && (youAt(ts, k+1) || k+2 < len(ts) && ts[k+1].lower == "the" && agentWords[ts[k+2].lower]) {
			return true
		}
	}
	return false
}

// passiveAux carry a passive in the present ("is issued", "gets
// reposted"); a past passive ("was issued") tells what happened.
var passiveAux = set("is", "are", "gets", "get", "be")

// instructedBefore: the sentence of word c opens, before c, with a verb
// in its base form and its object, after the text's first sentence
// ("Verify the receipt, after which …").
func instructedBefore(ts []token, c int) bool {
	s := c - 1
	for s > 0 && s > c-reach && !ts[s].sentence {
		s--
	}
	if !ts[s].sentence || inFirstSentence(ts, s) || s+1 >= c {
		return false
	}
	next := ts[s+1].lower
	return baseVerb(ts[s].lower) && (objectOpeners[next] || vocabWord(next) || personObjects[next])
}

// wantedDone: word i is a participle after someone's wish and its object
// ("Legal wants a copy filed in the Ironclad vault", "Finance needs the
// totals posted to the #budget channel"): a deed asked of the agent, as
// "asked that you …" is, when it names where it goes; a doer named after
// it ("signed by the patient") makes it theirs, and a wish of a value's
// shape ("wants the totals rounded to whole euros") names no place, and
// "where you want the changes pulled into" says which value.
func wantedDone(ts []token, i int) (string, bool) {
	v := lemma(ts[i].lower)
	if i < 3 || ts[i].sentence || ts[i].clause || v == ts[i].lower && irregular[ts[i].lower] == "" || !worldVerb(v) {
		return "", false
	}
	d := i - 1
	for d > 0 && d >= i-3 && !ts[d].sentence && !determiners[ts[d].lower] && !objectDeterminers[ts[d].lower] && nounish(ts[d].lower) {
		d--
	}
	if d == i-1 || ts[d+1].sentence || !(determiners[ts[d].lower] || objectDeterminers[ts[d].lower]) || d < 1 || ts[d].sentence || !wishVerbs[ts[d-1].lower] {
		return "", false
	}
	if d >= 2 && (youAt(ts, d-2) || relativeWords[ts[d-2].lower]) {
		return "", false // "the branch where you want the changes pulled into": which value
	}
	for k := i + 1; k < len(ts) && k <= i+3 && !ts[k].sentence && !ts[k].clause; k++ {
		if byPerson(ts, k) {
			return "", false
		}
		if venuePrepositions[ts[k].lower] && k+1 < len(ts) {
			n := k + 1
			if determiners[ts[n].lower] && n+1 < len(ts) {
				n++
			}
			return v, !numeral(ts[n].lower) && !valueShapes[ts[n].lower]
		}
	}
	return "", false
}

// wishVerbs say what someone wants done ("wants a copy filed").
var wishVerbs = set("wants", "want", "needs", "need", "expects", "expect", "requires", "require")

// objectDeterminers open the object of a wish ("needs each total
// posted").
var objectDeterminers = set("each", "every", "all", "its", "their", "these", "those", "this", "that")

// valueShapes follow "to" in a wish of a value's shape ("rounded to whole
// euros", "set to zero").
var valueShapes = set("whole", "zero", "one", "two", "nearest", "lower", "upper", "lowercase", "uppercase")
