package fidelity

import "strings"

// KindCapability is an instruction to the agent that needs a capability
// no roster tool provides ("email it to the customer" without an email
// tool). Finding.Tool and Finding.Class hold the class.
const KindCapability = "capability"

// window is how many words after an instruction's verb its object and
// where it acts are looked for.
const window = 12

// capabilityMentions finds the instructions of a text that need a
// capability class: an imperative verb addressed to the agent, its object
// and where it acts (see instructionAt and classAt).
func capabilityMentions(text string, ts []token) []mention {
	var out []mention
	quoted, advice := adviceSpans(text, quotedSpans(text))
	last := -1          // the last instruction's verb, for "approve and merge it"
	instructed := false // the sentence has an instruction, for "… in your memory"
	lastHow := -1
	sentVerb := ""                 // the verb of the sentence's last instruction
	instructions := map[int]bool{} // the sentences that hold an instruction
	runOnSentences(text, ts)
	colonAgents(text, ts)
	coinedVerbs(ts)
	promptSteps(ts)
	letsSteps(ts)
	handedSteps(ts)
	labelSteps(text, ts)
	adverbialSteps(text, ts)
	readerAddressSteps(text, ts)
	dutySteps(text, ts)
	actionCells(text, ts)
	for i := range ts {
		// "2) open an issue", "2️⃣ open an issue": a numbered step opens a clause
		if i > 0 && numberClose(text, ts[i-1].end) > 0 && numeral(ts[i-1].lower) && !ts[i].sentence {
			ts[i].clause = true
		}
		if ts[i].sentence {
			instructed, sentVerb = false, ""
		}
		if last >= 0 && (ts[i].sentence || i-last > 6) {
			last = -1
		}
		if q := byteAt(text, ts[i].start-1); (q == '"' || q == '\'') && !advice[ts[i].start-1] || inSpans(quoted, ts[i].start) || ts[i].paren {
			continue // a quoted value or example ("please email me the invoice"), a function name
		}
		if operationLabel(text, ts, i) || namePrefix(ts, i) {
			continue
		}
		if instructed && i > 0 && ts[i-1].lower == "by" && strings.HasSuffix(ts[i].lower, "ing") {
			// "Hand them over by sending an encrypted note via the intranet";
			// a means of any verb the lexicon knows is read for where it
			// acts ("Forecast it by fitting a curve in a notebook")
			if v := baseForm(ts[i].lower); verbish(v) || gerundOf(ts[i].lower) != "" {
				end := windowEnd(ts, i)
				if class, last, ok := classAt(text, ts, i, end, ctxModal); ok {
					class, product, _ := strings.Cut(class, "@")
					out = append(out, mention{kind: KindCapability, class: class, ident: product, signal: text[ts[i].start:ts[max(last, i)].end], start: ts[i].start, end: ts[max(last, i)].end, deed: deedPhrase(text, ts, i, max(last, i))})
				}
				continue
			}
		}
		how, ok := instructionAt(ts, i, last >= 0)
		if ok && heading(text, ts, i) {
			ok = false // "Query guidance (web monitors):"
		}
		if ok && how == ctxAnd && lastHow != ctxImperative {
			how = ctxModal // "you need to understand or edit it": no step of a procedure
		}
		if !ok {
			if m, ok := venueStep(text, ts, i, windowEnd(ts, i), -1); ok && ts[i].sentence {
				out = append(out, m) // "Promote spare seats on Gigsly"
			} else if m, ok := yourMention(text, ts, i, instructed); ok {
				m.verb = sentVerb // "Ping the address from your terminal"
				out = append(out, m)
			} else if m, ok := instrumentAtWork(text, ts, i, instructed); ok {
				out = append(out, m)
			} else if m, ok := brandVerbAt(text, ts, i); ok {
				out = append(out, m)
			}
			continue
		}
		last, lastHow, instructed = i, how, true
		sentVerb = verbOf(ts, i, how)
		instructions[sentenceOf(ts, ts[i].start)] = true
		end := windowEnd(ts, i)
		if class, last, ok := classAt(text, ts, i, end, how); ok {
			class, product, _ := strings.Cut(class, "@")
			last = max(last, min(end, i+1))
			out = append(out, mention{kind: KindCapability, class: class, ident: product, verb: verbOf(ts, i, how), signal: text[ts[i].start:ts[last].end], start: ts[i].start, end: ts[last].end, deed: deedPhrase(text, ts, i, last)})
			// "Book a meeting room in Robin": a calendar tool books, but
			// only a tool of Robin books there
			if !strings.HasPrefix(class, "service:") && product == "" && !mentionVerbs[ts[i].lower] {
				if name, k, ok := venueAt(ts, i, end); ok && properName(ts[k]) && !interfaceNouns[ts[k].lower] {
					out = append(out, mention{kind: KindCapability, class: "service:" + name, ident: strings.Fields(name)[0], signal: text[ts[i].start:ts[k].end], start: ts[i].start, end: ts[k].end})
				}
			}
		} else if m, ok := venueStep(text, ts, i, end, how); ok {
			out = append(out, m) // "Promote spare seats on Gigsly"
		}
	}
	instructedSentences := instructions
	for _, m := range out {
		instructedSentences[sentenceOf(ts, m.start)] = true
	}
	out = append(out, ownedMentions(text, ts)...)
	for _, m := range agentOwnMentions(text, ts) {
		if !overlaps(out, m) {
			out = append(out, m)
		}
	}
	out = append(out, loanwordMentions(text, ts)...)
	for _, m := range append(foreignStepMentions(text), koreanStepMentions(text)...) {
		if !overlaps(out, m) {
			out = append(out, m)
		}
	}
	out = forPeople(text, ts, out)
	out = append(out, channelMentions(text, ts, func(k int) bool { return instructedSentences[sentenceOf(ts, ts[k].start)] })...)
	return forOthers(text, ts, out)
}

