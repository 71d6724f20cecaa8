package fidelity

import "strings"

// Code named by its language or library: "with matplotlib", "in R", "a
// quick Python snippet", "a DuckDB window function", "Let numpy sort it
// out", "a Lua expression". The names come from codenames.go, generated
// from published lists (codenames_gen_test.go); the mentions go through
// execMentions' own tests (a deed of someone else, a denied one, a value
// listed), and become a finding only where the roster has no tool that
// runs code.

// codeNameNouns are what a language or library writes or runs, right
// after its name ("a Lua expression", "a DuckDB window function").
var codeNameNouns = set("snippet", "snippets", "function", "functions", "expression", "expressions", "macro", "macros",
	"one-liner", "one-liners", "script", "scripts", "program", "programs", "session", "calculation", "calculations",
	"code", "loop", "lambda", "routine", "routines", "module", "repl", "console", "shell", "notebook", "dataframe",
	"dataframes", "udf", "oneliner", "regression", "fit", "plot")

// codeNamePrepositions put a named language or library to use ("with
// matplotlib", "in R", "using numpy").
var codeNamePrepositions = set("with", "using", "via", "into", "through", "in")

// codeNameOf is the language or library a word names ("scipy.stats" is
// scipy, "numpy's" numpy), and whether its name is an English word too
// (then it names code only before a code noun, or after a preposition
// when it is a language the exec vocabulary already knows).
func codeNameOf(t token) (name string, known, worded bool) {
	w := strings.TrimSuffix(strings.TrimSuffix(t.lower, "'s"), "’s")
	if codeNames()[w] {
		return w, true, false
	}
	if head, _, ok := strings.Cut(w, "."); ok && codeNames()[head] && !strings.Contains(w, "/") {
		return head, true, false
	}
	if codeNameWords[w] && t.text != "" && t.text[0] >= 'A' && t.text[0] <= 'Z' {
		return w, true, true
	}
	if execLanguages[w] && len(w) > 1 {
		return w, true, true // "in pandas", "a pandas session": the exec vocabulary's own languages
	}
	return w, false, false
}

// codeNameSpan is words a to b naming code by its language or library.
type codeNameSpan struct {
	a, b int
	name string
}

// codeNameSpans finds the spans of code named by its language or library,
// for execMentions to test.
func codeNameSpans(ts []token) []codeNameSpan {
	var out []codeNameSpan
	for i := range ts {
		t := ts[i]
		if t.quoted || t.markup || t.address || t.attr {
			continue
		}
		name, known, worded := codeNameOf(t)
		if !known || inFirstSentence(ts, i) || ownSubject(ts, name) {
			continue
		}
		if i > 0 && !t.sentence && (lookVerbs[ts[i-1].lower] || i > 1 && determiners[ts[i-1].lower] && lookVerbs[ts[i-2].lower]) {
			continue // "a spreadsheet holding VBA macros": what the tool returns
		}
		// "a Lua expression", "a DuckDB window function"
		for j := i + 1; j <= i+2 && j < len(ts) && !ts[j].sentence && !ts[j].clause; j++ {
			if codeNameNouns[ts[j].lower] {
				out = append(out, codeNameSpan{i, j, name})
				break
			}
			if !nounish(ts[j].lower) {
				break
			}
		}
		if i == 0 || t.sentence {
			continue
		}
		prev := ts[i-1].lower
		// "Let numpy work out the cheapest route"
		if prev == "let" && !worded && ts[i-1].sentence && i+1 < len(ts) && !ts[i+1].sentence {
			out = append(out, codeNameSpan{i - 1, i, name})
			continue
		}
		// "with matplotlib", "in R", "a bit of NumPy"
		if prev == "of" && i >= 2 && (ts[i-2].lower == "bit" || ts[i-2].lower == "lines" || ts[i-2].lower == "line") {
			prev = "with"
		}
		if !codeNamePrepositions[prev] {
			continue
		}
		if worded && !execLanguages[name] && !(len(name) == 1 && strings.ToUpper(name) == t.text) {
			continue
		}
		// the phrase goes on past the name with a word that is no code noun
		// and does not end it
		goesOn := i+1 < len(ts) && !ts[i+1].sentence && !ts[i+1].clause && !codeNameNouns[ts[i+1].lower] && !letterEnds[ts[i+1].lower]
		if goesOn && !worded && isNoun(ts[i+1].lower) {
			continue // "using Levenshtein distance": the name modifies a noun
		}
		if goesOn && worded && len(name) == 1 {
			continue // "in C major", "in R order": a letter, not the language
		}
		out = append(out, codeNameSpan{i - 1, i, name})
	}
	return out
}

// letterEnds may follow a language named by one letter ("in R and report
// it", "in R first"): the phrase ends with the letter.
var letterEnds = set("and", "or", "then", "to", "before", "first", "instead", "yourself", "on", "for", "so", "if", "when")

// ownSubject: the name stands in the text's first sentence, which says
// what the tool does ("Mute a host in Datadog"): the service the tool
// works on, not code for the agent to run.
func ownSubject(ts []token, name string) bool {
	for k := 0; k < len(ts) && !ts[k].later; k++ {
		if n, _, _ := codeNameOf(ts[k]); n == name {
			return true
		}
	}
	return false
}

// namesItsSubject: code named by a language or library that the entry's
// own first sentence names ("Mute a host in Datadog. … in Datadog"): the
// service or the language the tool works on, not code to run.
func (e entry) namesItsSubject(m mention) bool {
	if !e.ok || m.codeName == "" || e.lead == "" {
		return false
	}
	for _, t := range tokenize(e.lead) {
		if n, known, _ := codeNameOf(t); known && n == m.codeName {
			return true
		}
	}
	return false
}
