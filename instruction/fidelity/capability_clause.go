package fidelity

import "strings"

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
	// (a step after a label naming the reader, "You->>Queue: retry every
	// job / Queue-->>You: ok", is the reader's, not a heading)
	return rest[end] == ':' && len(strings.Fields(rest[:end])) <= 4 && !ts[i].readerLed
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
	if strings.HasSuffix(next, "s") && !strings.HasSuffix(next, "ss") && baseVerb(next[:len(next)-1]) {
		// "Email arrives …", "Crawl responses …": a subject and its
		// verb, unless the word is a plural the verb acts on, followed
		// by where or by what means ("Email proofs via Mailchimp",
		// "Reorder bottles through Faire")
		return pluralObject(ts, i)
	}
	return !finiteVerbs[next] && !paramTypes[next] && !strings.HasSuffix(next, "ing") && next != "more"
}

// arrivalVerbs tell how a thing comes or goes, never done to an object
// (English's intransitive verbs of motion; the lexicon reads "arrives"
// as a noun's plural through "arrival").
var arrivalVerbs = set("arrive", "come", "go", "land", "appear", "flow", "travel", "expire",
	"bounce")

// pluralObject: the word after the verb at i is a plural noun (one the
// lexicon also knows as a verb in the third person) followed by a
// preposition of place or means, as an object is ("Email proofs via
// Mailchimp", "Reorder bottles through Faire"), not in an example ("e.g.,
// forward slashes on POSIX hosts").
func pluralObject(ts []token, i int) bool {
	next := ts[i+1].lower
	if arrivalVerbs[next[:len(next)-1]] || arrivalVerbs[strings.TrimSuffix(next, "es")] {
		return false // "Post arrives through the depot": a subject and how it comes
	}
	return baseVerb(ts[i].lower) && isNoun(next[:len(next)-1]) && i+2 < len(ts) && !ts[i+2].sentence && !ts[i+2].clause &&
		venuePrepositions[ts[i+2].lower] && !(i > 0 && (exampleMarkers[ts[i-1].lower] || ts[i-1].lower == "e.g" || ts[i-1].lower == "i.e"))
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
var relyingVerbs = set("rely", "count", "depend", "lean", "call", "draw", "back")

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
