package fidelity

import "strings"

// Code the reader runs, named by a relative clause: "a Groovy closure you
// apply to them yields the mean", "a Pascal unit you compile and
// run", "this Processing sketch you run", "an MQL5 trading bot that
// you attach and run". A phrase opened by an indefinite or pointing
// determiner (a, an, this, some, any), holding a language or library name
// (codeNameOf) or a piece of code (codeNameNouns, codeArtifacts,
// runnableNouns), and then "(that) you" and a verb of running code is code
// the agent is to run. "The scripts you run are logged" (a definite
// phrase: what the user does) and "a report you run" (no code) are none.
//
// A verb of working code out (evaluate, solve, check) counts the same way
// where the phrase is code written in a language named by a proper name:
// "a JMESPath query you evaluate", "some Kawa expressions you evaluate",
// "a Lean proof you check", "a MiniZinc model you solve" — a formal
// piece (formalNouns) and a capitalized name no sentence opens. The doer
// may be "it" where the line hands the deed to the assistant ("computed
// by the assistant with a TLA+ spec it checks").

// yourRunVerbs run, build or load code.
var yourRunVerbs = set("run", "execute", "compile", "launch", "simulate", "source", "flash", "interpret", "fire", "attach", "build")

// workOutVerbs work a formal piece out: code only where the phrase is.
var workOutVerbs = set("evaluate", "solve", "check", "prove", "query")

// formalNouns are pieces written in a formal language: code where a
// language's proper name qualifies them ("a Gremlin traversal").
var formalNouns = set("model", "models", "proof", "proofs", "query", "queries", "traversal", "traversals", "formula",
	"formulas", "formulae", "spec", "specs", "specification", "measure", "measures", "expression", "expressions",
	"program", "programs", "rule", "rules", "constraint", "constraints", "predicate", "predicates", "page", "story",
	"line", "lines")

// runnableNouns are pieces of code besides the code nouns: what a
// language compiles or loads.
var runnableNouns = set("closure", "closures", "kernel", "kernels", "proc", "procs", "module", "modules", "unit", "units",
	"sketch", "sketches", "class", "classes", "binary", "executable", "applet", "testbench", "playbook", "rule", "rules")

// pointingDeterminers open a phrase offered to the reader.
var pointingDeterminers = set("a", "an", "this", "some", "any")

// codeYouRun finds code the reader runs, named by a relative clause.
func codeYouRun(text string, ts []token) []mention {
	var out []mention
	for i := 2; i+1 < len(ts); i++ {
		if ts[i].sentence || ts[i+1].sentence || inFirstSentence(ts, i) {
			continue
		}
		verb := ts[i+1].lower
		run, work := yourRunVerbs[verb], workOutVerbs[verb]
		switch ts[i].lower {
		case "you":
		case "it":
			// "… by the assistant with a TLA+ spec it checks"
			if !strings.HasSuffix(verb, "s") || !assistantOnLine(text, ts[i].start) {
				continue
			}
			for _, base := range []string{verb[:len(verb)-1], strings.TrimSuffix(verb, "es")} {
				run, work = run || yourRunVerbs[base], work || workOutVerbs[base]
			}
		default:
			continue
		}
		if !run && !work {
			continue
		}
		if k, ok := codePhraseBefore(ts, i, work); ok {
			out = append(out, mention{kind: KindExec, signal: joinLower(ts, k, i+1), start: ts[k].start, end: ts[i+1].end})
		}
	}
	return out
}

// codePhraseBefore finds the determiner opening a phrase of code that
// ends before the doer at i ("a Kotlin closure" before "you run"); a
// formal piece counts beside a proper name, and only that where the verb
// works it out (work).
func codePhraseBefore(ts []token, i int, work bool) (int, bool) {
	end := i - 1
	if ts[end].lower == "that" {
		end--
	}
	code, formal, named := false, false, false
	for k := end; k >= 0 && k >= end-5; k-- {
		if k < end && ts[k+1].sentence || ts[k+1].clause && k < end {
			break
		}
		w := ts[k].lower
		if _, known, _ := codeNameOf(ts[k]); known && !ts[k].sentence {
			named = true
			if !work {
				code = true
			}
			continue
		}
		if !work && (codeNameNouns[w] || codeArtifacts[w] || runnableNouns[w]) {
			code = true
			continue
		}
		if formalNouns[w] || codeNameNouns[w] {
			formal = true
			continue
		}
		if pointingDeterminers[w] {
			return k, code || formal && named
		}
		if capitalName(ts, k) {
			named = true
		}
	}
	return 0, false
}

// capitalName: a word written with a capital that opens no sentence and is
// no pronoun ("Gremlin", "MathProg"), or an acronym ("GAMS") in a line
// that is not written in capitals throughout.
func capitalName(ts []token, k int) bool {
	t := ts[k]
	if t.sentence || t.quoted || t.text == "" || !isUpper(t.text[0]) || t.text == "I" {
		return false
	}
	if !upperCased(t.text) {
		return true
	}
	for _, n := range []int{k - 1, k + 1} {
		if n >= 0 && n < len(ts) && len(ts[n].text) > 1 && upperCased(ts[n].text) && !ts[n].sentence {
			return false // "ESTIMATED IN A CUDA KERNEL"
		}
	}
	return true
}

// assistantOnLine: the line up to offset at names the assistant or agent
// as the doer ("to be filled in by the assistant): …").
func assistantOnLine(text string, at int) bool {
	line := text[strings.LastIndexByte(text[:at], '\n')+1 : at]
	l := strings.ToLower(line)
	return strings.Contains(l, "assistant") || strings.Contains(l, "the agent")
}
