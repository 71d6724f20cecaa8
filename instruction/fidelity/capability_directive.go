package fidelity

import (
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Directives by structure: besides an imperative, a text asks the agent
// to act through an obligation on the thing to be done ("players
// suspected of cheating should be reported on the Discord channel",
// "it needs to be exported to ADP"), a thing declared worth doing ("is
// worth a quick phone call"), a thing someone should get ("guests should
// get an SMS with the door code") or a named next step ("the next thing
// to do is rotate each key", "Step two: provision their account").

// instruction contexts beyond the imperative and modal ones
const (
	ctxOblige = iota + 3 // a passive obligation: "should be reported"
	ctxNoun              // a thing to be done, named by a noun: "worth a phone call"
)

// obligedAt reports whether word i is the participle of a passive
// obligation ("should be reported", "must be exported", "needs to be
// filed", "is to be sent", "has to be logged") and returns its verb.
func obligedAt(ts []token, i int) (string, bool) {
	if v, ok := nominalObligation(ts, i); ok {
		return v, true
	}
	if i >= 2 && ts[i-1].lower == "best" && (ts[i-2].lower == "are" || ts[i-2].lower == "is") && !ts[i].sentence {
		v := lemma(ts[i].lower) // "digests are best forwarded to …"
		return v, v != ts[i].lower
	}
	if v, ok := elidedObligation(ts, i); ok {
		return v, true
	}
	if movingDuty(ts, i) {
		return "send", true // "a fax ought to go to …"
	}
	if v, ok := worthDoing(ts, i); ok {
		return v, true // "it may be worth posting …"
	}
	if v, ok := gerundDuty(ts, i); ok {
		return v, true // "merging it into main is left to you"
	}
	if v, ok := wantedDone(ts, i); ok {
		return v, true // "Legal wants a copy filed in the vault"
	}
	if v, ok := passiveDuty(ts, i); ok {
		return v, true // "after which the refund is issued", "reposted … by you"
	}
	if i < 2 || ts[i].sentence || ts[i-1].lower != "be" || ts[i-1].sentence || negatedSubject(ts, i) {
		return "", false
	}
	b := i - 2 // "should then be ordered": an adverb may stand between
	if b > 0 && (sequencers[ts[b].lower] || strings.HasSuffix(ts[b].lower, "ly")) && !ts[b].sentence {
		b--
	}
	m := ts[b].lower
	if !(obligingModals[m] || m == "to" && b >= 1 && obligingTo[ts[b-1].lower]) {
		return "", false
	}
	if subj := b - 1 - btoi(m == "to"); subj >= 0 && fieldName(ts[subj]) {
		return "", false // "only `fillColor` needs to be configured": a value of the call to set, no deed
	}
	v := lemma(ts[i].lower)
	if v == ts[i].lower && irregular[ts[i].lower] == "" {
		return "", false
	}
	// an obligation names where or to whom ("should be reported on the
	// Discord channel", "exported to ADP"), not when or how a value of the
	// tool's own is to be ("must be submitted within two minutes",
	// "should be appended after")
	for k := i + 1; k < len(ts) && k <= i+3+placeAfterObject(ts, i) && !ts[k].sentence && !ts[k].clause; k++ {
		if (ts[k].lower == "in" || ts[k].lower == "as") && k+2 < len(ts) && (formatNouns[ts[k+1].lower] || determiners[ts[k+1].lower] && formatNouns[ts[k+2].lower]) {
			return "", false // "written in the format YYYY-MM-DD": a value's shape
		}
		if venuePrepositions[ts[k].lower] || ts[k].lower == "by" && k == i+1 {
			if byPerson(ts, k) {
				return "", false // not the agent's doing: "configured with your DNS provider", "paid by the bank"
			}
			return v, true
		}
	}
	// an obligation that stands alone, its clause ending on it ("an
	// adjustment should be posted, and …", "a fix branch should be
	// created and …"): a deed the agent is asked to do
	if k := i + 1; (k >= len(ts) || ts[k].sentence || ts[k].clause || ts[k].lower == "and") && worldVerb(v) {
		return v, true
	}
	return "", false
}

// negatedSubject: the clause of word i opens with a negation ("None of
// the hosts should be restarted", "No message should be sent").
func negatedSubject(ts []token, i int) bool {
	for j := i - 1; j >= 0 && j >= i-reach; j-- {
		if negators[ts[j].lower] {
			return true
		}
		if ts[j].sentence || ts[j].clause {
			break
		}
	}
	return false
}

// reach is how many words a look around one word walks at most: a
// negation, a contrast or a clause's start farther away than this is not
// read, so a long text that never ends its sentence costs linear time.
const reach = 64

// negators deny the deed of their clause.
var negators = set("no", "none", "nothing", "neither", "nor", "never", "nobody", "not")

// byPerson: the phrase opened at k ("by", "with") names a person or an
// organization as the doer ("by the bank", "with your DNS provider"), not
// a means ("by bank transfer").
func byPerson(ts []token, k int) bool {
	if ts[k].lower != "with" && ts[k].lower != "by" {
		return false
	}
	for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
		if personRoles[ts[h].lower] || personObjects[ts[h].lower] || doerNouns[ts[h].lower] {
			// the head of the phrase, not a modifier ("bank transfer")
			return h+1 >= len(ts) || ts[h+1].sentence || ts[h+1].clause || !nounish(ts[h+1].lower) || !isNoun(ts[h+1].lower)
		}
	}
	return false
}

