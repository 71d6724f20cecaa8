package fidelity

// Code named by its language's proper name: a step that runs or
// evaluates "a T-SQL batch", "an R Markdown chunk" or "a Quarto
// document", or is done with "a LogQL query", "a KQL query" or "a
// PL/pgSQL function", asks for code in that language, though neither the
// language nor the piece is in the exec vocabulary. The piece is a formal
// one (namedCodeHeads; after a verb of running also a document, a
// template, a model, a prototype — namedRunHeads), it ends its phrase,
// and a word before it is a name written with a capital (capitalName) or
// a language the checker knows (codeNameOf): "with a SQL window query",
// not "with a query" nor "with a Word document". The step is the
// agent's (stepSentence: an imperative, a modal or "you", or the means
// of a step). The name rides on the mention (codeName): a roster tool
// that names the language itself ("promql_query: Evaluate a PromQL
// expression") evaluates it (Scope.speaksLanguage).

// namedCodeHeads are pieces written in a formal language.
var namedCodeHeads = set("query", "queries", "function", "functions", "procedure", "procedures", "chunk", "chunks",
	"batch", "expression", "expressions", "formula", "formulas", "script", "scripts", "program", "programs", "macro",
	"macros", "snippet", "snippets", "routine", "routines", "notebook", "measure", "measures", "patch", "traversal")

// namedRunHeads are pieces a verb of running or evaluating makes code
// where a language names them ("running a QML prototype").
var namedRunHeads = set("document", "prototype", "template", "model", "models", "file", "sketch", "page", "workbook")

// namedRunVerbs run or evaluate a piece of code.
var namedRunVerbs = set("run", "running", "execute", "executing", "evaluate", "evaluating", "compile", "compiling",
	"render", "rendering", "solve", "solving")

// namedCodeAfter finds, after the verb or preposition at i, a piece of
// code a capitalized or known language name qualifies: a determiner, at
// most three modifiers with the name among them, and the piece ending the
// phrase. It returns the piece's index and the name.
func namedCodeAfter(ts []token, i int, run bool) (int, string, bool) {
	k := i + 1
	if k >= len(ts) || ts[k].sentence || !(ts[k].lower == "a" || ts[k].lower == "an" || ts[k].lower == "some" || ts[k].lower == "your") {
		return 0, "", false
	}
	name := ""
	for h := k + 1; h < len(ts) && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
		w := ts[h].lower
		if name != "" && (namedCodeHeads[w] || run && namedRunHeads[w]) && (phraseEnds(ts, h+1) || ts[h+1].lower == "first") {
			return h, name, true
		}
		if functionWords[w] || ts[h].quoted {
			break
		}
		if n, known, _ := codeNameOf(ts[h]); known || capitalName(ts, h) {
			if !known {
				n = w
			}
			if name == "" {
				name = n
			}
		}
	}
	return 0, "", false
}

// namedCodeMentions finds code named by its language's proper name (see
// above) in a sentence after the first that is not about the tool.
func namedCodeMentions(ts []token) []mention {
	var out []mention
	for i := 1; i+2 < len(ts); i++ {
		w := ts[i].lower
		run := namedRunVerbs[w]
		if !run && !programPrepositions[w] || ts[i].markup || ts[i].quoted || !ts[i].later || inFirstSentence(ts, i) || toolSentence(ts, i) {
			continue
		}
		h, name, ok := namedCodeAfter(ts, i, run)
		if !ok || !stepSentence(ts, i) && !(run && verbSlot(ts, i)) || negated(ts, i) || pastDeed(ts, i) || describedDeed(ts, i) || thirdPersonDeed(ts, i) {
			continue // "the analysts ran a KQL query over it": what someone did
		}
		out = append(out, mention{kind: KindExec, signal: joinLower(ts, i, h), start: ts[i].start, end: ts[h].end, codeName: name})
	}
	return out
}

// speaksLanguage: a roster tool names the language in its name, title or
// headline ("promql_query: Evaluate a PromQL expression"): it evaluates
// that language itself.
func (s *Scope) speaksLanguage(name string) bool {
	return name != "" && (s.words[name] || s.classes["word:"+name] || s.classes["says:"+name])
}
