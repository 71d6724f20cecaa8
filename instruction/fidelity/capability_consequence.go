package fidelity

import "strings"

// framedSteps marks as handed steps (token.handed) the deeds English
// frames as the next thing to do, in a sentence after the text's first:
// the verb after "go ahead and" ("Go ahead and reorder the bait"), and
// the gerund after "follow that by" or "follow up with" ("Follow that by
// archiving the returns"), with the deeds joined to each by "and" or
// "or".
func framedSteps(ts []token) {
	for i := 0; i+3 < len(ts); i++ {
		if !ts[i].later || ts[i+1].sentence || ts[i+2].sentence || ts[i+3].sentence {
			continue
		}
		switch w := ts[i].lower; {
		case w == "go" && ts[i+1].lower == "ahead" && ts[i+2].lower == "and" && baseVerb(ts[i+3].lower):
			handStep(ts, i+3)
		case (w == "follow" || w == "follows") && followedBy[ts[i+1].lower] && (ts[i+2].lower == "by" || ts[i+2].lower == "with") &&
			strings.HasSuffix(ts[i+3].lower, "ing"):
			handStep(ts, i+3)
		}
	}
}

// followedBy are the words between "follow" and "by" that point back at
// the deed before ("follow that by", "follow up with").
var followedBy = set("that", "this", "it", "up", "on", "them")

// hadBest: the words before word i are "had best" or "had better" (or
// "'d better") after the reader or the agent ("you had better reorder",
// "the assistant had best reorder"): advice that is a duty.
func hadBest(ts []token, i int) bool {
	if i < 3 || ts[i].sentence || ts[i-1].sentence || ts[i-2].sentence {
		return false
	}
	if w := ts[i-1].lower; w != "best" && w != "better" || ts[i-2].lower != "had" && ts[i-2].lower != "d" {
		return false
	}
	return youAt(ts, i-3) || agentWords[ts[i-3].lower]
}

// whileOfTime: the clause opened by "while" or "whilst" at s, before the
// main clause at i, says during what the step is done ("While the kiln
// cools, restack …"): a verb of its own in the third person, and no
// "is", "are", "has" or a modal, which make it a concession ("While
// optional, …", "While it is slower, …").
func whileOfTime(ts []token, s, i int) bool {
	if w := ts[s].lower; w != "while" && w != "whilst" {
		return false
	}
	acts := false
	for k := s + 1; k < i; k++ {
		if finiteVerbs[ts[k].lower] {
			return false
		}
		acts = acts || thirdPersonVerb(ts, k)
	}
	return acts
}

// textedHead: word k, right after "text" as a verb and its article, is
// the head of a noun phrase in the plural ("text the coaches", "the
// assistant texts the stewards"): one texts people, so a plural there is
// the recipients a person noun would be, whatever the noun (a word the
// lexicon also knows as a verb in the third person, "coaches", is the
// noun there); a singular thing is more often the text itself, "text"
// then meaning to write it ("Text the formatting as you like").
func textedHead(ts []token, i, k int, v string) bool {
	if v != "text" || k != i+2 || !determiners[ts[i+1].lower] {
		return false
	}
	w := ts[k].lower
	if !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || functionWords[w] || objectOpeners[w] || stepWords[w] || ts[k].quoted {
		return false
	}
	return isNoun(singular(w)) || isNoun(strings.TrimSuffix(w, "es"))
}

// heldIdioms say that a thing is ready at hand; after a noun they make a
// phrase of when ("Totals in hand,", "Keys in place,", "Forms on file,").
var heldIdioms = set("in hand", "at hand", "to hand", "in place", "in order", "on file", "in tow")

// heldIdiom: words from..to-1 are one of heldIdioms.
func heldIdiom(ts []token, from, to int) bool {
	if to-from != 2 {
		return false
	}
	return heldIdioms[ts[from].lower+" "+ts[from+1].lower]
}

// settledBefore: the word before i ends a phrase of something settled —
// a participle ("Review done — …", "Invoice approved — …") or an idiom
// of having it ready — so a dash after it closes a phrase of sequence as
// a comma does; a dash after a noun ("… match — classic …") closes none.
func settledBefore(ts []token, i int) bool {
	w := ts[i-1].lower
	return irregular[w] != "" || finishedWords[w] || len(w) > 4 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en")) ||
		i >= 3 && heldIdiom(ts, i-2, i)
}
