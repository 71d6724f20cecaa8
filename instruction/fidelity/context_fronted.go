package fidelity

import "strings"

// frontedClause: the word at i opens the main clause after a fronted
// clause that says when or whether — a clause of two words or more ended
// by a comma, in a sentence after the text's first, not itself a step (no
// verb in its base form first) and holding a finite verb ("Whether or not
// it reconciles, post …", "Provided the foreman signs it off, you book
// …", "The moment this returns, …"): whatever word opens it, the clause
// after it is the step it conditions. A clause of a situation ("if",
// "unless", "because", "since", "although") is decided where its opener is
// known ("while" of a time too: whileOfTime). The clause after it is the sentence's last ("…, schedule
// auto-merge, or delete …" is a list).
func frontedClause(ts []token, i int) bool {
	if i < 3 || !ts[i].clause || ts[i].sentence || !ts[i].later {
		return false
	}
	s := i - 1
	for s > 0 && !ts[s].sentence && !ts[s].clause && i-s < 16 {
		s--
	}
	if !ts[s].sentence || i-s < 3 || situationOpeners[ts[s].lower] && !whileOfTime(ts, s, i) || conditionOpeners[ts[s].lower] ||
		baseVerb(ts[s].lower) && !determiners[ts[s].lower] || youAt(ts, s) || agentWords[ts[s].lower] || selfWords[ts[s].lower] {
		return false
	}
	v := i // the main clause's verb, after "you" if it opens on "you"
	if (youAt(ts, i) || agentWords[ts[i].lower]) && i+1 < len(ts) {
		v = i + 1
	}
	if strings.Contains(ts[v].lower, "-") || v+1 < len(ts) && ts[v+1].lower == "by" && !ts[v+1].sentence {
		return false // "compact, single-line JSON", "…, run by the developer": no step
	}
	if w := ts[s].lower; strings.HasSuffix(w, "s") && baseVerb(strings.TrimSuffix(w, "s")) || strings.HasSuffix(w, "ing") {
		return false // "Returns …, ready to use": what the tool does
	}
	for k := i + 1; k < len(ts) && k-i < reach && !ts[k].sentence; k++ {
		if ts[k].clause {
			return false // "… may rebase branches, enable auto-merge, or delete …": a list
		}
	}
	for k := s + 1; k < i; k++ {
		if finiteVerbs[ts[k].lower] || thirdPersonVerb(ts, k) {
			return true
		}
	}
	return false
}

// situationOpeners open a clause that states a situation, not a step's
// occasion ("if you pass a cursor, you get …").
var situationOpeners = set("if", "unless", "because", "since", "although", "though", "while", "whereas", "so", "but",
	"and", "or", "however")

// scheduleLabel: the clause of the word at i is an entry of a schedule or
// a numbered itinerary — before it in its sentence (a line) stand only a
// clock time, a number or a step's label ("09:15 — you reconcile it",
// "Day 3: you file the return"), in a sentence after the text's first.
func scheduleLabel(ts []token, i int) bool {
	if i < 1 || !ts[i].later || ts[i].sentence {
		return false
	}
	digits := false
	for k := i - 1; k >= 0 && k >= i-4; k-- {
		w := ts[k].lower
		switch {
		case numeral(w) || strings.TrimLeft(w, "0123456789:.") == "" && w != "":
			digits = true
		case !scheduleWords[w]:
			return false
		}
		if ts[k].sentence {
			return digits
		}
	}
	return false
}

// scheduleWords label an entry of a schedule besides its number.
var scheduleWords = set("am", "pm", "h", "step", "day", "week", "at")
