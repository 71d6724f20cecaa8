package fidelity

import (
	"strings"

	"github.com/kljensen/snowball/english"
)

// instructionAt reports whether word i is a verb addressed to the agent:
// the base form at the start of a clause (after sequencers such as
// "then", "next", "once done,"), after "you" and a modal, after "be sure
// to", or joined by "and"/"or" to an instruction of the same sentence.
// Words the user or a tool is the subject of ("the user sends", "it
// posts") are not: they stand after their subject.
func instructionAt(ts []token, i int, sameSentence bool) (int, bool) {
	w := ts[i].lower
	if ts[i].quoted || ts[i].markup || ts[i].address || nounListItem(ts, i) && !ts[i].handed {
		return 0, false
	}
	if _, ok := obligedAt(ts, i); ok {
		return ctxOblige, true
	}
	if !determiners[w] && nounDirectiveAt(ts, i) {
		return ctxNoun, true
	}
	if stepLabelAt(ts, i) && (baseVerb(w) || ts[i].handed) {
		return ctxImperative, true
	}
	if _, ok := agentDoes(ts, i); ok {
		return ctxAgent, true // "the assistant replies on Trustpilot"
	}
	if thenStep(ts, i, sameSentence) {
		return ctxImperative, true // "Log in then email the customer"
	}
	if !verbish(w) {
		// any verb of the lexicon in its base form may open an
		// instruction ("Double-check the spot on OpenStreetMap"); its
		// class then comes only from where it acts
		phrasal := w == "back" && i+1 < len(ts) && ts[i+1].lower == "up" // "back up the documents"
		if !baseVerb(w) && !phrasal && !ts[i].coined {
			return 0, false
		}
		if how, ok := clauseStart(ts, i); ok {
			return how, ok
		}
		return framed(ts, i)
	}
	j := i - 1
	for j >= 0 && !ts[j+1].sentence && !ts[j+1].clause && sequencers[ts[j].lower] {
		j--
	}
	stepped := j < i-1 && stepOpeners[ts[i-1].lower] && ts[i-1].lower != "after"
	switch {
	case stepped && (j < 0 || ts[j+1].sentence || ts[j+1].clause) && !(i+1 < len(ts) && finiteVerbs[ts[i+1].lower]):
		// (not a subject: "then output is written")
		// "then move clashing exams": a step needs no object opener
		return ctxImperative, true
	case j < 0 || ts[j+1].sentence || ts[j+1].clause:
		// a verb at the start of a clause, read as an imperative when
		// an object follows (a noun there, "Email address of …", is a
		// heading)
		if i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
			return 0, false
		}
		next := ts[i+1].lower
		if nounPair(ts, i) {
			return 0, false // "Email and any additional feedback": a form's fields
		}
		if objectOpeners[next] || vocabWord(next) || isUpper(ts[i+1].text[0]) || personObjects[next] || strings.Contains(next, "-") ||
			strings.HasSuffix(next, "ed") && !isNoun(w) || // "move stalled deals"
			laterSentence(ts, i) || // "Compute embeddings for …": no heading after the first sentence
			ts[i].clause && laterStep(ts, i) && !finiteVerbs[next] || // "For long outages, text affected subscribers …", not "…, output is returned"
			strings.ContainsAny(next, "._") ||
			// "approve and merge it"
			(next == "and" || next == "or") && i+2 < len(ts) && verbish(ts[i+2].lower) {
			return ctxImperative, true
		}
		return 0, false
	case ts[j+1].sentence:
		return 0, false
	case (ts[j].lower == "and" || ts[j].lower == "or") && (sameSentence || imperativeSentence(ts, i) || imperativeClause(ts, j)) && i+1 < len(ts) && !ts[i+1].sentence &&
		(objectOpeners[ts[i+1].lower] || vocabWord(ts[i+1].lower)):
		return ctxAnd, true
	}
	return framed(ts, i)
}

