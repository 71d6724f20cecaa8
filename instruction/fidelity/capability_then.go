package fidelity

// youTimed open a clause that times the reader's own deed ("when you
// email them", "before you post it", "after you call it"): the deed in it
// is the reader's, so it needs its capability as an instruction does.
var youTimed = set("when", "if", "once", "before", "after")

// thenStep: the verb at i follows a bare "then" (no comma, no new clause)
// in a sentence whose earlier words already instruct the agent ("Log in
// then email the customer"): a second step of the same instruction. It
// must be a verb in its base form with an object after it, so "then the
// manager approved it" and "then output is written" are no steps.
func thenStep(ts []token, i int, sameSentence bool) bool {
	if i < 2 || i+1 >= len(ts) || ts[i-1].lower != "then" || ts[i].sentence || ts[i].clause || ts[i-1].sentence || ts[i-1].clause {
		return false
	}
	w, next := ts[i].lower, ts[i+1].lower
	if ts[i+1].sentence || ts[i+1].clause || finiteVerbs[next] || !(baseVerb(w) || verbish(w)) {
		return false
	}
	if !(objectOpeners[next] || personObjects[next] || vocabWord(next) || isUpper(ts[i+1].text[0])) {
		return false
	}
	return sameSentence || imperativeSentence(ts, i)
}

// conversationTurn: the object at k is the agent's own next turn in the
// conversation ("before you write the next reply"), which needs no tool.
func conversationTurn(ts []token, k int) bool {
	return k > 0 && singular(ts[k].lower) == "reply" && ts[k-1].lower == "next"
}
