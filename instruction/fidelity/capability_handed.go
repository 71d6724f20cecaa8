package fidelity

// handedSteps marks the verb of a duty handed to the reader without an
// imperative as a step (token.handed, read by stepLabelAt): the party the
// duty falls to is the reader ("you") or the agent, and what follows is
// the deed —
//   - "It falls to you to reschedule", "The onus is on the agent to email", "It's up
//     to you to file", "It is on the agent to send";
//   - "it is you who must renew", "you are the one who should call";
//   - "You are on the hook for nudging", "you are responsible for texting",
//     "the agent is tasked with filing" (the gerund read as its verb);
//   - "Whereupon you raise the order";
//   - a clause after an absolute one: "That done, close the payroll month";
//   - a clause after a phrase of time about this call: "Hard on the heels
//     of this lookup, file an incident review".
//
// The same frames put to someone else ("It falls to the courier to reschedule",
// "Lodgers are on the hook for overdue rent") hand the reader nothing.
func handedSteps(ts []token) {
	for i := 1; i < len(ts); i++ {
		if ts[i].sentence && !afterAbsolute(ts, i) {
			continue
		}
		switch {
		case (baseVerb(ts[i].lower) || verbish(ts[i].lower)) && (dutyToReader(ts, i) || readerWhoMust(ts, i) || whereuponYou(ts, i) || afterAbsolute(ts, i) || afterThisCall(ts, i) || courtesyFrame(ts, i)):
			ts[i].handed = true
			handJoined(ts, i)
		case readerAnswersFor(ts, i) || gerundStep(ts, i):
			if v := gerundOf(ts[i].lower); v != "" {
				ts[i].lower, ts[i].handed = v, true
				handJoined(ts, i)
			}
		}
	}
}

// handJoined marks the verbs joined to the handed one at i by "and" or
// "or" in its sentence as handed too ("open a post-mortem and assign an
// owner").
func handJoined(ts []token, i int) {
	for k := i + 2; k < len(ts) && k <= i+10 && !ts[k].sentence; k++ {
		if (ts[k-1].lower == "and" || ts[k-1].lower == "or") && (baseVerb(ts[k].lower) || verbish(ts[k].lower)) {
			ts[k].handed = true
		}
	}
}

// dutyToReader: word i follows "to/on/upon you to" or "to/on the agent
// to" after a frame of duty ("It falls to you to reschedule", "The onus is on
// the agent to email"), not after a word of sending ("mailed to you to sign").
func dutyToReader(ts []token, i int) bool {
	if i < 3 || ts[i-1].lower != "to" || ts[i-1].sentence {
		return false
	}
	k := i - 2
	if !readerAt(ts, k) {
		return false
	}
	if agentWords[ts[k].lower] && k > 0 && determiners[ts[k-1].lower] {
		k--
	}
	return k > 1 && !ts[k].sentence && !ts[k-1].sentence && dutyFrame(ts[k-2].lower, ts[k-1].lower)
}

// dutyFrame: the word before a preposition puts a duty on its bearer with
// it ("falls to you", "up to you", "is on you", "rests upon you"); a
// word of sending or giving ("mailed to you", "handed to you") puts none.
func dutyFrame(word, preposition string) bool {
	switch preposition {
	case "to":
		return dutyBeforeTo[word]
	case "on", "upon":
		return dutyBeforeOn[word]
	}
	return false
}

// dutyBeforeTo put a duty with "to" ("falls to you", "up to you", "down
// to you").
var dutyBeforeTo = set("falls", "fall", "fell", "fallen", "falling", "up", "down")

// dutyBeforeOn put a duty with "on" or "upon" ("is on you", "rests upon
// you", "incumbent upon you", "the onus on you").
var dutyBeforeOn = set("is", "s", "are", "was", "be", "been", "rests", "rest", "rested", "lies", "falls", "fell",
	"incumbent", "onus", "squarely", "firmly", "now", "entirely", "solely")

// readerAt: word k names the reader — "you" or the agent.
func readerAt(ts []token, k int) bool {
	return k >= 0 && (ts[k].lower == "you" || agentWords[ts[k].lower])
}