// framed: a verb after "you" and a modal ("you can post", "the agent
// should isolate"), after "be sure to", "feel free to", "it helps to",
// "is expected to", or as the work "use X to …" hands on.
func framed(ts []token, i int) (int, bool) {
	j := i - 1
	for j >= 0 && !ts[j+1].sentence && !ts[j+1].clause && sequencers[ts[j].lower] {
		j--
	}
	if j > 0 && !ts[j+1].sentence && mannerAdverb(ts[j].lower) && modals[ts[j-1].lower] {
		// "the assistant would normally plot"
		j--
	}
	switch {
	case j < 0 || ts[j+1].sentence:
		return 0, false
	case ts[j].lower == "you" && j > 0 && askingModals[ts[j-1].lower] && opensSentence(ts, j-1) ||
		ts[j].lower == "not" && j > 0 && ts[j-1].lower == "why" && opensSentence(ts, j-1):
		// a question that offers a deed asks it: "would you recall the
		// affected lots?", "Why not text the owner?"
		return ctxOblige, true
	case modals[ts[j].lower] && j > 0 && (youAt(ts, j-1) || (agentWords[ts[j-1].lower] || agentReading(ts, j)) && ts[j].lower != "will"):
		// "the agent will navigate": what another agent does, told
		if obligingModals[ts[j].lower] {
			return ctxOblige, true // "you should book", "the agent must isolate"
		}
		return ctxModal, true
	case hadBest(ts, i):
		return ctxOblige, true // "the assistant had best reorder …"
	case ts[j].lower == "to" && j > 0 && obligingOpeners[ts[j-1].lower]:
		return ctxOblige, true // "be sure to book", "is expected to isolate"
	case youAt(ts, j) && j >= 2 && ts[j-1].lower == "that" && (dutyAdjectives[ts[j-2].lower] || askingVerbs[verbBase(ts[j-2].lower)]):
		return ctxOblige, true // "It is advised that you tweet …", "Sales asked that you upload it"
	case agentWords[ts[j].lower] && j >= 3 && ts[j-1].lower == "the" && ts[j-2].lower == "that" && (dutyAdjectives[ts[j-3].lower] || askingVerbs[verbBase(ts[j-3].lower)]):
		return ctxOblige, true // "It is vital that the assistant notify …"
	case ts[j].lower == "to" && j >= 3 && permittingWords[ts[j-1].lower] && (ts[j-2].lower == "are" || ts[j-2].lower == "re") && ts[j-3].lower == "you":
		return ctxOblige, true // "You are cleared to ship it"
	case ts[j].lower == "to" && j > 1 && (dutyTo[ts[j-1].lower] && youAt(ts, j-2) ||
		ts[j-1].lower == "you" && askingVerbs[verbBase(ts[j-2].lower)]) && setupVerbs[ts[i].lower]:
		return 0, false // "You need to grant the app access first", "asking you to lower limit"
	case ts[j].lower == "to" && j > 1 && dutyTo[ts[j-1].lower] && youAt(ts, j-2) && !inCondition(ts, j-2):
		return ctxOblige, true // "you ought to log it", "you need to reissue it"
	case ts[j].lower == "to" && j > 1 && ts[j-1].lower == "you" && (askingVerbs[verbBase(ts[j-2].lower)] ||
		ts[j-2].lower == "on" && j > 2 && relyingVerbs[verbBase(ts[j-3].lower)]):
		return ctxOblige, true // "wants you to post it", "relies on you to publish it"; not "allows you to"
	case ts[j].lower == "to" && j > 1 && youAt(ts, j-2) && relativeBefore(ts, j-2):
		return 0, false // "the line where you want to add a comment": which value
	case ts[j].lower == "to" && j > 0 && (toOpeners[ts[j-1].lower] || ts[j-1].lower == "need" || j > 1 && youAt(ts, j-2) && modals[ts[j-1].lower]):
		return ctxModal, true
	case youAt(ts, j) && !ts[j].sentence && j > 0 && youTimed[ts[j-1].lower] && (worldVerb(ts[i].lower) || verbish(ts[i].lower)):
		return ctxModal, true // "value it when you get in touch over Intercom", "ask before you email them"
	case ts[j].lower == "to" && usedToDo(ts, j):
		return ctxModal, true
	case ts[j].lower == "you" && (worldVerb(ts[i].lower) || verbish(ts[i].lower)) && !receivingVerbs[ts[i].lower] && youStep(ts, j):
		return ctxImperative, true // "once the forms are signed, you file the claim"
	}
	return 0, false
}