// doerNouns name organizations and parts of one that do a deed ("paid by
// the bank", "escalated by the helpdesk software").
var doerNouns = set("bank", "team", "staff", "department", "carrier", "broker", "system", "software", "plug-in",
	"plugin", "service", "board", "committee", "office", "desk", "helpdesk", "moderators", "pharmacist", "teacher")

// elidedObligation: a participle after "and" that shares the obligation
// of the clause before ("an adjustment should be posted, and
// subsequently a recount requested"): its verb.
func elidedObligation(ts []token, i int) (string, bool) {
	if i < 3 || ts[i].sentence || ts[i].clause {
		return "", false
	}
	v := lemma(ts[i].lower)
	if v == ts[i].lower && irregular[ts[i].lower] == "" || !worldVerb(v) {
		return "", false
	}
	// "and [adverb] [a|the] <noun> [noun] <participle>"
	k := i - 1
	nouns := 0
	for k > 0 && nouns < 3 && !ts[k+1].sentence && nounish(ts[k].lower) && !determiners[ts[k].lower] && isNoun(ts[k].lower) {
		k--
		nouns++
	}
	if nouns == 0 {
		return "", false
	}
	if determiners[ts[k].lower] && !ts[k+1].sentence {
		k--
	}
	if k > 0 && (sequencers[ts[k].lower] || strings.HasSuffix(ts[k].lower, "ly")) && !ts[k+1].sentence {
		k--
	}
	if k < 2 || ts[k].lower != "and" || ts[k+1].sentence {
		return "", false
	}
	for j := k - 1; j >= 1 && !ts[j+1].sentence; j-- {
		if ts[j-1].lower == "be" && j >= 2 && obligingModals[ts[j-2].lower] {
			return v, true
		}
	}
	return "", false
}

