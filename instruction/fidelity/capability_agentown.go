package fidelity

import "strings"

// The agent's own things, named in the third person. A document of
// another genre names what the agent uses as "the assistant's X" ("loose
// tiles spotted through the assistant's roof camera", "spice levels
// rated through the assistant's heat estimator") or "whose X" after it ("the
// assistant, whose coat-grading model ranks the entrants"): the agent using
// a system of its own, as "your X" is. Only a system the vocabulary reads
// as one (systemAt: a tool's noun, an agent noun in -er/-or, a model)
// counts, and only as the means of a deed — after "through", "with",
// "using", "via", "by means of", "by way of", "on" — or as the subject of
// a verb: after "whose", or "the assistant's X" or "its X" (the agent
// named before it in the sentence) before a verb in the third person or
// a modal ("as the assistant's hygrometer confirms", "its damp meter
// would settle it"; not "is", a state of the thing).

// agentOwnMentions finds the agent's own systems named so (above).
func agentOwnMentions(text string, ts []token) []mention {
	var out []mention
	for k := 1; k+2 < len(ts); k++ {
		if !agentWords[ts[k].lower] || ts[k].quoted || !ts[k].later {
			continue
		}
		at := -1
		switch {
		case ts[k+1].lower == "s" && ts[k-1].lower == "the" && k >= 2 && agentMeans(ts, k-2):
			at = k + 2 // "through the assistant's heat estimator"
		case ts[k+1].lower == "whose" && (ts[k-1].lower == "the" || ts[k].sentence):
			at = k + 2 // "the assistant, whose coat-grading model ranks …"
		case ts[k+1].lower == "s" && ts[k-1].lower == "the":
			at = k + 2 // "as the assistant's hygrometer confirms": acts only before its verb
		}
		if at < 0 || at >= len(ts) || ts[at].sentence {
			continue
		}
		class, h, ok := systemAt(ts, at)
		means := ts[k+1].lower == "s" && k >= 2 && agentMeans(ts, k-2)
		if !ok || !means && !systemActs(ts, h) {
			continue
		}
		from := k - 1
		if ts[k+1].lower == "s" {
			from = k - 2
		}
		if !means && ts[k+1].lower == "s" {
			from = k - 1
		}
		out = append(out, mention{kind: KindCapability, class: class, signal: text[ts[from].start:ts[h].end], start: ts[from].start, end: ts[h].end})
	}
	return append(out, itsSystemMentions(text, ts)...)
}

// agentMeans: the word at p introduces a means ("through", "with",
// "using", "via", "on", "by means of", "by way of").
func agentMeans(ts []token, p int) bool {
	w := ts[p].lower
	return instrumentalWords[w] || w == "on" || w == "of" && p > 1 && (ts[p-1].lower == "means" || ts[p-1].lower == "way") && ts[p-2].lower == "by"
}

// systemActs: the system whose phrase ends at h is the subject of the
// verb after it, in the third person or after a modal ("… checker
// confirms", "… model would settle it", "… tester has the final word").
func systemActs(ts []token, h int) bool {
	if h+1 >= len(ts) || ts[h+1].sentence || ts[h+1].clause {
		return false
	}
	w := ts[h+1].lower
	return thirdPersonVerb(ts, h+1) || w != "is" && w != "are" && w != "was" && w != "were" && finiteVerbs[w]
}

// itsSystemMentions finds "its X", the agent named before it in its
// sentence, where X is a system of the agent's that acts (systemActs:
// "were the assistant unsure, its tide model would settle it") or the
// means of a deed ("on its tide planner").
func itsSystemMentions(text string, ts []token) []mention {
	var out []mention
	for k := 1; k+1 < len(ts); k++ {
		if ts[k].lower != "its" || ts[k].quoted || !ts[k].later || ts[k+1].sentence || !agentNamedBefore(ts, k) {
			continue
		}
		class, h, ok := systemAt(ts, k+1)
		if !ok || !systemActs(ts, h) && !agentMeans(ts, k-1) {
			continue
		}
		out = append(out, mention{kind: KindCapability, class: class, signal: text[ts[k].start:ts[h].end], start: ts[k].start, end: ts[h].end})
	}
	return out
}

// agentAppositive: the verb in the third person at i has the agent as its
// subject across an apposition or a relative pronoun ("the assistant, as
// race officer, times …", "the assistant, who submits it …"): the
// agent and its article, then a stretch of at most seven words between
// commas, or "who", right before the verb.
func agentAppositive(ts []token, i int) bool {
	if i >= 3 && ts[i-1].lower == "who" && !ts[i].clause && agentWords[ts[i-2].lower] && ts[i-3].lower == "the" && !ts[i-1].sentence && !ts[i-2].sentence {
		return true
	}
	if !ts[i].clause {
		return false
	}
	c := i - 1
	for c > 0 && c > i-8 && !ts[c].clause && !ts[c].sentence {
		c--
	}
	return ts[c].clause && c >= 2 && c < i-1 && agentWords[ts[c-1].lower] && ts[c-2].lower == "the" && !ts[c-1].sentence
}

// colonAgents marks the agent named right after a colon as opening a
// clause ("X-Next: assistant files the thread"): a field's value
// whose subject is the agent.
func colonAgents(text string, ts []token) {
	for k := 1; k < len(ts); k++ {
		if agentWords[ts[k].lower] && strings.Contains(text[ts[k-1].end:ts[k].start], ":") {
			ts[k].clause = true
		}
	}
}
