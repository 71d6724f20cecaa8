package fidelity

import "strings"

// Duties handed by a courtesy or an idiom: a writer asks the reader for a
// deed politely, without an imperative opening the sentence —
//   - "Be a darling and sort them", "Be kind and text her": a sentence
//     opened by "be" and a short phrase, then "and" and the deed;
//   - "Might I suggest you book …", "I'd recommend you email …": a verb
//     of advice, then "you" (or "that you") and the deed;
//   - "It wouldn't hurt to add a note", "It never hurts to ping them":
//     a negated "hurt" before "to" and the deed;
//   - "Who better than you to answer them …?": the reader named the best doer.
//
// The frames are closed (a handful of words each), not a list of phrases
// taken from any corpus: what they share is that the reader is the doer
// and the deed follows the frame.

// courtesyFrame: word i is the deed of a duty handed by courtesy or idiom.
func courtesyFrame(ts []token, i int) bool {
	return i >= 2 && !ts[i].sentence && (beKindAnd(ts, i) || adviceToYou(ts, i) || noHarmTo(ts, i) || noneBetterTo(ts, i))
}

// beKindAnd: "Be <at most four words> and <verb>" at a sentence's start
// ("Be a dear and", "Be kind and", "Be a star and").
func beKindAnd(ts []token, i int) bool {
	if ts[i-1].lower != "and" || ts[i-1].sentence {
		return false
	}
	for k := i - 2; k >= 0 && k >= i-6; k-- {
		if ts[k].sentence {
			return ts[k].lower == "be" && k < i-2
		}
		if ts[k].clause || baseVerb(ts[k].lower) && ts[k].lower != "dear" && ts[k].lower != "star" {
			return false
		}
	}
	return false
}

// adviceVerbs advise the reader a deed ("suggest you book").
var adviceVerbs = set("suggest", "recommend", "propose", "advise", "urge")

// adviceToYou: "<advice verb> [that] you <verb>" ("Might I suggest you
// book", "I'd recommend that you email").
func adviceToYou(ts []token, i int) bool {
	k := i - 1
	if ts[k].lower != "you" || ts[k].sentence {
		return false
	}
	k--
	if ts[k].lower == "that" && k > 0 && !ts[k].sentence {
		k--
	}
	return adviceVerbs[ts[k].lower] && !ts[k+1].sentence
}

// noHarmTo: "<not> hurt to <verb>" ("It wouldn't hurt to", "It can't hurt
// to", "It never hurts to").
func noHarmTo(ts []token, i int) bool {
	if i < 4 || ts[i-1].lower != "to" || ts[i-1].sentence || ts[i-2].sentence {
		return false
	}
	if h := ts[i-2].lower; h != "hurt" && h != "hurts" {
		return false
	}
	n := ts[i-3].lower
	return n == "t" || n == "not" || n == "never" || n == "n"
}

// noneBetterTo: "better than you to <verb>" ("Who better than you to
// answer", "No one is better placed than you to call").
func noneBetterTo(ts []token, i int) bool {
	return i >= 5 && ts[i-1].lower == "to" && ts[i-2].lower == "you" && ts[i-3].lower == "than" &&
		(ts[i-4].lower == "better" || ts[i-4].lower == "placed" || ts[i-4].lower == "suited")
}

// noHarmBefore: the sentence of word i says, before it, that a deed would
// do no harm ("It wouldn't hurt to `dig …` beforehand"): its "it" is no tool.
func noHarmBefore(ts []token, i int) bool {
	for k := i - 1; k >= 2 && k >= i-reach; k-- {
		if (ts[k].lower == "hurt" || ts[k].lower == "hurts") && noHarmTo(ts, k+2) {
			return k+1 < len(ts) && ts[k+1].lower == "to"
		}
		if ts[k].sentence {
			break
		}
	}
	return false
}

// sequenceFrames open a sentence, before a comma, to say its step follows
// another ("Having done so, freeze every login", "In the same breath, cancel
// every voucher", "While you're at it, text the owner"): closed English
// phrases of sequence, as the words of the sentence before the comma.
var sequenceFrames = set("having done so", "having done that", "having done this", "having done it", "having done",
	"having finished", "having finished that", "having completed that", "in the same breath", "with that done",
	"with this done", "with that out of the way", "that out of the way", "hot on its heels", "hot on their heels",
	"while you re at it", "while you are at it", "while you re there", "while you are there", "at the same time",
	"in the meantime", "on top of that", "as a follow-up", "as a next step", "as the next step", "as a final step")

// sequenceFramed: the clause of word i follows a sequence frame that
// opens its sentence.
func sequenceFramed(ts []token, i int) bool {
	if i < 2 || !ts[i].clause || ts[i].sentence {
		return false
	}
	s := i - 1
	for s > 0 && !ts[s].sentence && i-s < 7 {
		if ts[s].clause {
			return false
		}
		s--
	}
	if !ts[s].sentence {
		return false
	}
	words := make([]string, 0, i-s)
	for k := s; k < i; k++ {
		words = append(words, ts[k].lower)
	}
	return sequenceFrames[strings.Join(words, " ")]
}