// verbOf is the base form of the verb of an instruction at i.
func verbOf(ts []token, i, how int) string {
	if ts[i].lower == "to" && i+1 < len(ts) && !ts[i+1].sentence {
		i++ // "need to file it": the deed is the infinitive's
	}
	switch how {
	case ctxAgent:
		v, _ := agentDoes(ts, i)
		return v
	case ctxOblige:
		if v, ok := obligedAt(ts, i); ok {
			return v
		}
		return lemma(ts[i].lower)
	case ctxNoun:
		return ""
	}
	return ts[i].lower
}

// letsSteps marks the verb after "let's" or "let us" at the start of a
// sentence or clause (after "now", "so" or a step word at most) ("Let's also label the release", "let us post it") as
// opening a clause: a suggestion in the first person plural asks the
// reader to do the deed, as an imperative does. An adverb such as "also",
// "now" or "then" may stand between.
func letsSteps(ts []token) {
	for i := 0; i+2 < len(ts); i++ {
		opens := ts[i].sentence || ts[i].clause || i > 0 && (ts[i-1].sentence || ts[i-1].clause) && (sequencers[ts[i-1].lower] || ts[i-1].lower == "now" || ts[i-1].lower == "so")
		if ts[i].lower != "let" || !opens || ts[i+1].lower != "s" && ts[i+1].lower != "us" || ts[i+1].sentence {
			continue
		}
		k := i + 2
		for k < len(ts) && !ts[k].sentence && (ts[k].lower == "also" || ts[k].lower == "now" || ts[k].lower == "then" || ts[k].lower == "just" || ts[k].lower == "first") {
			k++
		}
		if k < len(ts) && !ts[k].sentence && baseVerb(ts[k].lower) {
			ts[k].clause = true
		}
	}
}

// runOnSentences marks the start of a sentence joined to the one before
// without a stop ("… with an optional cap Note who wanted it"): a
// capitalized verb in its base form right after a lower-case word of
// content.
func runOnSentences(text string, ts []token) {
	for i := 1; i < len(ts); i++ {
		t, p := ts[i], ts[i-1]
		if gap := text[p.end:t.start]; strings.Contains(gap, "—") || strings.Contains(gap, "–") || strings.Contains(gap, " - ") || strings.Contains(gap, "→") {
			ts[i].clause = true // "come in as sound files too — transcribe those", "restocks the shelf → then emails the owner"
		}
		if t.sentence || t.quoted || len(t.text) < 3 || !isUpper(t.text[0]) || strings.ToLower(t.text[1:]) != t.text[1:] ||
			p.text == "" || isUpper(p.text[0]) || p.quoted || functionWords[p.lower] || determiners[p.lower] ||
			venuePrepositions[p.lower] || !(baseVerb(t.lower) && i+1 < len(ts) && (objectOpeners[ts[i+1].lower] || whWords[ts[i+1].lower]) ||
			conditionOpeners[t.lower] || stepOpeners[t.lower]) {
			continue // "… and extra labels When the build is green, …"
		}
		ts[i].sentence = true
	}
	markLater(ts)
}