// nominalObligation: a sentence opened by a deed named as a noun, "of"
// its object, and an obligation ("Translation of the notes into English
// is recommended", "Notification of the regulator is mandatory",
// "Payment of anything below 1,000 EUR can go through the SEPA batch"):
// the deed's verb.
func nominalObligation(ts []token, i int) (string, bool) {
	if i+1 >= len(ts) || ts[i+1].sentence {
		return "", false
	}
	opens := ts[i].sentence || ts[i].clause
	if !opens {
		// "A printed thank-you card through …", "a call to the parents":
		// the deed after an article and at most two modifiers
		k := i - 1
		for k >= 0 && k >= i-2 && !ts[k].sentence && !determiners[ts[k].lower] && nounish(ts[k].lower) {
			k--
		}
		if k < 0 || !(ts[k].sentence || ts[k].clause) || !(ts[k].lower == "a" || ts[k].lower == "an") {
			return "", false
		}
	}
	next := ts[i+1].lower
	v, ok := deNominal(ts[i].lower)
	gerund := false
	if !ok && strings.HasSuffix(ts[i].lower, "ing") && opens {
		// "Evaluating the expressions … is expected", "suspending the
		// account is the next step"
		// with its object after it, not a field's name ("rating (string)")
		v, gerund = lemma(ts[i].lower), true
		ok = v != ts[i].lower && worldVerb(v) && (objectOpeners[next] || determiners[next])
	}
	if !ok && baseVerb(ts[i].lower) && isNoun(ts[i].lower) && !opens && next != "of" && (worldVerb(ts[i].lower) || classVerb(ts[i].lower)) {
		v, ok = ts[i].lower, true // "a call to the parents", not "an array of …"
	}
	if !ok || !gerund && next != "of" && !venuePrepositions[next] {
		return "", false
	}
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		if (ts[k].lower == "from" || ts[k].lower == "by") && byPerson(ts, k) || ts[k].lower == "from" && k+2 < len(ts) && (personRoles[ts[k+2].lower] || personObjects[ts[k+2].lower]) {
			return "", false // "a follow-up call from the account manager"
		}
		if obligingWords[ts[k].lower] || ts[k].lower == "go" && k > 0 && (ts[k-1].lower == "can" || ts[k-1].lower == "should") {
			return v, true
		}
		if dutyWords[ts[k].lower] && k >= 2 && copulaBefore(ts, k) {
			if k+1 < len(ts) && ts[k+1].lower == "of" {
				return "", false // "… is the responsibility of the owner"
			}
			return v, true // "is the next step", "is the assistant's responsibility", "would be appreciated"
		}
	}
	return "", false
}

// copulaBefore: "is" or "be" stands within four words before word k, in
// its sentence ("is the assistant's responsibility").
func copulaBefore(ts []token, k int) bool {
	for j := k - 1; j >= 0 && j >= k-4; j-- {
		if ts[j].lower == "is" || ts[j].lower == "be" {
			return true
		}
		if ts[j].sentence {
			break
		}
	}
	return false
}

// classVerb: a verb of the class table ("call" reaches a person).
func classVerb(v string) bool {
	for _, c := range capClasses {
		if contains(c.alone, v) || contains(c.personal, v) {
			return true
		}
	}
	return false
}

// dutyWords, after "is" or "be", name a deed as one to be done ("is the
// next step", "would be appreciated", "is the usual way").
var dutyWords = set("customary", "appreciated", "step", "responsibility", "way", "job", "duty", "welcome", "ideal", "preferred")

// obligingWords say a deed is to be done.
var obligingWords = set("recommended", "mandatory", "required", "expected", "necessary", "needed", "advised",
	"advisable", "customary", "obligatory", "essential", "compulsory")

// deNominal is the verb a deed's noun is made of: "translation"
// (translate), "notification" (notify), "payment" (pay), "submission"
// (submit), "approval" (approve).
func deNominal(w string) (string, bool) {
	var cands []string
	for _, r := range [][2]string{{"ication", "y"}, {"ation", "ate"}, {"ation", ""}, {"ation", "e"}, {"ission", "it"},
		{"sion", "de"}, {"tion", "te"}, {"tion", ""}, {"ment", ""}, {"al", "e"}, {"al", ""}} {
		if b, ok := strings.CutSuffix(w, r[0]); ok && len(b) >= 2 {
			cands = append(cands, b+r[1])
		}
	}
	for _, c := range cands {
		if len(c) >= 3 && baseVerb(c) {
			return c, true
		}
	}
	return "", false
}

// obligingModals oblige in "<modal> be <participle>".
var obligingModals = set("should", "must", "shall", "ought")

