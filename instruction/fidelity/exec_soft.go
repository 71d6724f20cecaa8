package fidelity

import "strings"

// Soft code wording: a text may ask for code without naming a program
// noun or a running verb — it names a piece of code the agent is to write
// ("by writing a short routine that …", "means writing a small solver"),
// code as the manner of a deed it allows or asks ("may be decoded
// programmatically", "recomputing each formula yourself in code"), or a
// programmer's verb ("eval these expressions", "eval() the formula",
// "by scripting the formulas"). Each is read in a sentence after the
// first (the first says what the tool does) that is not about the tool
// itself ("It …", "This tool …").

// codeArtifacts are the pieces of code an authoring verb writes besides
// program nouns: each is code only as the object of writing or building.
var codeArtifacts = set("function", "functions", "solver", "solvers", "parser", "parsers", "routine", "routines",
	"algorithm", "algorithms", "regex", "regexes", "regexp", "macro", "macros", "lambda", "lambdas", "one-liner",
	"one-liners", "loop", "loops", "program", "programs", "script", "scripts", "snippet", "snippets")

// writingVerbs write or build a piece of code.
var writingVerbs = set("write", "writing", "build", "building", "implement", "implementing", "re-implement",
	"re-implementing", "reimplement", "reimplementing", "code", "coding", "craft", "crafting", "hack", "hacking",
	"whip", "whipping", "knock", "knocking")

// runningVerbs run a program named by its file.
var runningVerbs = set("run", "running", "execute", "executing", "invoke", "invoking", "launch", "launching")

// codeManners name code as the manner of a deed ("programmatically").
var codeManners = set("programmatically", "algorithmically")

// allowingWords make a sentence allow or ask a deed: a modal, or the
// agent named as its doer ("yourself").
var allowingWords = set("can", "may", "might", "could", "should", "must", "would", "ought", "need", "needs", "yourself",
	"you")

// softCodeMentions finds soft code wording (see above).
func softCodeMentions(text string, ts []token) []mention {
	var out []mention
	add := func(a, b int) {
		out = append(out, mention{kind: KindExec, signal: joinLower(ts, a, b), start: ts[a].start, end: ts[b].end, authoring: writingVerbs[ts[a].lower]})
	}
	for i := 1; i < len(ts); i++ {
		if ts[i].markup || ts[i].quoted || ts[i].address || inFirstSentence(ts, i) {
			continue
		}
		w := ts[i].lower
		if w == "eval" && (ts[i].paren || objectFollows(ts, i)) && (!toolSentence(ts, i) || ts[i-1].lower == "to") {
			add(i, i) // "eval these expressions", "it would help to eval them"
			continue
		}
		if toolSentence(ts, i) {
			continue
		}
		switch {
		case writingVerbs[w] && !adjectival(ts, i):
			if h, ok := artifactAfter(ts, i); ok {
				add(i, h)
			}
		case codeManners[w] && allowedSentence(ts, i):
			add(i, i)
		case w == "in" && i+1 < len(ts) && ts[i+1].lower == "code" && !ts[i+1].sentence && codeEnds(ts, i+2) && allowedSentence(ts, i):
			add(i, i+1)
		case (w == "scripting" || w == "script") && objectFollows(ts, i) && verbSlot(ts, i):
			add(i, i)
		case runningVerbs[w] && i+1 < len(ts) && !ts[i+1].sentence && scriptFile(ts[i+1].lower):
			add(i, i+1) // "by executing propagate.py"
		case (w == "little" || w == "some" || w == "quick" || w == "short" || w == "small" || w == "tiny") && i+1 < len(ts) && !ts[i+1].sentence &&
			(ts[i+1].lower == "code" && codeEnds(ts, i+2) || (ts[i+1].lower == "snippet" || ts[i+1].lower == "one-liner") && phraseEnds(ts, i+2)) && i >= 2 && programPrepositions[ts[i-2].lower]:
			add(i-2, i+1) // "with a little code", "with a quick snippet"
		case (programPrepositions[w] || w == "in") && stepSentence(ts, i):
			if h, ok := programAfter(ts, i); ok {
				add(i, h) // "in a short script", "through a moving-average script", "in a notebook cell"
			}
		}
	}
	return append(out, codeYouRun(text, ts)...)
}

