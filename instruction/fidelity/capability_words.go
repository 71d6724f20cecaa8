package fidelity

import (
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

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
// thing to be done: "merits a quick phone call", "should get an SMS",
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
		return true // "debts past sixty days warrant a formal letter"
	}
	return false
}

// stepLabelAt reports whether word i opens a named step: "Step two:
// provision …", "The next thing to do here is rotate …", "The next step is to
// re-run …".
func stepLabelAt(ts []token, i int) bool {
	if ts[i].handed {
		return true // "It falls to you to reschedule …" (handedSteps)
	}
	if i >= 2 && ts[i].sentence && ts[i-1].lower != "" && (numeral(ts[i-1].lower) || ordinals[ts[i-1].lower]) && ts[i-2].sentence && ts[i-2].later &&
		(ts[i-2].lower == "step" || !functionWords[ts[i-2].lower] && !determiners[ts[i-2].lower] && (ordinals[ts[i-1].lower] || isDigit(ts[i-1].lower[0]))) {
		// "Step two: provision …", any stage of a sequence numbered in a
		// later sentence ("Stage two: notify …", "Phase 3: archive …")
		return true
	}
	k := i - 1
	if k >= 0 && ts[k].lower == "to" {
		k--
	}
	if k >= 1 && ts[k].lower == "be" && (ts[k-1].lower == "would" || ts[k-1].lower == "will" || ts[k-1].lower == "should") {
		k-- // "the next step would be to message …"
	}
	if k < 3 || ts[k].lower != "is" && ts[k].lower != "would" && ts[k].lower != "will" && ts[k].lower != "should" {
		return false
	}
	for j := k - 1; j >= 0 && j >= k-5; j-- {
		if ts[j].lower == "next" || ts[j].lower == "then" || ts[j].lower == "follow-up" || ts[j].lower == "followup" {
			return true // "the follow-up is to copy the page …"
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
		if w[n-3] == 'l' && w[n-4] == 'l' && baseVerb(w[:n-3]) {
			cands = []string{w[:n-3]} // "cancelled": cancel
		}
	case strings.HasSuffix(w, "ing") && n > 5:
		cands = []string{w[:n-3], w[:n-3] + "e"}
		if w[n-4] == w[n-5] {
			cands = append(cands, w[:n-4])
		}
		if w[n-4] == 'l' && w[n-5] == 'l' && baseVerb(w[:n-4]) {
			// British spelling doubles a verb's last l ("cancelling":
			// cancel; "filling" stays fill, "fil" being no verb); the
			// lexicon's stemmer would take "cancell" for cancel
			cands = []string{w[:n-4]}
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