// permittingWords hand the reader leave for a deed ("you are cleared
// to", "you are authorized to").
var permittingWords = set("cleared", "authorized", "authorised", "permitted", "allowed", "empowered", "entitled")

// askingModals open a question that asks the reader for a deed ("Would
// you …?", "Could you …?").
var askingModals = set("would", "could", "can")

// opensSentence: word k opens its sentence, "please", "so" or a step word
// aside ("After reading it, would you …": a clause after a condition
// counts).
func opensSentence(ts []token, k int) bool {
	for k >= 0 {
		if ts[k].sentence || ts[k].clause {
			return true
		}
		if k == 0 || !(ts[k-1].lower == "please" || ts[k-1].lower == "so" || sequencers[ts[k-1].lower]) {
			return false
		}
		k--
	}
	return true
}

// imperativeSentence: the sentence of word i, after the text's first,
// opens with a verb in its base form ("Mark odd readings and fax the
// summary").
func imperativeSentence(ts []token, i int) bool {
	k := sentenceOf(ts, ts[i].start)
	return k > 0 && k < i && laterSentence(ts, k) && baseVerb(ts[k].lower)
}

// agentWords name the agent as the subject of a modal ("the assistant
// should email", "the model can post").
var agentWords = set("assistant", "model", "agent", "ai", "llm", "bot", "chatbot", "copilot", "claude", "chatgpt")

// agentReading: the subject before the modal at j is the agent named with
// what it is doing ("the AI assistant reading these lines should", "the model
// that reads these notes must"): an agent word followed by a participle or
// a relative pronoun, within four words of the modal and its clause.
func agentReading(ts []token, j int) bool {
	for a := j - 2; a >= 0 && a >= j-5; a-- {
		if ts[a+1].sentence || ts[a+1].clause {
			return false
		}
		if agentWords[ts[a].lower] && (strings.HasSuffix(ts[a+1].lower, "ing") || ts[a+1].lower == "that" || ts[a+1].lower == "who") {
			return a == 0 || ts[a].sentence || determiners[ts[a-1].lower] || agentWords[ts[a-1].lower] || ts[a-1].sentence
		}
	}
	return false
}

// baseVerb: a word the lexicon knows as a verb, in its base form (not
// "returns", "created", "listing"); a hyphenated one by its last part
// ("double-check", "dry-run").
func baseVerb(w string) bool {
	return baseVerbMemo.ask(w)
}

