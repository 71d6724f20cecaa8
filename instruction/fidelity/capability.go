package fidelity

import (
	"strings"

	"github.com/kljensen/snowball/english"
)

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
	letsSteps(ts)
	handedSteps(ts)
	actionCells(text, ts)
	for i := range ts {
		// "2) open an issue": a numbered step opens a clause
		if i > 0 && byteAt(text, ts[i-1].end) == ')' && numeral(ts[i-1].lower) && !ts[i].sentence {
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
			// "Share them by sending a secure message through the portal"
			if v := baseForm(ts[i].lower); verbish(v) {
				end := windowEnd(ts, i)
				if class, last, ok := classAt(text, ts, i, end, ctxModal); ok {
					class, product, _ := strings.Cut(class, "@")
					out = append(out, mention{kind: KindCapability, class: class, ident: product, signal: text[ts[i].start:ts[max(last, i)].end], start: ts[i].start, end: ts[max(last, i)].end})
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
			if m, ok := yourMention(text, ts, i, instructed); ok {
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
			out = append(out, mention{kind: KindCapability, class: class, ident: product, verb: verbOf(ts, i, how), signal: text[ts[i].start:ts[last].end], start: ts[i].start, end: ts[last].end})
			// "Book a meeting room in Robin": a calendar tool books, but
			// only a tool of Robin books there
			if !strings.HasPrefix(class, "service:") && product == "" && !mentionVerbs[ts[i].lower] {
				if name, k, ok := venueAt(ts, i, end); ok && properName(ts[k]) && !interfaceNouns[ts[k].lower] {
					out = append(out, mention{kind: KindCapability, class: "service:" + name, ident: strings.Fields(name)[0], signal: text[ts[i].start:ts[k].end], start: ts[i].start, end: ts[k].end})
				}
			}
		}
	}
	instructedSentences := instructions
	for _, m := range out {
		instructedSentences[sentenceOf(ts, m.start)] = true
	}
	out = append(out, ownedMentions(text, ts)...)
	out = append(out, loanwordMentions(text, ts)...)
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
// sentence or clause (after "now", "so" or a step word at most) ("Let's also tag the commit", "let us post it") as
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
// without a stop ("… with a configurable limit Remember who asked"): a
// capitalized verb in its base form right after a lower-case word of
// content.
func runOnSentences(text string, ts []token) {
	for i := 1; i < len(ts); i++ {
		t, p := ts[i], ts[i-1]
		if gap := text[p.end:t.start]; strings.Contains(gap, "—") || strings.Contains(gap, "–") || strings.Contains(gap, " - ") {
			ts[i].clause = true // "arrive as audio too — transcribe them"
		}
		if t.sentence || t.quoted || len(t.text) < 3 || !isUpper(t.text[0]) || strings.ToLower(t.text[1:]) != t.text[1:] ||
			p.text == "" || isUpper(p.text[0]) || p.quoted || functionWords[p.lower] || determiners[p.lower] ||
			venuePrepositions[p.lower] || !(baseVerb(t.lower) && i+1 < len(ts) && (objectOpeners[ts[i+1].lower] || whWords[ts[i+1].lower]) ||
			conditionOpeners[t.lower] || stepOpeners[t.lower]) {
			continue // "… and optional tags When CI passes, …"
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
func agentDoes(ts []token, i int) (string, bool) {
	w := ts[i].lower
	if i < 2 || ts[i].sentence || ts[i].clause || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") {
		return "", false
	}
	j := i - 1
	for j > 0 && mannerAdverb(ts[j].lower) && !ts[j+1].sentence {
		j--
	}
	if !agentWords[ts[j].lower] || ts[j+1].sentence || !(ts[j-1].lower == "the" || ts[j-1].lower == "our" || ts[j-1].lower == "this") {
		return "", false
	}
	for _, b := range []string{w[:len(w)-1], strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "ies") + "y"} {
		if b != w && len(b) >= 3 && baseVerb(b) {
			return b, true
		}
	}
	return "", false
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

// instructionAt reports whether word i is a verb addressed to the agent:
// the base form at the start of a clause (after sequencers such as
// "then", "next", "once done,"), after "you" and a modal, after "be sure
// to", or joined by "and"/"or" to an instruction of the same sentence.
// Words the user or a tool is the subject of ("the user sends", "it
// posts") are not: they stand after their subject.
func instructionAt(ts []token, i int, sameSentence bool) (int, bool) {
	w := ts[i].lower
	if ts[i].quoted || ts[i].markup || ts[i].address || nounListItem(ts, i) {
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
	if !verbish(w) {
		// any verb of the lexicon in its base form may open an
		// instruction ("Double-check the point on OpenStreetMap"); its
		// class then comes only from where it acts
		phrasal := w == "back" && i+1 < len(ts) && ts[i+1].lower == "up" // "back up the documents"
		if !baseVerb(w) && !phrasal {
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
	case (ts[j].lower == "and" || ts[j].lower == "or") && (sameSentence || imperativeSentence(ts, i)) && i+1 < len(ts) && !ts[i+1].sentence &&
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
		// a question that offers a deed asks it: "would you pull the
		// affected lots?", "Why not text the owner?"
		return ctxOblige, true
	case modals[ts[j].lower] && j > 0 && (youAt(ts, j-1) || (agentWords[ts[j-1].lower] || agentReading(ts, j)) && ts[j].lower != "will"):
		// "the agent will navigate": what another agent does, told
		if obligingModals[ts[j].lower] {
			return ctxOblige, true // "you should book", "the agent must isolate"
		}
		return ctxModal, true
	case ts[j].lower == "to" && j > 0 && obligingOpeners[ts[j-1].lower]:
		return ctxOblige, true // "be sure to book", "is expected to isolate"
	case youAt(ts, j) && j >= 2 && ts[j-1].lower == "that" && (dutyAdjectives[ts[j-2].lower] || askingVerbs[verbBase(ts[j-2].lower)]):
		return ctxOblige, true // "It is recommended that you tweet …", "Marketing asked that you upload it"
	case agentWords[ts[j].lower] && j >= 3 && ts[j-1].lower == "the" && ts[j-2].lower == "that" && (dutyAdjectives[ts[j-3].lower] || askingVerbs[verbBase(ts[j-3].lower)]):
		return ctxOblige, true // "It is essential that the assistant notify …"
	case ts[j].lower == "to" && j >= 3 && permittingWords[ts[j-1].lower] && (ts[j-2].lower == "are" || ts[j-2].lower == "re") && ts[j-3].lower == "you":
		return ctxOblige, true // "You are cleared to return it"
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
	case youAt(ts, j) && !ts[j].sentence && j > 0 && (ts[j-1].lower == "when" || ts[j-1].lower == "if" || ts[j-1].lower == "once") && (worldVerb(ts[i].lower) || verbish(ts[i].lower)):
		return ctxModal, true // "appreciate it when you reach out over Intercom"
	case ts[j].lower == "to" && usedToDo(ts, j):
		return ctxModal, true
	case ts[j].lower == "you" && (worldVerb(ts[i].lower) || verbish(ts[i].lower)) && !receivingVerbs[ts[i].lower] && youStep(ts, j):
		return ctxImperative, true // "once documents are complete, you submit the application"
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
// opens with a verb in its base form ("Flag abnormal values and fax the
// summary").
func imperativeSentence(ts []token, i int) bool {
	k := sentenceOf(ts, ts[i].start)
	return k > 0 && k < i && laterSentence(ts, k) && baseVerb(ts[k].lower)
}

// agentWords name the agent as the subject of a modal ("the assistant
// should email", "the model can post").
var agentWords = set("assistant", "model", "agent", "ai", "llm", "bot", "chatbot", "copilot", "claude", "chatgpt")

// agentReading: the subject before the modal at j is the agent named with
// what it is doing ("the AI assistant reading this should", "the model
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
	if strings.HasPrefix(w, "re") && len(w) >= 6 && !isVerb(w) && baseVerbOf(w[2:]) {
		return true // "reroute", "rebook", "resend"
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
	if objectOpeners[next] || personObjects[next] || vocabWord(next) || isUpper(ts[i+1].text[0]) || strings.Contains(next, "-") ||
		!isNoun(ts[i].lower) && !functionWords[next] || laterSentence(ts, i) && !isNoun(next) || phrasalObject(ts, i) ||
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

// heading: the words from i end in a colon within a few words, as a
// heading or a label does ("Query guidance (web monitors):").
func heading(text string, ts []token, i int) bool {
	rest := text[ts[i].end:]
	end := 0
	for {
		k := strings.IndexAny(rest[end:], ".!?:;\n")
		if k < 0 {
			return false
		}
		end += k
		if !clockTime(rest, end) {
			break
		}
		end++
	}
	// (a semicolon ends the words' clause: "execute query 2; weekly:"
	// is a step before the next label, not a heading)
	return rest[end] == ':' && len(strings.Fields(rest[:end])) <= 4
}

// laterSentence: word i opens a sentence after the text's first, on a line
// of prose (a heading such as "Email address of the customer" stands in
// the first sentence or on a list line of its own).
func laterSentence(ts []token, i int) bool {
	if !ts[i].sentence || i == 0 || inFirstSentence(ts, i) || ts[i-1].quoted || i+1 >= len(ts) {
		return false
	}
	// a subject and its verb ("OCR takes about a second"), a parameter
	// and its type ("ocr (boolean, default false)")
	next := ts[i+1].lower
	if i+2 < len(ts) && finiteVerbs[ts[i+2].lower] && !ts[i+2].sentence {
		return false // "Crawl responses can be very large"
	}
	return !finiteVerbs[next] && !paramTypes[next] && !strings.HasSuffix(next, "ing") && next != "more" && !(strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ss") && isVerb(next[:len(next)-1]))
}

// finiteVerbs follow a subject.
var finiteVerbs = set("is", "are", "was", "were", "has", "have", "had", "can", "will", "would", "should", "must", "may",
	"might", "could", "does", "do", "did")

// paramTypes follow a parameter's name in its description.
var paramTypes = set("boolean", "bool", "string", "integer", "int", "number", "array", "object", "list", "enum", "float")

// youAt: the word is "you" (or "you'll", split as "you" "ll").
func youAt(ts []token, k int) bool {
	return k >= 0 && (ts[k].lower == "you" || youModals[ts[k].lower] && k > 0 && ts[k-1].lower == "you")
}

// youModals may stand between "you" and a verb of wanting ("you'll want
// to", "you would want to").
var youModals = set("ll", "will", "would")

// dutyTo put a deed on "you" with "to" ("you ought to", "you need to",
// "you have to").
var dutyTo = set("ought", "need", "have", "got")

// setupVerbs are the deeds of setting a tool up or tuning its call:
// giving access, wiring an account, copying an id, changing a parameter.
// "You need to grant the app access to the folder first", "you have to
// add the bot to the channel", "asking you to lower limit" ask the person
// who installs the tool, or the call's own arguments, not another tool.
var setupVerbs = set("grant", "share", "invite", "add", "connect", "enable", "install", "copy", "configure", "authorize",
	"authorise", "authenticate", "provide", "set", "register", "paste", "allow", "give", "link", "lower", "raise",
	"increase", "decrease", "reduce", "adjust", "specify", "pass", "supply", "include", "whitelist", "allowlist")

// askingVerbs ask a deed of someone ("wants you to", "asked that you");
// verbs that allow one ("allows you to", "lets you") are a tool saying
// what it does, and are not among them.
var askingVerbs = set("want", "need", "expect", "ask", "require", "instruct", "tell", "trust", "remind", "urge", "invite",
	"encourage", "request", "insist", "demand", "recommend", "suggest", "advise", "prefer", "propose", "like")

// inCondition: word k stands in a condition that its clause has not yet
// closed with a comma ("If a page gives you an id and you need to
// replace the text, use …": the situation, not a duty).
func inCondition(ts []token, k int) bool {
	for ; k >= 0; k-- {
		if conditionOpeners[ts[k].lower] || ts[k].lower == "if" || ts[k].lower == "whenever" {
			return true
		}
		if ts[k].sentence || ts[k].clause {
			return false
		}
	}
	return false
}

// verbBase is the base form of a verb in the third person or the past
// ("wants": want, "relies": rely, "asked": ask); any other word is itself.
func verbBase(w string) string {
	if strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		for _, b := range []string{strings.TrimSuffix(w, "ies") + "y", strings.TrimSuffix(w, "es"), w[:len(w)-1]} {
			if b != w && len(b) >= 3 && baseVerb(b) {
				return b
			}
		}
	}
	return lemma(w)
}

// relyingVerbs put a deed on someone with "on … to" ("relies on you to").
var relyingVerbs = set("rely", "count", "depend")

// usedToDo: "use Twilio to text them", an imperative "use" of something
// other than the tool itself ("use this tool to …" is its own purpose).
func usedToDo(ts []token, to int) bool {
	for k := to - 1; k >= 0 && k >= to-5; k-- {
		if ts[k+1].sentence && k+1 != to {
			return false
		}
		if ts[k].lower == "use" && (k == 0 || ts[k].sentence || ts[k].clause || sequencers[ts[k-1].lower]) {
			for m := k + 1; m < to; m++ {
				if selfWords[ts[m].lower] {
					return false
				}
			}
			return true
		}
	}
	return false
}

// selfWords name the tool a text describes ("use this tool to …").
var selfWords = set("this", "it", "tool", "function", "endpoint", "these", "method", "operation", "command", "api")

// verbish: a word any class, or a later step, may act with.
func verbish(w string) bool {
	return actVerbs[w] || stateVerbs[w]
}

// actVerbs are every verb of the class table.
var actVerbs = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range capClasses {
		for _, ws := range [][]string{c.alone, c.personal, c.acts} {
			for _, w := range ws {
				m[w] = true
			}
		}
	}
	for w := range handOff {
		m[w] = true
	}
	return m
}()

// objectClass maps an object, product or system word to its classes.
var objectWords, productWords = func() (map[string][]int, map[string][]int) {
	o, p := map[string][]int{}, map[string][]int{}
	for ci, c := range capClasses {
		for _, w := range c.objects {
			o[w] = append(o[w], ci)
		}
		for _, w := range c.products {
			p[w] = append(p[w], ci)
		}
	}
	return o, p
}()

// vocabWord: an object or product of some class ("Send SMS reminders").
func vocabWord(w string) bool {
	w = singular(w)
	return len(objectWords[w]) > 0 || len(productWords[w]) > 0
}

// singular reads a plural "s" off a word.
func singular(w string) string {
	if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		if _, ok := objectWords[w]; ok {
			return w
		}
		return w[:len(w)-1]
	}
	return w
}

// windowEnd is the last word an instruction at i reaches: the end of its
// clause, its sentence, or the window, or the next step ("then", "and").
func windowEnd(ts []token, i int) int {
	end := i
	for k := i + 1; k < len(ts) && k <= i+window; k++ {
		if ts[k].sentence || ts[k].clause || stepWords[ts[k].lower] && !((ts[k].lower == "and" || ts[k].lower == "or") && !(k+1 < len(ts) && verbish(ts[k+1].lower))) {
			break
		}
		end = k
	}
	return end
}

// stepWords end an instruction's reach: another step or a condition.
var stepWords = set("then", "and", "or", "before", "after", "when", "if", "unless", "so", "but", "while", "until", "because")

// classAt decides the class an instruction at i needs, looking at words
// i+1..end: a product named where it acts, the verb alone, the verb on a
// person, the verb with an object, a "#channel", a system of "your X"; a
// later step that changes something ("then restore it") needs a tool of
// its verb. It returns the class and the last word of the phrase.
func classAt(text string, ts []token, i, end, how int) (string, int, bool) {
	v := ts[i].lower
	if strings.HasSuffix(v, "ing") && i > 0 && ts[i-1].lower == "by" {
		v = baseForm(v)
	}
	if how == ctxOblige {
		if ov, ok := obligedAt(ts, i); ok {
			v = ov // "should be reported": report; "Translation of …": translate
		} else {
			v = lemma(v)
		}
	}
	if how == ctxAgent {
		if b, ok := agentDoes(ts, i); ok {
			v = b
		}
	}
	if how == ctxNoun {
		// "worth a quick phone call": the class of the thing named
		for k := i; k <= end; k++ {
			if cs := objectWords[singular(ts[k].lower)]; len(cs) > 0 {
				return capClasses[cs[0]].name, k, true
			}
		}
	}
	if k := strings.LastIndexByte(v, '-'); k >= 0 && verbPrefixes[v[:k]] && verbish(v[k+1:]) {
		v = v[k+1:] // "dry-run", "re-run", "double-check"
	}
	if aboutParameters(ts, i) || personTo(ts, i, end) || i+1 < len(ts) && ts[i+1].lower == "more" && (v == "read" || v == "see" || v == "learn" || v == "find") {
		// "Read more about versioning at https://…": a pointer for people
		return "", 0, false
	}
	// a product named where the action happens ("to the #ops Slack channel")
	if !readVerbs[v] || v == "use" {
		for k := i + 1; k <= end; k++ {
			if ci, ok := productAt(ts, k); ok && (v != "use" || k <= i+2) {
				if h, ok := screenOf(ts, k, end); ok {
					return "service:" + joinWords(ts, k, h), h, true // "use Jira UI": the product's screens, not its API
				}
				return capClasses[ci].name + "@" + ts[k].lower, k, true
			}
		}
	}
	for ci, c := range capClasses {
		if contains(c.alone, v) {
			return c.name, i, true
		}
		if contains(c.personal, v) && i+1 <= end {
			k := i + 1
			if determiners[ts[k].lower] && k+1 <= end {
				k++
			}
			for ; k <= end && k <= i+3; k++ {
				// "call them" is as often tools as people: a pronoun
				// is a person's only after a verb of people alone; the
				// user is the one the agent already speaks to ("call the
				// user back only if asked"), reached by the conversation
				if (personObjects[ts[k].lower] || personRoles[singular(ts[k].lower)] && (k+1 > end || !nounish(ts[k+1].lower) || determiners[ts[k+1].lower])) && !((pronouns[ts[k].lower] || singular(ts[k].lower) == "user") && (v == "call" || v == "ping")) {
					return capClasses[ci].name, k, true
				}
			}
			if k, ok := recipientAt(ts, i, end); ok {
				return capClasses[ci].name, k, true // "text each shearer the pickup time"
			}
		}
	}
	for _, c := range capClasses {
		if !contains(c.acts, v) {
			continue
		}
		for k := i + 1; k <= end; k++ {
			if objectFor(c, ts[k].lower) {
				// to the head of the object ("a follow-up task")
				for k+1 <= end && vocabWord(ts[k+1].lower) {
					k++
				}
				return c.name, k, true
			}
		}
	}
	if lightVerbs[v] {
		// "give the customer a quick ring", "drop them a line": the
		// deed is the noun
		for k := i + 1; k <= end; k++ {
			if cs := objectWords[singular(ts[k].lower)]; len(cs) > 0 && k > i+1 && determiners[ts[k-1].lower] || len(cs) > 0 && k > i+2 && determiners[ts[k-2].lower] {
				return capClasses[cs[0]].name, k, true
			}
		}
	}
	for k := i + 1; k <= end; k++ {
		if codeWords[ts[k].lower] || scriptFile(ts[k].lower) && (v == "run" || v == "execute" || v == "launch" || v == "start") {
			return "code-execution", k, true
		}
	}
	// "verified by a short script", "through a quick program": code is
	// the means of the deed
	for k := i + 1; k < end; k++ {
		if !instruments[ts[k].lower] && ts[k].lower != "in" {
			continue
		}
		for h := k + 1; h <= end && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
			if codeMeans[singular(ts[h].lower)] && codeHead(ts, h) {
				return "code-execution", h, true
			}
			if !nounish(ts[h].lower) && !determiners[ts[h].lower] {
				break
			}
		}
	}
	// "with a few lines of code": code anywhere in the instruction's
	// sentence
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		if ts[k].lower == "code" && !execInnocent(ts, k, k) && k > 0 && (ts[k-1].lower == "of" || handOff[ts[k-1].lower]) {
			return "code-execution", k, true
		}
	}
	if !mentionVerbs[v] {
		if name, k, ok := venueAt(ts, i, end); ok {
			ws := strings.Fields(name)
			if cs := objectWords[ws[len(ws)-1]]; len(ws) > 1 && len(cs) > 0 && byteAt(text, ts[k-len(ws)+1].start-1) == '#' {
				return capClasses[cs[0]].name, k, true // "in the #releases channel": a chat
			}
			if interfaceNouns[ws[len(ws)-1]] {
				return "service:" + name, k, true // "in the Jira UI": the screens of even the tool's own product
			}
			return "service:" + name + "@" + ws[0], k, true
		}
	}
	for k := i + 1; k <= end; k++ {
		if byteAt(text, ts[k].start-1) == '@' && strings.Contains(ts[k].lower, ".") && k > i+1 && !ts[k-1].address {
			return "email", k, true // "forward the result to security@example.com"
		}
	}
	if runVerbs[v] && i+1 <= end && pronouns[ts[i+1].lower] && codeBefore(ts, i) {
		return "code-execution", i + 1, true // "Returns a Python snippet … Run it"
	}
	if verbish(v) && !mentionVerbs[v] && !runVerbs[v] && v != "compute" && v != "calculate" && i+1 <= end {
		// "search arXiv for each paper": a service as the direct object
		// of an action (a name of mixed case or one the dictionary
		// lacks, not an acronym, a path or a value)
		k := i + 1
		if determiners[ts[k].lower] && k+1 <= end {
			k++
		}
		if q := byteAt(text, ts[k].start-1); properName(ts[k]) && q != '"' && q != '\'' && strings.ToUpper(ts[k].text) != ts[k].text &&
			!strings.ContainsAny(ts[k].text, ".") && !(k+1 < len(ts) && valueNouns[ts[k+1].lower]) {
			return "service:" + ts[k].lower + "@" + ts[k].lower, k, true
		}
	}
	for k := i + 1; k <= end; k++ {
		if k >= i+2 && (ts[k-1].lower == "a" || ts[k-1].lower == "an") && handOff[ts[k-2].lower] {
			if class, h, ok := systemAt(ts, k); ok && !agentHeads[ts[h].lower] {
				return class, h, true // "with an AI image generator"
			}
			for h := k; h <= end && h <= k+2 && instruments[ts[k-2].lower]; h++ {
				if cs := channelObjects(ts[h].lower); len(cs) > 0 {
					return capClasses[cs[0]].name, h, true // "with a push notification", "via an SMS"
				}
			}
		}
	}
	for k := i + 1; k <= end; k++ {
		if byteAt(text, ts[k].start-1) == '#' && (v == "post" || v == "send" || v == "share" || v == "drop" || v == "notify") {
			return "chat", k, true
		}
		its := how == ctxAgent && ts[k-1].lower == "its" // "the assistant transcribes it with its speech recognition"
		if k > i && (ts[k-1].lower == "your" || its || ts[k-1].lower == "the" && handOff[ts[max(i, k-2)].lower]) {
			if class, h, ok := systemAt(ts, k); ok && (ts[k-1].lower == "your" || its || !agentHeads[ts[h].lower] || otherAgents[ts[h].lower]) {
				return class, h, true
			}
			if h, ok := yourProgramAt(ts, k); ok {
				return "tool:" + joinWords(ts, k, h), h, true // "from your password manager"
			}
		}
	}
	if (how == ctxOblige || (how == ctxImperative || how == ctxAnd) && (laterStep(ts, i) || stepLabelAt(ts, i) || laterImperative(ts, i) || numberedStep(text, ts, i))) && worldVerb(v) && i > 0 && !firstClause(ts, i) &&
		!(outputVerbs[v] && formatFramed(ts, i)) && !(stativeVerbs[v] && !stateVerbs[v] && ts[i].lower == v) &&
		!(how != ctxOblige && paramLine(text, ts[i].start)) {
		return "action:" + v, min(end, i+3), true
	}
	return "", 0, false
}

// A deed read from structure alone (a later step, an obligation: class
// action:<verb>) is none when its verb, in its base form, is one whose most
// frequent WordNet sense is a state or a relation (stativeVerbs:
// "the checklist the agent must satisfy", "must not exceed it"); a passive
// ("the declaration has to be lodged") keeps the deed's sense. In a
// parameter's description, a step read from structure alone is what the
// value does to the call ("For list mode: cap the number of branches
// returned", "Kill the process after this many seconds"); an obligation
// there ("The passages that should be translated") still asks.

// outputVerbs put text out: printed "as JSON" or "as a table", the text
// is the agent's own answer, not a printer's page.
var outputVerbs = set("print", "output", "render", "emit", "echo", "dump", "return")

// textFormats are the shapes an answer's text takes.
var textFormats = set("json", "csv", "tsv", "yaml", "xml", "html", "markdown", "table", "list", "text", "plaintext",
	"bullets", "bullet", "ndjson", "jsonl")

// formatFramed: the clause of the verb at i frames its object "as" a text
// format ("Print the result as JSON", "print them as a markdown table").
func formatFramed(ts []token, i int) bool {
	for k := i + 1; k < len(ts) && k <= i+6 && !ts[k].sentence && !ts[k].clause; k++ {
		if ts[k].lower != "as" {
			continue
		}
		for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
			if textFormats[ts[h].lower] {
				return true
			}
		}
		return false
	}
	return false
}

// codeMeans are the means of running code ("by a short script", "through
// a quick program", "in a notebook").
var codeMeans = set("script", "program", "interpreter", "sandbox", "notebook", "repl", "terminal", "shell")

// instruments introduce the means of an action ("with a push
// notification").
var instruments = set("with", "via", "by", "through", "using")

// channelObjects are the classes of a word that names a message's way
// ("a push notification", "an SMS", "a phone call"): objects of the
// classes that reach people.
func channelObjects(w string) []int {
	var out []int
	for _, ci := range objectWords[singular(w)] {
		if n := capClasses[ci].name; n == "sms" || n == "push" || n == "email" || n == "paging" || n == "fax" || n == "chat" {
			out = append(out, ci)
		}
	}
	return out
}

// aboutParameters: the sentence of word i speaks of the tool's own
// parameters ("assign it to a queue with the queue parameter"): it teaches
// how to call the tool, not another capability.
func aboutParameters(ts []token, i int) bool {
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		// "the queue parameter", not "the config's parameter
		// expressions"
		if parameterNouns[ts[k].lower] && (k+1 >= len(ts) || ts[k+1].sentence || ts[k+1].clause || !nounish(ts[k+1].lower)) &&
			(!looseParameterNouns[ts[k].lower] || ts[k-1].quoted || identifierShaped(ts[k-1].text) || camelCased(ts[k-1].text)) {
			return true // "the `queue` field", not "the dry fields"
		}
	}
	return false
}

// looseParameterNouns name a parameter only after its name ("the
// `status` field"): alone they are fields of a farm, options of a deal.
var looseParameterNouns = set("field", "fields", "option", "options")

// nounish: a word that may continue a noun phrase (not a preposition or
// a function word).
func nounish(w string) bool {
	return !functionWords[w] && !stepWords[w] && !objectOpeners[w]
}

// parameterNouns name a tool's own inputs.
var parameterNouns = set("parameter", "parameters", "param", "params", "argument", "arguments", "field", "fields",
	"option", "options")

// operationLabel: word i opens the description of one of the tool's own
// operations, listed as "- create: Create a new task".
// So is a parameter's description ("- `filename` (string): Save results
// to a file"): what the tool does with it. A note ("Important: email …")
// is not a label.
func operationLabel(text string, ts []token, i int) bool {
	// a label is at most four words after its line's start: look back a
	// bounded stretch, so a text without line breaks costs linear time
	from := max(0, ts[i].start-labelReach)
	line := strings.LastIndexByte(text[from:ts[i].start], '\n') + 1 + from
	if line == from && from > 0 {
		return false
	}
	prefix := strings.TrimSpace(text[line:ts[i].start])
	if i == 0 || !strings.HasSuffix(prefix, ":") {
		return false
	}
	words := strings.Fields(strings.Trim(prefix, " \t|-*•:"))
	if len(words) == 0 || len(words) > 4 {
		return false
	}
	return !(len(words) <= 2 && noteLabels[strings.ToLower(strings.Trim(words[0], "*_`"))])
}

// labelReach is how far before a word its line's label is looked for.
const labelReach = 256

// noteLabels head a note or a step, not an operation or a parameter.
var noteLabels = set("note", "notes", "important", "tip", "warning", "then", "next", "finally", "step", "hint", "nb",
	"remember", "afterwards", "after", "also", "todo", "caution", "reminder", "usage", "workflow", "instructions")

// pronouns stand for a person or a thing.
var pronouns = set("him", "her", "them", "me", "us", "it")

// laterStep: word i is a later step of a procedure, its sentence opened
// by "then", "next", "once done", "after that", "finally".
func laterStep(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-12 && !ts[k+1].sentence; k-- {
		// "after that, …", not "after block" (a noun); within the
		// sentence of word i
		if (stepOpeners[ts[k].lower] || conditionOpeners[ts[k].lower] && ts[k].sentence && !(k+1 < len(ts) && valueStates[ts[k+1].lower])) && !(ts[k].lower == "after" && k == i-1) {
			return true
		}
		if ts[k].sentence {
			break
		}
	}
	return false
}

// valueStates follow "if" in a parameter's description ("If true,
// reparent the sub-issue"): what the tool does then, not a later step.
var valueStates = set("true", "false", "set", "enabled", "disabled", "provided", "specified", "omitted", "given",
	"present", "absent", "empty", "null", "unset", "supplied", "passed", "yes", "no")

// conditionOpeners open a sentence whose main clause is a step taken
// when something holds ("When it is approved, release the payment").
var conditionOpeners = set("when", "if", "once", "whenever", "as", "before", "after", "for", "unless")

// firstClause: word i is in the text's first clause, the headline in
// which a tool says what it does ("Create an issue").
func firstClause(ts []token, i int) bool {
	for k := 1; k <= i; k++ {
		if ts[k].sentence || ts[k].clause {
			return false
		}
	}
	return true
}

// objectFor: w is one of a class's objects.
func objectFor(c capClass, w string) bool {
	s := singular(w)
	return contains(c.objects, w) || contains(c.objects, s)
}

// productAt: word k names a product of a class, as a product is written —
// capitalized when its name is also an English word ("Slack", not "slack
// time").
func productAt(ts []token, k int) (int, bool) {
	w := ts[k].lower
	cs := productWords[w]
	if len(cs) == 0 || ts[k].address {
		return 0, false
	}
	if (isVerb(w) || isNoun(w)) && !isUpper(ts[k].text[0]) {
		return 0, false
	}
	// the product's data used as a value is no action on it ("the GitHub
	// token", "a Slack user id")
	if k+1 < len(ts) && !ts[k+1].sentence && valueNouns[ts[k+1].lower] {
		return 0, false
	}
	return cs[0], true
}

// valueNouns follow a product name used as the name of a value.
var valueNouns = set("id", "ids", "token", "tokens", "key", "keys", "url", "urls", "username", "handle", "account",
	"credentials", "format", "syntax", "style", "markdown", "export", "exports", "link", "links", "timestamp", "emoji")

// systemAt: word k is "your X" or "the X" handed work, X an agent-side
// system ("your long-term memory") or an instrument noun ("your
// formatter", "the calculator"), with the class it needs.
func systemAt(ts []token, k int) (string, int, bool) {
	class, h, ok := systemHeadAt(ts, k)
	if !ok || heldAccount(ts, h) {
		return "", 0, false
	}
	return class, h, true
}

// heldAccount: the phrase ending at h names a service where the user
// holds an account ("your Render account", "your Stripe dashboard"), no
// ability of the agent.
func heldAccount(ts []token, h int) bool {
	return h+1 < len(ts) && !ts[h+1].sentence && accountNouns[ts[h+1].lower]
}

// systemHeadAt is systemAt before the held account is ruled out.
func systemHeadAt(ts []token, k int) (string, int, bool) {
	// "your sentiment classifier": the head noun of up to three words
	for h := k; h < len(ts) && h <= k+2; h++ {
		if h > k && (ts[h].sentence || ts[h].clause || determiners[ts[h].lower]) {
			break
		}
		w := ts[h].lower
		if class, ok := systemNouns[w]; ok && !(class == "code-execution" && !codeHead(ts, h)) {
			// (a code system heads its phrase: not "the shell size limits")
			if class == "tools" {
				// "your forecasting model": the phrase, so a roster
				// tool its modifiers name (forecast_series) provides it
				return "tool:" + strings.ToLower(joinWords(ts, k, h)), h, true
			}
			return class, h, true
		}
		if instrument(w) || instrument(singular(w)) || agentHeads[w] && h > k || abilityHeads[w] && k > 0 && (ts[k-1].lower == "your" || ts[k-1].lower == "its") && !headAfter(ts, h) {
			// "your JSON tool", not "your tool" (the one described)
			return "tool:" + strings.ToLower(joinWords(ts, k, h)), h, true
		}
	}
	return "", 0, false
}

// headAfter: the word after h heads the noun phrase instead ("your
// vision model", "your translation skill").
func headAfter(ts []token, h int) bool {
	if h+1 >= len(ts) || ts[h+1].sentence || ts[h+1].clause {
		return false
	}
	w := ts[h+1].lower
	_, sys := systemNouns[w]
	return agentHeads[w] || sys || instrument(w) || abilityHeads[w]
}

// abilityHeads end a noun phrase that names an ability of the agent's
// after "your" ("your image recognition", "your threat-intel lookup",
// "your flight search", "your OCR", "your text-cleaning utility"): the
// names of perception, lookup and language abilities.
var abilityHeads = set("recognition", "detection", "transcription", "translation", "classification", "lookup", "search",
	"ocr", "vision", "utility", "reader", "speech", "synthesis", "dictation", "analysis", "decoding", "parsing", "charting",
	"mapping", "extraction")

// otherAgents name another agent handed work ("the forecasting agent"),
// never the tool a text describes.
var otherAgents = set("agent", "bot", "assistant", "sub-agent", "subagent", "model")

// agentHeads end a noun phrase that names an ability or a system of the
// agent's own after "your" ("your JSON tool", "your translation skill",
// "your vision model", "your SQL engine", "your knowledge base").
var agentHeads = set("tool", "tools", "skill", "skills", "engine", "assistant", "model", "generator", "store", "sub-agent", "subagent",
	"base", "voice", "understanding", "spreadsheet", "notes", "app", "plugin", "extension", "toolkit", "library",
	"capability", "capabilities", "ability", "abilities", "agent", "bot", "service", "api", "smarts", "integration",
	"integrations", "add-on", "addon", "connector", "module", "toolbelt", "toolbox")

func joinWords(ts []token, a, b int) string {
	ws := make([]string, 0, b-a+1)
	for k := a; k <= b; k++ {
		ws = append(ws, ts[k].lower)
	}
	return strings.Join(ws, " ")
}

// instrument: an agent noun in -er/-or that names a thing that does its
// verb ("formatter", "classifier", "calculator", "summarizer"), not a
// person ("manager") or a plain noun ("folder").
func instrument(w string) bool {
	if personRoles[w] || len(w) < 6 {
		return false
	}
	var bases []string
	switch {
	case strings.HasSuffix(w, "ier"):
		bases = []string{w[:len(w)-3] + "y"}
	case strings.HasSuffix(w, "ator"):
		bases = []string{w[:len(w)-4] + "ate"}
	case strings.HasSuffix(w, "er"), strings.HasSuffix(w, "or"):
		stem := w[:len(w)-2]
		bases = []string{stem, stem + "e"}
		if n := len(stem); n > 2 && stem[n-1] == stem[n-2] {
			bases = append(bases, stem[:n-1])
		}
	default:
		return false
	}
	for _, b := range bases {
		if isVerb(b) || compoundVerb(b) {
			return true
		}
	}
	return false
}

// compoundVerb: a verb compounded of a combining form and a verb of four
// letters or more ("geocode", "transcode", "autocorrect"), the base of an
// instrument noun ("geocoder").
func compoundVerb(b string) bool {
	for j := 2; j <= len(b)-4; j++ {
		if combiningForms[b[:j]] && isVerb(b[j:]) {
			return true
		}
	}
	return false
}

// combiningForms open a compound verb: bound forms, never words alone.
var combiningForms = set("geo", "trans", "auto", "tele", "photo", "micro", "multi", "meta", "hyper", "bio", "de", "en")

// yourMention finds "let your X …" and "your X" handed work outside an
// imperative's window ("the rows go to your formatter").
func yourMention(text string, ts []token, i int, sameSentence bool) (mention, bool) {
	agents := ts[i].lower == "the" && i+3 < len(ts) && agentWords[ts[i+1].lower] && ts[i+2].lower == "s" && (ts[i].sentence || ts[i].clause)
	if ts[i].lower == "your" && (i == 0 || ts[i].sentence || ts[i].clause || reportedClause(ts, i)) || agents {
		// "Your translator can produce the English versions", "The
		// assistant's text-to-speech voice should read …"
		at := i + 1
		if agents {
			at = i + 3
		}
		class, h, ok := systemAt(ts, at)
		if ok && h+1 < len(ts) && !ts[h+1].sentence && (modals[ts[h+1].lower] || ts[h+1].lower == "is") {
			return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
		}
		return mention{}, false
	}
	if (ts[i].lower == "a" || ts[i].lower == "an") && i >= 2 && youHave(ts, i) {
		if class, h, ok := systemAt(ts, i+1); ok {
			return mention{kind: KindCapability, class: class, signal: text[ts[i-2].start:ts[h].end], start: ts[i-2].start, end: ts[h].end}, true
		}
		return mention{}, false
	}
	if ts[i].lower != "your" || i == 0 || ts[i].sentence {
		return mention{}, false
	}
	if class, h, ok := systemAt(ts, i+1); ok && (doneBy(ts, h+1) || i >= 2 && ts[i-1].lower == "for" && jobNouns[ts[i-2].lower]) {
		// "something your clustering tool does well", "a job for your OCR"
		return mention{kind: KindCapability, class: class, signal: text[ts[i].start:ts[h].end], start: ts[i].start, end: ts[h].end}, true
	}
	before := ts[i-1].lower
	reliedOn := before == "on" && i >= 2 && !ts[i-1].sentence && relyingVerbs[verbBase(ts[i-2].lower)] // "rely on your X"
	if !(before == "let" || handOff[before] || reliedOn || i >= 2 && youHave(ts, i)) {
		return mention{}, false
	}
	class, end, ok := systemAt(ts, i+1)
	if !ok {
		if end, ok = yourProgramAt(ts, i+1); !ok {
			return mention{}, false
		}
		class = "tool:" + joinWords(ts, i+1, end) // "Crop it in your image editor"
	}
	return mention{kind: KindCapability, class: class, signal: text[ts[i-1].start:ts[end].end], start: ts[i-1].start, end: ts[end].end}, true
}

// accountNouns name what a person holds at a service ("your Render
// account", "your Stripe dashboard").
var accountNouns = set("account", "accounts", "workspace", "workspaces", "dashboard", "organization", "organisation", "org",
	"subscription", "subscriptions", "profile", "tenant", "tenancy", "login", "plan", "billing")

// reportedClause: the word at i opens a clause reported by a verb of
// saying ("The supervisor says your checker must clear it").
func reportedClause(ts []token, i int) bool {
	return i > 0 && !ts[i].sentence && sayingVerbs[ts[i-1].lower]
}

// sayingVerbs report what someone says, in the third person.
var sayingVerbs = set("says", "said", "notes", "noted", "insists", "insisted", "states", "stated", "writes", "wrote", "adds", "added")

// jobNouns name work handed to something ("a job for your OCR").
var jobNouns = set("job", "task", "work", "chore")

// doneBy: the word at k makes the noun before it the doer ("your
// clustering tool does well", "your translator handles").
func doneBy(ts []token, k int) bool {
	return k < len(ts) && !ts[k].sentence && doerVerbs[ts[k].lower]
}

// doerVerbs follow a doer: a modal or a verb of doing in the third person.
var doerVerbs = set("does", "handles", "can", "could", "will", "would", "should", "excels", "takes", "produces", "makes")

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// youHave: "you have a browser", "you have your memory".
func youHave(ts []token, i int) bool {
	return ts[i-1].lower == "have" && youAt(ts, i-2) && !ts[i-1].sentence
}

// personTo: "tell the user to migrate", "ask the customer to sign": the
// action after "to" is the person's, not the agent's.
func personTo(ts []token, i, end int) bool {
	if !askVerbs[ts[i].lower] {
		return false
	}
	for k := i + 1; k < end && k <= i+3; k++ {
		if (personObjects[ts[k].lower] && !pronouns[ts[k].lower] || ts[k].lower == "user" || ts[k].lower == "users") && ts[k+1].lower == "to" {
			return true
		}
	}
	return false
}

// askVerbs hand an action to a person ("tell the user to …").
var askVerbs = set("tell", "ask", "remind", "instruct", "advise", "invite", "encourage", "let", "allow", "want",
	"need", "get", "have", "help", "direct", "urge", "prompt", "request", "recommend", "suggest")

// scriptFile: a file name of a script or program ("install.sh").
func scriptFile(w string) bool {
	for _, ext := range []string{".sh", ".py", ".ps1", ".bat", ".js", ".rb", ".pl", ".cmd", ".exe"} {
		if strings.HasSuffix(w, ext) && len(w) > len(ext) {
			return true
		}
	}
	return false
}

// mentionVerbs only speak of something: where they point is no place
// the agent acts.
var mentionVerbs = set("see", "note", "consider", "ignore", "mention", "describe", "say", "avoid", "assume", "know",
	"expect", "treat", "include", "exclude", "provide", "specify", "pass", "set", "return", "be", "do", "make",
	"ensure", "choose", "select", "pick", "omit", "leave", "supply", "give", "enter", "input", "type", "format",
	"limit", "filter", "sort", "refer", "wait", "try", "let", "call", "invoke", "prefer", "keep", "remember")

// lightVerbs name a deed by their object ("give them a ring", "drop
// them a line", "shoot them an email").
var lightVerbs = set("give", "drop", "shoot", "send", "fire")

// runVerbs run what they are given.
var runVerbs = set("run", "execute", "exec", "eval", "evaluate", "compile", "launch", "test")

// codeBefore: the sentences just before word i speak of code ("Returns a
// Python snippet …", "Returns the SQL of a report"), which a "run it"
// after them means.
func codeBefore(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-40; k-- {
		if codeObjects[ts[k].lower] {
			return true
		}
	}
	return false
}

// codeObjects are what a "run it" after them runs.
var codeObjects = set("script", "scripts", "snippet", "snippets", "program", "programs", "macro", "macros", "code",
	"shader", "sql", "query", "function", "command", "commands", "notebook", "playbook", "makefile")

// quotedSpans are the stretches of text between double quotes (straight
// or curly): quoted words are data, examples or someone else's words, not
// instructions to the agent.
func quotedSpans(text string) [][2]int {
	var out [][2]int
	open := -1
	for i, r := range text {
		switch r {
		case '"':
			if open < 0 {
				open = i
			} else {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\u201c':
			open = i
		case '\u201d':
			if open >= 0 {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\'':
			// 'first, preheat the oven': a single quote after a space
			// opens, one before a non-letter closes (not "user's")
			if open < 0 && (i == 0 || strings.IndexByte(" (:[", text[i-1]) >= 0) {
				open = i
			} else if open >= 0 && text[open] == '\'' && (i+1 == len(text) || !isWordByte(text[i+1])) {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\n':
			open = -1
		}
	}
	return out
}

// inSpans reports whether offset at lies inside one of the spans.
func inSpans(spans [][2]int, at int) bool {
	for _, sp := range spans {
		if at > sp[0] && at < sp[1] {
			return true
		}
	}
	return false
}

// numeral: a word of digits ("2") or one letter ("b"), as list items are
// numbered.
func numeral(w string) bool {
	if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' {
		return true
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return w != ""
}

// yourProgramAt: words k.. are "<modifier> <dual role>" after "your" in a
// program's slot ("Autofill the fields from your password manager", "Crop
// it in your image editor"), the clause's deed not one done with people ("Discuss
// it with your account manager" is a person). It returns the head.
func yourProgramAt(ts []token, k int) (int, bool) {
	if k < 2 || ts[k-1].lower != "your" || !programSlots[ts[k-2].lower] || ts[k-1].sentence || ts[k-2].sentence {
		return 0, false
	}
	for j := k - 2; j >= 0 && j >= k-10; j-- {
		if peopleDeeds[ts[j].lower] || peopleDeeds[verbBase(ts[j].lower)] {
			return 0, false // "check it with your shift planner"
		}
		if ts[j].sentence || ts[j].clause {
			break
		}
	}
	for h := k + 1; h < len(ts) && h <= k+2; h++ {
		if ts[h].sentence || ts[h].clause || !nounish(ts[h-1].lower) || determiners[ts[h-1].lower] || personRoles[ts[h-1].lower] {
			return 0, false
		}
		if dualRoles[ts[h].lower] && !heldAccount(ts, h) {
			return h, true
		}
	}
	return 0, false
}

// nounListItem: word i opens an item of a comma list of things ("vendor
// credits, bill payments, and attachments"): the item before it, itself
// after a comma, is one to three words opened by no verb, and no object
// opener follows word i ("bill the customer" is a step).
func nounListItem(ts []token, i int) bool {
	if i < 2 || !ts[i].clause || i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return false
	}
	if n := ts[i+1].lower; objectOpeners[n] || personObjects[n] || pronouns[n] {
		return false
	}
	p := i - 1
	for p > 0 && p >= i-3 && !ts[p].clause && !ts[p].sentence {
		p--
	}
	if !ts[p].clause || ts[p].sentence || p < i-3 {
		return false
	}
	w := ts[p].lower
	if w == "and" || w == "or" {
		return false
	}
	return !baseVerb(w) && !stateVerbs[w] && !actVerbs[w]
}