// adverbialSteps marks as a handed step (token.handed) the verb opening
// the clause after a sequence adverbial (sequenceAdverbial), when it is
// in its base form with its object after it ("Close behind that, wrap and
// board each issue"), and the deeds joined to it by "and" or "or".
func adverbialSteps(text string, ts []token) {
	framedSteps(ts)
	for i := 2; i+1 < len(ts); i++ {
		if gap := text[ts[i-1].end:ts[i].start]; !ts[i].clause || ts[i].sentence || ts[i].handed || !baseVerb(ts[i].lower) || ts[i+1].sentence || ts[i+1].clause ||
			!strings.Contains(gap, ",") && !(strings.ContainsAny(gap, "—–") && settledBefore(ts, i)) {
			continue
		}
		next := ts[i+1].lower
		if strings.TrimSpace(text[ts[i].end:ts[i+1].start]) != "" {
			continue // "PASS, FAIL, RETEST (the lab …)": a value and its gloss, not a verb and its object
		}
		if !(objectOpeners[next] || pronouns[next] || strings.Contains(next, "-") && !strings.HasPrefix(next, "-") || (next == "and" || next == "or") && i+2 < len(ts) && baseVerb(ts[i+2].lower)) {
			continue
		}
		s := i - 1
		for s > 0 && !ts[s].sentence && i-s <= adverbialWords {
			s--
		}
		if !ts[s].sentence || !stopBefore(text, ts[s].start) || !strings.ContainsAny(text[:ts[s].start], ".!?\n") || paramLine(text, ts[i].start) {
			continue // "Manages tags: list, create or verify …": the headline's own list
		}
		// a chain of phrases ("Then, without pausing, reserve …"): each
		// comma of the stretch closes one
		if sequenceAdverbial(ts, s, i) {
			handStep(ts, i)
		}
	}
}

// stopBefore: the text before offset at ends a sentence, a line, a
// label or a cell (".", "!", "?", a line break, a colon, "|") or an
// arrow leads to it ("→ Answer in hand, …").
func stopBefore(text string, at int) bool {
	b := strings.TrimRight(text[:at], " \t\"'*_(")
	if strings.HasSuffix(b, "→") || strings.HasSuffix(b, "->") || strings.HasSuffix(b, "⇒") {
		return true
	}
	return b != "" && strings.ContainsRune(".!?\n:|", rune(b[len(b)-1]))
}

// sequenceAdverbial: words s..i-1, opening a sentence after the text's
// first and closed by a comma or a dash, are a phrase that says when the clause
// after it happens, not a clause of its own ("Close behind that,", "In
// the wake of that,", "Upon return,", "On completion,", "Draft
// approved,", "Thereupon,"): no finite verb, no subject (the reader, the
// agent, a pronoun), not itself a step (a verb in its base form and its
// object: "Check the log, …"), not a condition or a situation (decided
// where their openers are known) and not what the tool does ("Returns
// …, …"). The clause after it is then a step, read as after "then",
// when it is the sentence's last (a comma after it makes a list).
func sequenceAdverbial(ts []token, s, i int) bool {
	if !ts[s].later || s == 0 || i-s > adverbialWords || situationOpeners[ts[s].lower] || conditionOpeners[ts[s].lower] {
		return false
	}
	if i-s == 1 && strings.HasSuffix(ts[s].lower, "ly") && !sequencers[ts[s].lower] && !stepOpeners[ts[s].lower] {
		return false // "Alternatively, …", "Optionally, …": a manner or a stance, not a time
	}
	if baseVerb(ts[s].lower) && !prepositions[ts[s].lower] && !strings.HasPrefix(ts[s].lower, "post-") && !(s+1 < i && (functionWords[ts[s+1].lower] && !objectOpeners[ts[s+1].lower] || particles[ts[s+1].lower] ||
		strings.HasSuffix(ts[s+1].lower, "ed") || strings.HasSuffix(ts[s+1].lower, "en") || irregular[ts[s+1].lower] != "")) {
		// "Check the log, fix it" (a step before a step), "list, create
		// or verify" (a list of deeds), "Commit SHA, branch or tag" (a
		// thing): a verb opens the phrase only before a preposition, a
		// particle or a participle, regular or not ("Close behind that,",
		// "Box ticked,", "Survey done,");
		// a preposition ("Past that point,") and "post-" ("Post-fetch,")
		// make a time of the word
		return false
	}
	for k := s; k < i; k++ {
		w := ts[k].lower
		placed := k > s && venuePrepositions[ts[k-1].lower] // "From there,": a place, not "there is"
		if k == s && heldIdiom(ts, s+1, i) {
			continue // "Totals in hand,": a plural noun, not "totals" as a verb
		}
		if finiteVerbs[w] || thirdPersonVerb(ts, k) || youAt(ts, k) || agentWords[w] || selfWords[w] && k == s || subjectPronouns[w] && !placed || ts[k].quoted || numeral(w) && len(w) > 1 {
			return false
		}
	}
	for k := i + 1; k < len(ts) && k-i < reach && !ts[k].sentence; k++ {
		if ts[k].clause {
			return false
		}
	}
	return true
}

// adverbialWords is the most words a sequence adverbial holds: a
// preposition, its noun's determiner and modifiers, and an "of" phrase
// after it ("In the wake of the lookup,", "In the immediate aftermath of
// that,").
const adverbialWords = 7

// subjectPronouns make a clause of the words they open ("they agree");
// "it" and "this" are as often objects ("Having read it, …").
var subjectPronouns = set("they", "we", "he", "she", "i", "there")

// gerundStep: word i, a gerund, is the next step after "move on to" or
// "brings us to" ("Tick that off, then move on to erasing the laptops",
// "Which brings us to removing the old ones").
func gerundStep(ts []token, i int) bool {
	if i < 3 || !strings.HasSuffix(ts[i].lower, "ing") || ts[i-1].lower != "to" || ts[i-1].sentence || ts[i-2].sentence {
		return false
	}
	switch ts[i-2].lower {
	case "on":
		w := ts[i-3].lower
		return w == "move" || w == "moving" || w == "press" || w == "go" || w == "carry"
	case "us", "you":
		w := ts[i-3].lower
		return w == "brings" || w == "bring" || w == "takes"
	}
	return false
}
