package fidelity

import "strings"

// Work delegated to "your X". An imperative whose verb hands the work on
// to someone — asks, lets, has, gets, consults, tasks, commissions —
// with "your" and a thing as its object ("Ask your support grid
// if the skill suits", "Get your route planner to shorten trips",
// "Consult your licence database") gives the deed to a thing of the
// agent's own, whatever its name: the phrase is then a tool the roster
// must hold ("tool:<phrase>"), as "your formatter" is (systemAt). The
// thing's name is not looked up in a vocabulary; what is ruled out is
// the object that is no thing of the agent's: a person ("ask your
// manager"; a person's role needs a modifier before it to be read as a
// program: "your layout planner"), something the user holds ("your
// account", "your API key"), and what the verb asks for rather than
// asks of ("ask your question").

// delegatingVerbs hand a deed on to their object.
var delegatingVerbs = set("ask", "let", "have", "get", "consult", "task", "commission", "query", "instruct", "enlist",
	"engage", "prompt", "delegate")

// askedThings are what "ask" or "query" ask for, not whom they ask.
var askedThings = set("question", "questions", "query", "queries", "favour", "favor", "permission", "price", "name")

// delegatedAt: word i is "your" after a delegating verb that opens a
// clause (an imperative), and the words after it name a thing of the
// agent's own (above); it returns the class and the phrase's last word.
func delegatedAt(ts []token, i int) (string, int, bool) {
	if i < 1 || i+1 >= len(ts) || ts[i].lower != "your" || ts[i].sentence || !delegatingVerbs[ts[i-1].lower] || !opensClause(ts, i-1) {
		return "", 0, false
	}
	verbAfter := ts[i-1].lower == "let" || ts[i-1].lower == "have" // "Have your vision model count …"
	class, h, ok := yourThingAt(ts, i, verbAfter)
	if ok && ts[i-1].lower == "get" && !(h+1 < len(ts) && ts[h+1].lower == "to") {
		return "", 0, false // "Get your results from the cache": fetched, not asked
	}
	return class, h, ok
}

// instrumentalAt: word i is "your" after "with", "using", "through" or
// "via" in a sentence that instructs (instructed), or opening it ("With
// your YAML linter, check …"), and the words after it name a thing of the
// agent's own: the deed is done with it ("Look up the summaries via your
// book database", "Verify the figure with your web search").
func instrumentalAt(ts []token, i int, instructed bool) (string, int, bool) {
	if i < 1 || ts[i].lower != "your" || ts[i].sentence || !instrumentalWords[ts[i-1].lower] || !(instructed || ts[i-1].sentence || ts[i-1].clause) {
		return "", 0, false
	}
	for k := i - 2; k >= 0 && k >= i-10 && !ts[k+1].sentence; k-- {
		if inputVerbs[ts[k].lower] {
			return "", 0, false // "Call `firecrawl_agent` with your prompt": the call's input
		}
	}
	class, h, ok := yourThingAt(ts, i, false)
	if ok && dualRoles[ts[h].lower] {
		return "", 0, false // "with your shift planner": a person or a program, as yourProgramAt reads it
	}
	return class, h, ok
}

// inputVerbs take what "with your X" names as their input ("call it with
// your prompt", "fill the form with your details").
var inputVerbs = set("call", "invoke", "trigger", "query", "pass", "provide", "supply", "fill", "populate", "start", "seed",
	"prefill", "initialize", "initialise", "sign", "log", "authenticate", "login")

// instrumentalWords introduce the means of a deed.
var instrumentalWords = set("with", "using", "through", "via")

// notThings follow "your" without naming a thing of the agent's: its
// side, its say, its own text or wits ("on your side", "with your
// consent", "in your reply", "with your best judgement").
var notThings = set("side", "behalf", "help", "permission", "consent", "approval", "judgement", "judgment", "discretion",
	"reply", "answer", "response", "words", "own", "best", "attention", "understanding", "knowledge", "eyes", "hands",
	"experience", "expertise", "skills", "care", "input", "feedback", "team", "family", "friends", "prompt", "schema",
	"query", "request", "payload", "data", "details", "question", "parameters", "arguments", "credentials")

// yourThingAt: the words after "your" at i name a thing of the agent's
// own (above): a noun phrase of up to three words, not a person, not what
// the user holds, not what "ask" asks for, not a service's name. It
// returns the class ("tool:<phrase>") and the phrase's last word.
func yourThingAt(ts []token, i int, verbAfter bool) (string, int, bool) {
	if i+1 >= len(ts) || ts[i+1].sentence {
		return "", 0, false
	}
	h := i + 1
	for h+1 < len(ts) && h+1 <= i+3 && phraseGoesOn(ts, h+1, verbAfter) {
		h++
	}
	head := ts[h].lower
	if ts[h].quoted || functionWords[head] || !nounish(head) || valueNouns[head] || accountNouns[head] || askedThings[head] || notThings[ts[i+1].lower] || notThings[head] ||
		personObjects[head] || personObjects[singular(head)] || personRoles[singular(head)] && !(dualRoles[singular(head)] && h > i+1) || agentWords[head] {
		return "", 0, false
	}
	if properName(ts[i+1]) {
		return "", 0, false // "your Render account", "your Slack": a service, read as one elsewhere
	}
	return "tool:" + strings.ToLower(joinWords(ts, i+1, h)), h, true
}

// opensClause: word v opens a clause, with at most sequencers before it
// ("Then ask …", "Finally, consult …").
func opensClause(ts []token, v int) bool {
	j := v
	for j > 0 && !ts[j].sentence && !ts[j].clause && sequencers[ts[j-1].lower] {
		j--
	}
	return ts[j].sentence || ts[j].clause || ts[j].readerLed || ts[j].handed
}

// phraseGoesOn: word k still belongs to the noun phrase before it: no
// function word, preposition or question word, and, when a verb follows
// the phrase (verbAfter), not the verb that starts the delegated deed
// ("Have your image model tally the birds").
func phraseGoesOn(ts []token, k int, verbAfter bool) bool {
	t := ts[k]
	if t.sentence || t.clause || t.quoted || functionWords[t.lower] || whWords[t.lower] || prepositions[t.lower] || objectOpeners[t.lower] ||
		venuePrepositions[t.lower] || strings.HasSuffix(t.lower, "ly") {
		return false
	}
	return !verbAfter || !(baseVerb(t.lower) && k+1 < len(ts) && !ts[k+1].sentence && (objectOpeners[ts[k+1].lower] || pronouns[ts[k+1].lower]))
}
