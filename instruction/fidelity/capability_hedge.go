package fidelity

import "strings"

// Hedged and moving duties: besides "should be sent", a text asks the
// agent to act when it says where a thing ought to go ("the form ought to go
// to the front office", "a renewal notice should go out to every
// member", "a copy would ideally reach each Outlook inbox"), that
// a deed is worth doing ("it could be worth posting a recap in
// #purchasing", "warnings are worth forwarding to Sentry"), or a
// passive obligation whose place stands after a particle or the thing
// given ("should be sent out for approval through DocuSign", "should be
// sent a paper letter through PostGrid").

// motionVerbs say a thing moves to a place: with a duty and a place, the
// deed is sending it there.
var motionVerbs = set("go", "land", "reach", "arrive", "head", "travel", "make")

// particles complete a verb ("sent out", "go out").
var particles = set("out", "off", "over", "back", "up", "down", "along", "across")

// hedges make "would" or "could" ask ("would ideally land", "could
// preferably go").
var hedges = set("ideally", "preferably", "best", "really", "certainly", "definitely")

// movingDuty reports whether word i is a motion verb under a duty ("ought
// to go to", "should go out to", "would ideally land in") with a place
// after it: the deed is to send the thing there.
func movingDuty(ts []token, i int) bool {
	if i < 2 || ts[i].sentence || !motionVerbs[ts[i].lower] || negatedSubject(ts, i) {
		return false
	}
	b := i - 1
	hedged := false
	if hedges[ts[b].lower] || sequencers[ts[b].lower] {
		hedged = hedges[ts[b].lower]
		b--
	}
	if b < 1 || ts[b+1].sentence {
		return false
	}
	m := ts[b].lower
	duty := obligingModals[m] || m == "to" && (ts[b-1].lower == "ought" || obligingTo[ts[b-1].lower]) || hedged && (m == "would" || m == "could")
	if !duty {
		return false
	}
	if ts[i].lower == "make" {
		// "should make its way to"
		return i+3 < len(ts) && ts[i+2].lower == "way" && destination(ts, i+3)
	}
	k := i + 1
	if k < len(ts) && !ts[k].sentence && particles[ts[k].lower] {
		k++
	}
	return destination(ts, k)
}

// destination: word k opens a place a thing is sent to — a person, an
// organization or its desk, a venue, a mailbox or channel ("to each
// tenant", "to the admissions desk", "in everyone's Outlook inbox"); not a
// part of a request ("in the header", "to the EU region", "in the From
// field").
func destination(ts []token, k int) bool {
	if k+1 >= len(ts) || ts[k].sentence || ts[k+1].sentence || !(ts[k].lower == "to" || ts[k].lower == "in" || ts[k].lower == "into" || ts[k].lower == "onto") {
		return false
	}
	for h := k + 1; h < len(ts) && h <= k+7 && !ts[h].sentence && !ts[h].clause; h++ {
		w := strings.TrimSuffix(ts[h].lower, "'s")
		if personObjects[w] || personObjects[singular(w)] || doerNouns[w] || venueNouns[w] || mailboxes[w] {
			return true
		}
	}
	return false
}

// mailboxes are where messages land.
var mailboxes = set("inbox", "inboxes", "mailbox", "mailboxes", "channel", "channels", "queue", "desk", "feed", "thread",
	"voicemail", "phone", "phones")

// worthDoing reports whether word i is a gerund a deed is worth ("worth
// posting", "worth forwarding") and returns its verb.
func worthDoing(ts []token, i int) (string, bool) {
	if i < 1 || ts[i].sentence || ts[i-1].lower != "worth" || !strings.HasSuffix(ts[i].lower, "ing") || negatedSubject(ts, i) {
		return "", false
	}
	v := gerundVerb(ts[i].lower)
	return v, v != "" && (verbish(v) || worldVerb(v))
}

// placeAfterObject: after the participle at i of a passive duty, a
// particle or the thing given ("sent out for signature", "sent a printed
// reminder letter") may stand before the place; it returns how many more
// words the place may be looked for in.
func placeAfterObject(ts []token, i int) int {
	k := i + 1
	extra := 0
	if k < len(ts) && !ts[k].sentence && particles[ts[k].lower] {
		k++
		extra++
	}
	if k < len(ts) && !ts[k].sentence && (ts[k].lower == "a" || ts[k].lower == "an") {
		n := 1
		for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause && nounish(ts[h].lower) && !venuePrepositions[ts[h].lower]; h++ {
			n++
		}
		extra += n
	}
	return extra
}

