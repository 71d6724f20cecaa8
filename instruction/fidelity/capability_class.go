package fidelity

import "strings"

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
	if name, k, ok := otherServer(ts, i, end); ok {
		return "service:" + name + "@" + strings.Fields(name)[0], k, true // "use Chrome DevTools MCP instead"
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
				if (personObjects[ts[k].lower] || (personRoles[singular(ts[k].lower)] || textedHead(ts, i, k, v)) && (k+1 > end || !nounish(ts[k+1].lower) || determiners[ts[k+1].lower])) && !((pronouns[ts[k].lower] || singular(ts[k].lower) == "user") && (v == "call" || v == "ping")) {
					return capClasses[ci].name, k, true
				}
			}
			if k, ok := recipientAt(ts, i, end); ok {
				return capClasses[ci].name, k, true // "text each picker the start time"
			}
		}
	}
	if k, ok := textChannel(ts, i, end, v); ok {
		return "sms", k, true // "Notify the customer by text"
	}
	for _, c := range capClasses {
		if !contains(c.acts, v) {
			continue
		}
		for k := i + 1; k <= end; k++ {
			if objectFor(c, ts[k].lower) && !conversationTurn(ts, k) {
				// to the head of the object ("a follow-up task")
				for k+1 <= end && vocabWord(ts[k+1].lower) {
					k++
				}
				return c.name, k, true
			}
		}
	}
	if lightVerbs[v] {
		// "give the landlord a quick ring", "drop them a line": the
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
	// "with a handful of code lines": code anywhere in the instruction's
	// sentence
	for k := i + 1; k < len(ts) && !ts[k].sentence; k++ {
		if ts[k].lower == "code" && !execInnocent(ts, k, k) && k > 0 && (ts[k-1].lower == "of" || handOff[ts[k-1].lower]) {
			return "code-execution", k, true
		}
	}
	if !mentionVerbs[v] && !clickedOn(ts, i, end) {
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
			return "email", k, true // "forward the report to audit@example.com"
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
		if q := byteAt(text, ts[k].start-1); properName(ts[k]) && !honorifics[ts[k].lower] && q != '"' && q != '\'' && !upperCased(ts[k].text) &&
			!strings.ContainsAny(ts[k].text, ".") && !(k+1 < len(ts) && valueNouns[ts[k+1].lower]) {
			return "service:" + ts[k].lower + "@" + ts[k].lower, k, true
		}
	}
	if (worldVerb(v) || opensNew(ts, i, end)) && !mentionVerbs[v] && !runVerbs[v] {
		if name, k, ok := namedThingAt(text, ts, i, end); ok {
			return "service:" + name + "@" + name, k, true // "send the landlord a Venmo request"
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
		its := ts[k-1].lower == "its" && (how == ctxAgent || agentNamedBefore(ts, k-1)) // "the assistant writes it down with its dictation engine"
		if k > i && (ts[k-1].lower == "your" || its || ts[k-1].lower == "the" && handOff[ts[max(i, k-2)].lower]) {
			if class, h, ok := systemAt(ts, k); ok && (ts[k-1].lower == "your" || its || !agentHeads[ts[h].lower] || otherAgents[ts[h].lower]) {
				return class, h, true
			}
			if h, ok := yourProgramAt(ts, k); ok {
				return "tool:" + joinWords(ts, k, h), h, true // "from your password manager"
			}
		}
	}
	world := worldVerb(v) || ts[i].coined || opensNew(ts, i, end) // "then open a repair request"
	if d, light, w := lightDeed(ts, i, end); light {
		v, world = d, w // "then put a hold on the room"; "take a look" stays the agent's
	}
	if (how == ctxOblige || (how == ctxImperative || how == ctxAnd) && (laterStep(ts, i) || stepLabelAt(ts, i) || laterImperative(ts, i) || numberedStep(text, ts, i) || ts[i].readerLed) ||
		how == ctxAgent && agentStep(ts, i)) && world && i > 0 && !firstClause(ts, i) &&
		!(outputVerbs[v] && formatFramed(ts, i)) && !(stativeVerbs[v] && !stateVerbs[v] && (ts[i].lower == v || how == ctxAgent)) &&
		!(how != ctxOblige && paramLine(text, ts[i].start)) && !reportsToTheUser(ts, i, end, v) {
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