// readerWhoMust: word i follows "you who must" or "you are the one who
// should" ("it's you who must renew the lease").
func readerWhoMust(ts []token, i int) bool {
	if i < 3 || !whoModals[ts[i-1].lower] || ts[i-2].lower != "who" || ts[i-1].sentence || ts[i-2].sentence {
		return false
	}
	k := i - 3
	if ts[k].lower == "one" && k >= 2 && ts[k-1].lower == "the" {
		k -= 2 // "you are the one who"
		for k >= 0 && (ts[k].lower == "are" || ts[k].lower == "re" || ts[k].lower == "is" || ts[k].lower == "s") {
			k--
		}
	}
	return readerAt(ts, k)
}

// whoModals oblige in a relative clause ("who must", "who should").
var whoModals = set("must", "should", "shall", "needs", "has", "will", "ought")

// whereuponYou: word i follows "whereupon you" or "upon which you"
// ("Whereupon you issue the supply request").
func whereuponYou(ts []token, i int) bool {
	if i < 2 || ts[i-1].lower != "you" || ts[i-1].sentence {
		return false
	}
	w := ts[i-2].lower
	return w == "whereupon" || w == "thereupon" || w == "which" && i >= 3 && ts[i-3].lower == "upon"
}

// afterAbsolute: word i opens the clause after an absolute one that says
// the deed before is over ("That done, close the payroll month", "This
// finished, export it").
func afterAbsolute(ts []token, i int) bool {
	return i >= 2 && ts[i].clause && !ts[i].sentence && finishedWords[ts[i-1].lower] && (ts[i-2].lower == "that" || ts[i-2].lower == "this" || ts[i-2].lower == "which") && ts[i-2].sentence
}

// finishedWords say a deed is over ("that done").
var finishedWords = set("done", "finished", "complete", "completed", "sorted", "settled", "over")

// afterThisCall: word i opens the clause after a phrase of time that ends
// with this call ("Hard on the heels of this lookup, open …", "Straight
// after this call, send …"), of six words at most from the sentence's
// start.
func afterThisCall(ts []token, i int) bool {
	if i < 3 || !ts[i].clause || ts[i].sentence || !thisCallNouns[ts[i-1].lower] || ts[i-2].lower != "this" {
		return false
	}
	for k := i - 3; k >= 0 && k >= i-8; k-- {
		if ts[k].sentence {
			return true
		}
		if ts[k].clause {
			return false
		}
	}
	return false
}

// thisCallNouns name the call a description is read for ("this call", "this
// step").
var thisCallNouns = set("call", "step", "tool", "lookup", "request", "one")

// readerAnswersFor: word i, a gerund, is what the reader answers for —
// "You are on the hook for nudging", "you are responsible for texting",
// "the agent is tasked with filing", "you're in charge of sending".
func readerAnswersFor(ts []token, i int) bool {
	if i < 3 || ts[i-1].sentence || ts[i].sentence {
		return false
	}
	p := ts[i-1].lower
	var k int
	switch {
	case p == "for" && ts[i-2].lower == "hook" && i >= 5 && ts[i-3].lower == "the" && ts[i-4].lower == "on":
		k = i - 5
	case p == "for" && ts[i-2].lower == "responsible", p == "with" && (ts[i-2].lower == "tasked" || ts[i-2].lower == "charged"):
		k = i - 3
	case p == "of" && ts[i-2].lower == "charge" && i >= 4 && ts[i-3].lower == "in":
		k = i - 4
	default:
		return false
	}
	for k >= 0 && (ts[k].lower == "are" || ts[k].lower == "re" || ts[k].lower == "is" || ts[k].lower == "s" || ts[k].lower == "be" || ts[k].lower == "will" || ts[k].lower == "ll") {
		k--
	}
	return readerAt(ts, k)
}

// gerundOf is the verb of a gerund the lexicon or the class table knows
// ("chasing": chase, "texting": text), or "".
func gerundOf(w string) string {
	if v := gerundVerb(w); v != "" {
		return v
	}
	if v := lemma(w); v != w && verbish(v) {
		return v
	}
	return ""
}