// whWords open a clause as an object ("Remember who asked what").
var whWords = set("who", "what", "which", "whether", "where", "when", "how", "why")

// sentenceOf is the index of the first word of the sentence holding
// offset at.
func sentenceOf(ts []token, at int) int {
	s := 0
	for i := range ts {
		if ts[i].start > at {
			break
		}
		if ts[i].sentence {
			s = i
		}
	}
	return s
}

// instruction contexts, how a verb is addressed to the agent
const (
	ctxImperative = iota // at the start of a clause ("Email it", "Then post")
	ctxModal             // "you can post", "be sure to email"
	ctxAnd               // "approve and merge it", after an instruction
)

// ctxAgent: a verb in the third person with the agent its subject ("the
// assistant replies", "ideally the assistant transcribes it"), read as
// the modal frame is.
const ctxAgent = 5

// agentDoes reports whether word i is a verb in the third person whose
// subject is the agent ("The assistant replies publicly on …"), an adverb
// of manner between ("the assistant normally posts"), and returns its
// base form. A negation ("never contacts", "only reads", "cannot
// publish") stands between and is none.
func agentDoes(ts []token, i int) (string, bool) { return agentDoesIn(ts, i, nil) }

// agentDoesIn is agentDoes within one walk back along a chain of deeds
// (see deedWalk).
func agentDoesIn(ts []token, i int, walk *deedWalk) (string, bool) {
	w := ts[i].lower
	if i < 2 || ts[i].sentence || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") {
		return "", false
	}
	if (ts[i].clause || !agentSubject(ts, i)) && !agentAppositive(ts, i) {
		if _, ok := agentChainedIn(ts, i, walk); !ok {
			return "", false
		}
	}
	return thirdPersonBase(w)
}

// agentSubject: the agent is the subject right before the verb at i ("the
// assistant replies"), an adverb of manner between.
func agentSubject(ts []token, i int) bool {
	j := i - 1
	for j > 0 && mannerAdverb(ts[j].lower) && !ts[j+1].sentence {
		j--
	}
	if agentWords[ts[j].lower] && !ts[j+1].sentence && (ts[j].sentence || ts[j].clause) && bareAgents[ts[j].lower] {
		return true // "Assistant files the thread", "X-Next: assistant files it …"
	}
	return agentWords[ts[j].lower] && !ts[j+1].sentence && j > 0 && (ts[j-1].lower == "the" || ts[j-1].lower == "our" || ts[j-1].lower == "this")
}

// bareAgents name the agent without an article where a line, a clause or
// a field's value opens ("Assistant archives it"); "agent", "bot" and
// "model" there are as often someone's or something else's.
var bareAgents = set("assistant", "ai", "llm", "chatbot", "copilot", "claude", "chatgpt")

// thirdPersonBase is the base form of a verb in the third person
// ("replies": reply, "switches": switch, "texts": text, a verb of the
// class table the lexicon knows better as a noun).
func thirdPersonBase(w string) (string, bool) {
	bases := []string{w[:len(w)-1], strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"}
	if sibilantEs(w) {
		bases[0], bases[1] = bases[1], bases[0] // "switches": switch, not "switche" (the lexicon's stemmer takes either)
	}
	for _, b := range bases {
		if b != w && len(b) >= 3 && (baseVerb(b) || actVerbs[b]) {
			return b, true
		}
	}
	return "", false
}

// sibilantEs: w is a verb's third person made with "-es" after a
// sibilant or "o" ("switches", "pushes", "fixes", "buzzes", "passes",
// "echoes").
func sibilantEs(w string) bool {
	for _, end := range []string{"ches", "shes", "xes", "zes", "sses", "oes"} {
		if strings.HasSuffix(w, end) {
			return true
		}
	}
	return false
}

// mannerAdverb: an adverb that may stand between a subject or a modal and
// its verb ("normally", "usually", "then"), not a restriction or a
// negation ("only", "never").
func mannerAdverb(w string) bool {
	if sequencers[w] {
		return true
	}
	return strings.HasSuffix(w, "ly") && len(w) > 4 && !restrictingAdverbs[w] && !baseVerb(w)
}

// restrictingAdverbs limit or deny the deed after them.
var restrictingAdverbs = set("only", "solely", "merely", "rarely", "hardly", "scarcely", "barely", "early", "daily",
	"weekly", "monthly", "yearly", "hourly", "likely", "unlikely", "family", "assembly", "anomaly", "supply", "only")