// obligingOpeners oblige in "<word> to <verb>" ("be sure to book", "is
// expected to isolate", "don't forget to file").
var obligingOpeners = set("sure", "remember", "forget", "expected", "required", "supposed", "instructed", "asked",
	"obliged", "bound", "mandatory")

// obligingTo oblige in "<word> to be <participle>".
var obligingTo = set("needs", "need", "has", "have", "is", "are", "ought", "expected", "required", "supposed", "got")

// nounDirectiveAt reports whether word i opens a noun phrase named as a
// thing to be done: "is worth a quick phone call", "should get an SMS",
// "should receive a reminder email", "deserve(s) a follow-up call".
func nounDirectiveAt(ts []token, i int) bool {
	if i < 2 || ts[i].sentence {
		return false
	}
	k := i - 1
	if determiners[ts[k].lower] && !ts[k].sentence {
		k--
	}
	if k == i-1 || k < 1 || ts[k+1].sentence {
		return false // "needs to exist": a thing, not a deed
	}
	switch w := ts[k].lower; {
	case w == "worth":
		return true
	case w == "get" || w == "receive" || w == "deserve":
		return obligingModals[ts[k-1].lower]
	case w == "deserves" || w == "warrant" || w == "warrants" || w == "merit" || w == "merits":
		return true // "arrears over two months warrant a formal letter"
	}
	return false
}

// stepLabelAt reports whether word i opens a named step: "Step two:
// provision …", "The next thing to do is rotate …", "The next step is to
// re-run …".
func stepLabelAt(ts []token, i int) bool {
	if ts[i].handed {
		return true // "It falls to you to rebook …" (handedSteps)
	}
	if i >= 2 && ts[i].sentence && ts[i-1].lower != "" && (numeral(ts[i-1].lower) || ordinals[ts[i-1].lower]) && ts[i-2].lower == "step" && ts[i-2].sentence {
		return true
	}
	k := i - 1
	if k >= 0 && ts[k].lower == "to" {
		k--
	}
	if k >= 1 && ts[k].lower == "be" && (ts[k-1].lower == "would" || ts[k-1].lower == "will" || ts[k-1].lower == "should") {
		k-- // "the next thing would be to message …"
	}
	if k < 3 || ts[k].lower != "is" && ts[k].lower != "would" && ts[k].lower != "will" && ts[k].lower != "should" {
		return false
	}
	for j := k - 1; j >= 0 && j >= k-5; j-- {
		if ts[j].lower == "next" || ts[j].lower == "then" {
			return true
		}
		if ts[j].sentence {
			break
		}
	}
	return false
}

// ordinals number a step in words.
var ordinals = set("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "first", "second",
	"third", "fourth", "fifth", "last", "final")

// lemma is a verb's base form read off an inflection: "reported"
// (report), "filed" (file), "logged" (log), "copied" (copy), "sent"
// (send); the word itself when it is no inflected verb.
func lemma(w string) string {
	if b := irregular[w]; b != "" {
		return b
	}
	var cands []string
	n := len(w)
	switch {
	case strings.HasSuffix(w, "ied") && n > 4:
		cands = []string{w[:n-3] + "y"}
	case strings.HasSuffix(w, "ed") && n > 4:
		cands = []string{w[:n-2], w[:n-1]}
		if w[n-3] == w[n-4] {
			cands = append(cands, w[:n-3]) // "logged"
		}
	case strings.HasSuffix(w, "ing") && n > 5:
		cands = []string{w[:n-3], w[:n-3] + "e"}
		if w[n-4] == w[n-5] {
			cands = append(cands, w[:n-4])
		}
	default:
		return w
	}
	if b := baseForm(w); b != w {
		return b // a verb of the class table ("reported": report)
	}
	for _, c := range cands {
		if len(c) == n-2 && strings.HasSuffix(w, "ed") && takesE(c) {
			continue // "provided" is provide, not provid
		}
		if baseVerb(c) {
			return c
		}
	}
	return w
}