// artifactAfter finds a code artifact heading the object of the writing
// verb at i: an article, at most two modifiers, the artifact, and no noun
// after it ("a quick function that …", not "a function summary").
func artifactAfter(ts []token, i int) (int, bool) {
	k := i + 1
	if k >= len(ts) || ts[k].sentence || !(ts[k].lower == "a" || ts[k].lower == "an" || ts[k].lower == "some" || ts[k].lower == "your" || ts[k].lower == "its") {
		return 0, false
	}
	for h := k + 1; h < len(ts) && h <= k+3 && !ts[h].sentence && !ts[h].clause; h++ {
		if codeArtifacts[ts[h].lower] {
			if phraseEnds(ts, h+1) {
				return h, true
			}
			return 0, false
		}
		if !nounish(ts[h].lower) {
			break
		}
	}
	return 0, false
}

// phraseEnds: word k does not continue the noun phrase before it: the
// text ends, a sentence or clause starts, or it is a function word or no
// noun ("a quick function that …", not "a function summary").
func phraseEnds(ts []token, k int) bool {
	return k >= len(ts) || ts[k].sentence || ts[k].clause || functionWords[ts[k].lower] || !isNoun(ts[k].lower)
}

// codeEnds: the words "in code" end before word k: the phrase ends or a
// verb follows that heads no innocent compound ("in code gives", not "in
// code review").
func codeEnds(ts []token, k int) bool {
	return phraseEnds(ts, k) || isVerb(ts[k].lower) && !innocentAfter[ts[k].lower]
}

// objectFollows: an object opens right after word i ("eval these
// expressions", "scripting the formulas").
func objectFollows(ts []token, i int) bool {
	return i+1 < len(ts) && !ts[i+1].sentence && commandObjects[ts[i+1].lower]
}

// verbSlot: word i stands where a verb does — opening a sentence or a
// clause, or after "by", "to", a modal or "and"/"or" ("by scripting the
// formulas"), not after a noun ("the stage script each line comes from").
func verbSlot(ts []token, i int) bool {
	if ts[i].sentence || ts[i].clause {
		return true
	}
	p := ts[i-1].lower
	return p == "by" || p == "to" || p == "and" || p == "or" || p == "then" || modals[p] || obligingModals[p]
}

// allowedSentence: the sentence of word i allows or asks the deed (a
// modal, "yourself", "you") or opens with a gerund or a verb in its base
// form ("Redoing each sum yourself in code …", "Compute it
// programmatically"), and is not about a tool's parameters.
func allowedSentence(ts []token, i int) bool {
	s := i
	for s > 0 && !ts[s].sentence {
		s--
	}
	if aboutParameters(ts, i) {
		return false
	}
	if baseVerb(ts[s].lower) || len(ts[s].lower) > 4 && ts[s].lower[len(ts[s].lower)-3:] == "ing" && isVerb(ts[s].lower) {
		return true
	}
	for k := s; k < len(ts) && (k == s || !ts[k].sentence); k++ {
		if allowingWords[ts[k].lower] {
			return true
		}
	}
	return false
}

// programAfter finds a program as the means of a deed after the
// preposition at i: an article or "your", at most three modifiers, and a
// program noun that ends the phrase ("in a short script", "with a
// moving-average script", "in a notebook cell"), not a noun it modifies
// ("with a script reference").
func programAfter(ts []token, i int) (int, bool) {
	k := i + 1
	if k >= len(ts) || ts[k].sentence || !(ts[k].lower == "a" || ts[k].lower == "an" || ts[k].lower == "some" || ts[k].lower == "your") {
		return 0, false
	}
	for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
		w := ts[h].lower
		cell := w == "notebook" && h+1 < len(ts) && ts[h+1].lower == "cell" && !ts[h+1].sentence
		if cell {
			h++ // "in a notebook cell"; a cell alone is a spreadsheet's
		}
		if programNouns[w] && w != "code" || cell {
			if phraseEnds(ts, h+1) || ts[h+1].lower == "to" || ts[h+1].lower == "and" {
				return h, true
			}
			return 0, false
		}
		if functionWords[w] || ts[h].quoted {
			break
		}
	}
	return 0, false
}

// stepSentence: the sentence of word i asks a step of the agent — it
// opens with a verb in its base form, a modal or "you" allows the deed
// (allowedSentence), or the deed is the means of a step ("Mark drift by
// passing the logs through a script").
func stepSentence(ts []token, i int) bool {
	if allowedSentence(ts, i) {
		return true
	}
	for k := i - 1; k >= 1 && !ts[k+1].sentence; k-- {
		if ts[k-1].lower == "by" && strings.HasSuffix(ts[k].lower, "ing") {
			return true
		}
	}
	return false
}