func baseVerbOf(w string) bool {
	if k := strings.LastIndexByte(w, '-'); k >= 0 {
		if !verbPrefixes[w[:k]] && !(len(w[:k]) >= 4 && isVerb(w[:k]) && !strings.Contains(w[:k], "-")) {
			return false // "on-call", "follow-up": a compound, not a verb ("squash-merge", "spell-check" are)
		}
		w = w[k+1:]
	}
	if strings.HasPrefix(w, "re") && (len(w) >= 6 || len(w) == 5 && !isNoun(w)) && !isVerb(w) && baseVerbOf(w[2:]) {
		return true // "reroute", "rebook", "resend", "recut" (not "resin")
	}
	for _, p := range closedVerbPrefixes {
		if rest, ok := strings.CutPrefix(w, p); ok && len(rest) >= 4 && !isVerb(w) && !isNoun(w) && baseVerbOf(rest) {
			return true // "upscale", "downsample", "unredact", "deskew": a prefix the lexicon lacks on a verb it has
		}
	}
	if len(w) < 3 || functionWords[w] || strings.HasSuffix(w, "ing") || strings.HasSuffix(w, "ed") ||
		strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		return false
	}
	// the stem must be the word less at most its last letter: "verify"
	// (verifi), "capture" (captur), not "relative" (relat, an adjective
	// the stemmer folds into "relate")
	stem := english.Stem(w, false)
	n := 0
	for n < len(w) && n < len(stem) && w[n] == stem[n] {
		n++
	}
	return (len(w)-n <= 1 || strings.HasSuffix(w, "ate") || strings.HasSuffix(w, "ize") || strings.HasSuffix(w, "ise")) && isVerb(w)
}

// closedVerbPrefixes make a verb of a verb written as one word
// ("upscale", "downsample", "unredact", "deskew"), where the lexicon has
// the verb but not the derived one.
var closedVerbPrefixes = []string{"up", "down", "un", "de"}

// interfaceNouns name a product's screens for people ("the Jira UI",
// "the Stripe dashboard"): a deed done there needs a browser on that
// product, which a tool of the product's API does not give.
var interfaceNouns = set("ui", "gui", "interface", "website", "portal", "dashboard", "frontend")

// screenOf: the product named at k is followed (within end) by an
// interface noun, possibly after "web" ("Jira UI", "Jira web interface");
// h is that noun.
func screenOf(ts []token, k, end int) (int, bool) {
	h := k + 1
	if h <= end && h < len(ts) && ts[h].lower == "web" && !ts[h].sentence {
		h++
	}
	if h <= end && h < len(ts) && !ts[h].sentence && !ts[h].clause && interfaceNouns[ts[h].lower] {
		return h, true
	}
	return 0, false
}

// verbPrefixes make a verb of a verb ("re-run", "double-check", "dry-run").
var verbPrefixes = set("re", "double", "dry", "cross", "pre", "co", "spot", "fact", "hand", "auto", "bulk", "force",
	"quick", "back", "up", "down", "batch", "mass", "hot", "soft", "hard", "self", "test")

// clauseStart: a lexicon verb at the start of a clause, after sequencers,
// with an object opener after it.
func clauseStart(ts []token, i int) (int, bool) {
	j := i - 1
	for j >= 0 && !ts[j+1].sentence && !ts[j+1].clause && sequencers[ts[j].lower] {
		j--
	}
	if !(j < 0 || ts[j+1].sentence || ts[j+1].clause) || i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return 0, false
	}
	next := ts[i+1].lower
	if objectOpeners[next] || personObjects[next] || vocabWord(next) || isUpper(ts[i+1].text[0]) || strings.Contains(next, "-") || ts[i].readerLed ||
		!isNoun(ts[i].lower) && !functionWords[next] || laterSentence(ts, i) && (!isNoun(next) || pluralObject(ts, i)) || phrasalObject(ts, i) ||
		(j < i-1 && stepOpeners[ts[i-1].lower] || ts[i].clause && laterStep(ts, i)) && strings.HasSuffix(next, "ing") && isVerb(baseForm(next)) {
		// "then switch off the zones", "after checking them, halt
		// firing in kilns": a step, not a noun
		return ctxImperative, true
	}
	return 0, false
}

// phrasalObject: a particle and an object follow the verb at i ("shut down
// any boiler", "switch off the zones").
func phrasalObject(ts []token, i int) bool {
	if i+2 >= len(ts) || !particles[ts[i+1].lower] || ts[i+2].sentence || ts[i+2].clause {
		return false
	}
	o := ts[i+2].lower
	return objectOpeners[o] || vocabWord(o) || personObjects[o]
}