// gerundDuty reports whether word i is a gerund that names a deed the
// text hands to the agent: the subject of a duty predicate ("merging it
// back is left to you", "calling the buyer is the best first
// step") or a numbered step ("step two is raising the monitor order in
// ServiceNow"). It returns the deed's verb.
func gerundDuty(ts []token, i int) (string, bool) {
	w := ts[i].lower
	if len(w) < 6 || !strings.HasSuffix(w, "ing") || negatedSubject(ts, i) {
		return "", false
	}
	v := gerundVerb(w)
	if v == "" || !verbish(v) && !worldVerb(v) {
		return "", false
	}
	if i >= 3 && (ts[i-1].lower == "is" || ts[i-1].lower == "will" || ts[i-1].lower == "should") && (numeral(ts[i-2].lower) || ordinals[ts[i-2].lower]) && ts[i-3].lower == "step" {
		return v, true // "step two is creating …"
	}
	if !ts[i].sentence && !ts[i].clause && !(i > 0 && ts[i-1].lower == "the" && (ts[i-1].sentence || ts[i-1].clause)) {
		return "", false // (a gerund may take an article: "the mailing of every flyer is yours")
	}
	// the first copula whose predicate hands the deed on: one inside the
	// gerund's own phrase ("alerting whoever is on duty through Opsgenie is
	// the agent's task") does not end the search
	for k := i + 1; k+1 < len(ts) && k <= i+12 && !ts[k].sentence; k++ {
		if ts[k].lower != "is" && ts[k].lower != "are" && ts[k].lower != "remains" && ts[k].lower != "falls" {
			continue
		}
		if dutyPredicate(ts, k+1) {
			return v, true
		}
	}
	return "", false
}

// dutyPredicate: the words from k on hand a deed to the agent ("left to
// you", "up to you", "your job", "the best first step").
func dutyPredicate(ts []token, k int) bool {
	at := func(ws ...string) bool {
		for n, w := range ws {
			if k+n >= len(ts) || ts[k+n].lower != w || n > 0 && ts[k+n].sentence {
				return false
			}
		}
		return true
	}
	if k < len(ts) && (ts[k].lower == "always" || ts[k].lower == "usually" || ts[k].lower == "then") {
		k++
	}
	switch {
	case at("left", "to", "you"), at("up", "to", "you"), at("on", "you"), at("to", "you"),
		at("your", "job"), at("your", "task"), at("your", "responsibility"), at("your", "call"), at("part", "of"),
		at("yours"), at("all", "yours"), at("your", "department"), at("your", "business"), at("on", "your", "plate"):
		return true
	}
	if k+3 < len(ts) && ts[k].lower == "the" && agentWords[ts[k+1].lower] && ts[k+2].lower == "s" && (ts[k+3].lower == "job" || ts[k+3].lower == "task" || ts[k+3].lower == "responsibility") {
		return true // "is the agent's job"
	}
	if at("how", "you") || k+2 < len(ts) && at("how", "the") && agentWords[ts[k+2].lower] {
		return true // "is how the agent gets the tool ready"
	}
	if at("what") {
		for h := k + 1; h+1 < len(ts) && h <= k+6 && !ts[h].sentence; h++ {
			if (ts[h].lower == "of" || ts[h].lower == "from") && ts[h+1].lower == "you" {
				return true // "is what the planner wants from you"
			}
		}
	}
	if k < len(ts) && ts[k].lower == "the" {
		for h := k + 1; h < len(ts) && h <= k+3 && !ts[h].sentence; h++ {
			if ts[h].lower == "step" || ts[h].lower == "steps" || ts[h].lower == "thing" || ts[h].lower == "move" {
				return true
			}
			if !stepAdjectives[ts[h].lower] {
				break
			}
		}
	}
	return false
}

// verdict: word i is a verb of judging followed by its object and the
// judgement itself, with no "as" or place between ("Mark the claim
// supported", "Rate each answer correct or wrong", "Label every review
// positive"): the agent says what it concludes, in its answer. "Mark the
// ticket as resolved" names a state kept somewhere else, and stays a step.
func verdict(ts []token, i int) bool {
	if !verdictVerbs[ts[i].lower] || i+3 >= len(ts) || !verdictDeterminers[ts[i+1].lower] {
		return false
	}
	k := i + 3
	if ts[k].sentence || ts[k].clause || ts[k].quoted {
		return false
	}
	w := ts[k].lower
	if functionWords[w] || venuePrepositions[w] || w == "as" {
		return false
	}
	// the judgement ends the phrase: a list of verdicts or the sentence's end
	ends := k+1 >= len(ts) || ts[k+1].sentence || ts[k+1].clause || ts[k+1].lower == "or" || ts[k+1].lower == "and"
	return ends || !isNoun(w) || strings.HasSuffix(w, "ed")
}

