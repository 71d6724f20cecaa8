package fidelity

import "strings"

// operationLabel: word i opens the description of one of the tool's own
// operations, listed as "- create: Create a new task".
// So is a parameter's description ("- `filename` (string): Save results
// to a file"): what the tool does with it. A note ("Important: email …")
// is not a label, nor is the label before a deed handed to the reader
// ("Assistant, Base: send …").
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
	if len(words) == 0 || len(words) > 4 || readerLabel(prefix) || ts[i].readerLed || ts[i].handed {
		return false
	}
	stage := words
	if bare, _, ok := strings.Cut(strings.Trim(prefix, " \t|-*•:"), " ("); ok && strings.HasSuffix(prefix, "):") {
		if f := strings.Fields(bare); len(f) > 0 {
			stage = f // "Phase 2 (after review):": the stage less its gloss
		}
	}
	if last := strings.ToLower(stage[len(stage)-1]); len(stage) == 2 && (ordinals[last] || isDigit(last[0])) {
		return false // "Stage two:", "Phase 3:": a numbered step, not an operation
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
	c := i // the clause's start: "…, you book the crane"
	if c > 0 && !ts[c].clause && !ts[c].sentence && (youAt(ts, c-1) || agentWords[ts[c-1].lower]) {
		c--
	}
	if frontedClause(ts, c) || scheduleLabel(ts, c) || sequenceFramed(ts, c) || ts[c].readerLed {
		return true // "Whether or not it reconciles, post …", "10:40 — you release it"
	}
	for k := i - 1; k >= 0 && k >= i-12 && !ts[k+1].sentence; k-- {
		// "after that, …", not "after block" (a noun); within the
		// sentence of word i
		if (stepOpeners[ts[k].lower] || conditionOpeners[ts[k].lower] && ts[k].sentence && !(k+1 < len(ts) && valueStates[ts[k+1].lower])) && !(ts[k].lower == "after" && k == i-1 && !ts[i].clause) {
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
// when something holds ("Once it is signed off, release the payment").
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
	"integrations", "add-on", "addon", "connector", "module", "toolbelt", "toolbox", "software", "package", "suite",
	// devices a deed is done with ("your thermal camera", "its survey drone")
	"camera", "cameras", "drone", "drones", "sensor", "sensors", "radar", "microphone", "webcam")

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
		if b, ok := strings.CutSuffix(stem, "is"); ok {
			bases = append(bases, b+"ize") // "sanitiser": the -ise spelling of an -ize verb
		} else if b, ok := strings.CutSuffix(stem, "ys"); ok {
			bases = append(bases, b+"yze") // "analyser"
		}
		if len(w) >= 9 && (strings.HasSuffix(stem, "iz") || strings.HasSuffix(stem, "is")) && !iserPeople[w] {
			return true // "vectoriser", "tokenizer": an -ize verb's doer, in the lexicon or not
		}
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
