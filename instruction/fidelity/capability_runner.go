package fidelity

import "strings"

// runsCodeByPurpose reports whether a tool's headline says it runs code
// whatever its name ("start_process: Start a terminal process …",
// "interact_with_process: feed input into a running terminal or REPL
// process"): a verb of starting, running or feeding (does) and a place
// code runs in, or a verb of running and a thing run (has). A tool that
// stops, lists or reads such a place ("Terminate a running terminal
// session") runs nothing.
func runsCodeByPurpose(has, does map[string]bool) bool {
	return anyIn(does, codeStartVerbs) && anyIn(has, codePlaces) || anyIn(does, codeRunVerbs) && anyIn(has, codeThings)
}

// codeStartVerbs start or feed a place code runs in.
var codeStartVerbs = []string{"start", "run", "launch", "spawn", "execute", "open", "send", "interact"}

// codePlaces are where code or commands run.
var codePlaces = []string{"terminal", "shell", "repl", "interpreter", "sandbox"}

// codeRunVerbs run a thing written in code.
var codeRunVerbs = []string{"run", "execute", "eval", "evaluate"}

// codeThings are written in code and run.
var codeThings = []string{"command", "script", "code", "snippet", "program"}

// closesList: the item opened at word i (after a comma) is followed, within
// three words, by ", or" or ", and" and a thing, not a deed
// ("manuals, source files, or settings files"; not "archive
// them, or delete them").
func closesList(ts []token, i int) bool {
	for k := i + 2; k < len(ts) && k <= i+3; k++ {
		if ts[k].sentence {
			return false
		}
		if !ts[k].clause {
			continue
		}
		if (ts[k].lower != "or" && ts[k].lower != "and") || k+1 >= len(ts) || ts[k+1].sentence {
			return false
		}
		n := ts[k+1].lower
		return !baseVerb(n) && !verbish(n) && !objectOpeners[n] && !sequencers[n] && nounish(n)
	}
	return false
}

// nounPair: word i, opening a clause, is joined by "and" or "or" to a
// thing, not to a deed ("Email and any additional feedback", "Name or
// company"): a noun, a label, no verb ("Email and text them" is a step).
func nounPair(ts []token, i int) bool {
	if i+2 >= len(ts) || ts[i+2].sentence || ts[i+1].lower != "and" && ts[i+1].lower != "or" {
		return false
	}
	n := ts[i+2].lower
	return (determiners[n] || n == "any" || n == "other") && !pronouns[n] || !baseVerb(n) && !verbish(n) && !sequencers[n] && nounish(n) && isNoun(n)
}

// nounPlural: w is written as an English plural by "-es" after a
// sibilant ("backslashes", "parentheses", "boxes"), or as the plural of a
// noun of the lexicon: a thing, no program's name.
func nounPlural(w string) bool {
	if b, ok := strings.CutSuffix(w, "es"); ok && len(b) >= 3 {
		return isNoun(b) || strings.HasSuffix(b, "sh") || strings.HasSuffix(b, "ch") || strings.HasSuffix(b, "x") ||
			strings.HasSuffix(b, "s") || strings.HasSuffix(b, "z")
	}
	return false
}

// exampleInQuotes: the word at start stands inside a quoted string that
// is an item of a comma list of quoted strings ("Looking for functions:
// \"getUserData function\", \"useState hook\""): an example value, no
// tool. A value of a key or an attribute ("\"name\": \"book_specialist\"",
// name="x") is no such item.
func exampleInQuotes(text string, start int) bool {
	from := strings.LastIndexByte(text[:start], '\n') + 1
	if strings.Count(text[from:start], `"`)%2 == 0 {
		return false
	}
	open := strings.LastIndexByte(text[:start], '"')
	end := strings.IndexByte(text[start:], '"')
	if end < 0 {
		return false
	}
	end += start
	lead := strings.TrimRight(text[from:open], " ")
	if strings.HasSuffix(lead, `":`) || strings.HasSuffix(lead, "=") || strings.HasSuffix(lead, "{") || strings.HasSuffix(lead, "[") {
		return false // a key's value, an attribute, a JSON list
	}
	tail := strings.TrimLeft(text[end+1:], " ")
	if nl := strings.IndexByte(tail, '\n'); nl >= 0 {
		tail = tail[:nl]
	}
	return strings.HasSuffix(lead, ",") || strings.HasPrefix(tail, ",") && strings.HasPrefix(strings.TrimLeft(tail[1:], " "), `"`) && !strings.Contains(tail, `":`)
}

// fileNamed: w ends in a file extension after a name with an underscore
// or a digit ("result_01.pdf"): a file's name, no tool.
func fileNamed(w string) bool {
	dot := strings.LastIndexByte(w, '.')
	return dot > 0 && fileExtensions[w[dot+1:]] && strings.ContainsAny(w[:dot], "_0123456789")
}