// verdictVerbs judge a thing; verdictDeterminers open the thing judged.
var (
	verdictVerbs       = set("mark", "label", "rate", "grade", "classify", "judge", "deem", "score")
	verdictDeterminers = set("the", "each", "every", "this", "that", "all")
)

// stepAdjectives qualify a step ("the best first step").
var stepAdjectives = set("best", "first", "next", "last", "final", "right", "usual", "obvious", "natural", "second", "third",
	"remaining", "expected", "logical", "only")

// laterImperative: word i opens a sentence after the text's first with a
// verb in its base form ("Commit the result.", "Open the file and copy
// the rows first"): a step the text asks for, as after "then".
// What the user said is worked on in the conversation ("Expand the
// user's one-line intent into a goal").
// When the sentence names the means ("with resolve_incident", "via
// 'location'", "in the fact store you keep"), the means decides
// what is needed, not the verb.
func laterImperative(ts []token, i int) bool {
	if !laterSentence(ts, i) || !baseVerb(ts[i].lower) || textVerbs[ts[i].lower] || !objectFollows(ts, i) && !possessiveFollows(ts, i) || ts[i+1].lower == "a" || ts[i+1].lower == "an" ||
		i+2 < len(ts) && numeral(strings.SplitN(ts[i+2].lower, "-", 2)[0]) {
		return false // "Poll every 15-30 seconds": a time, not an object
	}
	if verdict(ts, i) {
		return false // "Mark the claim supported, contradicted or unverifiable": the agent's own judgement
	}
	if i+3 < len(ts) && ts[i+1].lower == "the" && singular(ts[i+2].lower) == "user" && ts[i+3].lower == "s" {
		return false // "Expand the user's intent into a goal": the user's words, in the conversation
	}
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		if meansWords[ts[k].lower] || owned(ts, k) {
			return false
		}
	}
	return true
}

// possessiveFollows: an object owned by the thing spoken of follows the
// verb at i ("Remove its background"; not "their", as often the people a
// list of their own deeds speaks of: "allows customers to: - Manage their
// subscriptions").
func possessiveFollows(ts []token, i int) bool {
	return i+1 < len(ts) && !ts[i+1].sentence && ts[i+1].lower == "its"
}

// textVerbs compose the agent's own text when opening a sentence ("State
// the reason", "Draft the reply"); as a duty's participle they may still
// name a deed elsewhere ("a release drafted on GitHub").
var textVerbs = set("state", "draft", "word", "outline", "sketch", "restate", "rephrase", "proofread", "revise", "polish",
	"rewrite", "shorten", "tighten", "edit", "name", "cite", "quote", "mention", "explain", "describe", "summarize", "summarise",
	"justify")

// meansWords introduce the means of a deed.
var meansWords = set("with", "using", "via", "through", "by")

// dutyAdjectives ask for a deed in "it is X that you …".
var dutyAdjectives = set("recommended", "advised", "suggested", "important", "essential", "required", "expected",
	"preferred", "best", "vital", "crucial", "necessary", "advisable")

// numberedStep: word i opens an item of a numbered or lettered list after
// the text's first sentence ("(b) restore it to staging", "3) revert
// the newest release", "3️⃣ revert the newest release"): a step of the
// procedure.
func numberedStep(text string, ts []token, i int) bool {
	if i < 1 || !numeral(ts[i-1].lower) || len(ts[i-1].lower) > 2 || numberClose(text, ts[i-1].end) == 0 || byteAt(text, ts[i-1].end+numberClose(text, ts[i-1].end)) != ' ' {
		return false // not "(string, default 0): Custom timeout"
	}
	before := byteAt(text, ts[i-1].start-1)
	return (before == '(' || before == ' ' || before == '\n' || before == 0) && !inFirstSentence(ts, i-1) && baseVerb(ts[i].lower)
}

// numberClose is the length of what closes a step's number at text[at:]:
// ")" ("2) …") or a keycap ("2️⃣ …"); 0 when none does.
func numberClose(text string, at int) int {
	switch rest := text[min(at, len(text)):]; {
	case strings.HasPrefix(rest, ")"):
		return 1
	case strings.HasPrefix(rest, "\uFE0F\u20E3"):
		return len("\uFE0F\u20E3")
	case strings.HasPrefix(rest, "\u20E3"):
		return len("\u20E3")
	}
	return 0
}