// takesE: a stem read off "-ed" that English writes with a final "e"
// ("creat", "provid", "organiz", "forc", "chang", "issu", "escap").
func takesE(c string) bool {
	for _, end := range []string{"at", "iz", "is", "id", "ud", "od", "ad", "ur", "v", "c", "u", "ng", "rg", "dg", "bl", "pl", "gl", "tl", "ap"} {
		if strings.HasSuffix(c, end) {
			return true
		}
	}
	return false
}

// irregular are the past participles of common irregular verbs.
var irregular = map[string]string{"sent": "send", "told": "tell", "paid": "pay", "put": "put", "set": "set",
	"sold": "sell", "bought": "buy", "brought": "bring", "written": "write", "taken": "take", "given": "give",
	"made": "make", "done": "do", "shown": "show", "kept": "keep", "held": "hold", "run": "run", "read": "read",
	"left": "leave", "built": "build", "shared": "share", "forwarded": "forward", "rung": "ring", "drawn": "draw",
	"thrown": "throw", "withdrawn": "withdraw", "undone": "undo", "rewritten": "rewrite", "spent": "spend"}

// worldVerb: a verb whose deed reaches outside the conversation ("place
// an order", "rotate the key", "rebook the traveller"), not one of the
// agent's own reading, thinking, or talking to the person it serves,
// nor the use of the tool itself (conversationVerbs).
func worldVerb(v string) bool {
	return stateVerbs[v] || !innocentStems()[catalog.Stem(v)] && baseVerb(v)
}

// innocentStems are the stems of the verbs that stay in the conversation.
var innocentStems = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, vs := range []map[string]bool{conversationVerbs, mentionVerbs, readVerbs} {
		for v := range vs {
			m[catalog.Stem(v)] = true
		}
	}
	return m
})

// conversationVerbs are deeds an agent does within the conversation: it
// reads, looks, thinks, compares, answers and asks the person it serves,
// and calls the tools it has.
var conversationVerbs = set("read", "review", "inspect", "examine", "compare", "analyze", "analyse", "summarize",
	"summarise", "explain", "tell", "ask", "answer", "show", "present", "display", "list", "find", "identify",
	"determine", "decide", "pair", "combine", "group", "paginate", "page", "retry", "repeat", "follow", "cite",
	"quote", "highlight", "warn", "suggest", "recommend", "advise", "offer", "point", "interpret", "infer",
	"estimate", "count", "sum", "round", "convert", "extract", "match", "map", "rank", "rate", "prioritize",
	"prioritise", "focus", "skip", "narrow", "broaden", "adjust", "understand", "clarify", "double-check",
	"cross-check", "check", "confirm", "validate", "verify", "view", "fetch", "retrieve", "query", "search",
	"discover", "explore", "start", "stop", "continue", "proceed", "begin", "finish", "stick", "rely",
	"handle", "reuse", "re-use", "look", "get", "obtain", "gather", "parse", "split", "help", "assist", "guide",
	"walk", "mention", "paraphrase", "phrase", "reword", "describe", "note", "calculate", "compute", "subtract",
	"multiply", "divide", "average", "aggregate", "chunk", "reference", "think", "plan", "work", "learn", "acknowledge", "put", "source", "perfect", "prompt", "open", "preserve", "default", "fall", "consult", "sense", "feel", "notice", "need", "want", "resolve", "like", "wish",
	"have", "include", "contain",
	// shaping the values the agent writes into a call
	"escape", "encode", "decode", "serialize", "serialise", "deserialize", "quote", "format", "sanitize", "sanitise",
	"normalize", "normalise", "truncate", "trim", "wrap", "enclose", "capitalize", "specify", "provide", "pass", "supply",
	"express", "spell", "separate", "delimit", "prefix")

// fieldName: a code-formatted field or parameter name ("`fillColor`",
// "`max_rows`"), not a file ("`report.pdf`").
func fieldName(t token) bool {
	return t.quoted && !strings.Contains(t.text, ".") && (lowerCamel(t.text) || strings.Contains(t.text, "_"))
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
