package fidelity

import "strings"

// reportedClause: the word at i opens a clause reported by a verb of
// saying ("The supervisor says your checker must clear it").
func reportedClause(ts []token, i int) bool {
	return i > 0 && !ts[i].sentence && sayingVerbs[ts[i-1].lower]
}

// sayingVerbs report what someone says, in the third person.
var sayingVerbs = set("says", "said", "notes", "noted", "insists", "insisted", "states", "stated", "writes", "wrote", "adds", "added")

// jobNouns name work handed to something ("a job for your OCR").
var jobNouns = set("job", "task", "work", "chore")

// jobOf: the words from k make the noun before them the owner of a job
// ("your sentiment gauge's job", "your OCR's task").
func jobOf(ts []token, k int) bool {
	return k+1 < len(ts) && ts[k].lower == "s" && !ts[k+1].sentence && jobNouns[ts[k+1].lower]
}

// doneBy: the word at k makes the noun before it the doer ("your
// clustering tool does well", "your translator handles").
func doneBy(ts []token, k int) bool {
	return k < len(ts) && !ts[k].sentence && doerVerbs[ts[k].lower]
}

// doerVerbs follow a doer: a modal or a verb of doing in the third person.
var doerVerbs = set("does", "handles", "can", "could", "will", "would", "should", "excels", "takes", "produces", "makes")

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// youHave: "you have a browser", "you have your memory".
func youHave(ts []token, i int) bool {
	return ts[i-1].lower == "have" && youAt(ts, i-2) && !ts[i-1].sentence
}

// personTo: "tell the user to migrate", "ask the customer to sign": the
// action after "to" is the person's, not the agent's.
func personTo(ts []token, i, end int) bool {
	if !askVerbs[ts[i].lower] {
		return false
	}
	for k := i + 1; k < end && k <= i+3; k++ {
		if (personObjects[ts[k].lower] && !pronouns[ts[k].lower] || ts[k].lower == "user" || ts[k].lower == "users") && ts[k+1].lower == "to" {
			return true
		}
	}
	return false
}

// askVerbs hand an action to a person ("tell the user to …").
var askVerbs = set("tell", "ask", "remind", "instruct", "advise", "invite", "encourage", "let", "allow", "want",
	"need", "get", "have", "help", "direct", "urge", "prompt", "request", "recommend", "suggest")

// scriptFile: a file name of a script or program ("install.sh").
func scriptFile(w string) bool {
	for _, ext := range []string{".sh", ".py", ".ps1", ".bat", ".js", ".rb", ".pl", ".cmd", ".exe"} {
		if strings.HasSuffix(w, ext) && len(w) > len(ext) {
			return true
		}
	}
	return false
}

// mentionVerbs only speak of something: where they point is no place
// the agent acts.
var mentionVerbs = set("see", "note", "consider", "ignore", "mention", "describe", "say", "avoid", "assume", "know",
	"expect", "treat", "include", "exclude", "provide", "specify", "pass", "set", "return", "be", "do", "make",
	"ensure", "choose", "select", "pick", "omit", "leave", "supply", "give", "enter", "input", "type", "format",
	"limit", "filter", "sort", "refer", "wait", "try", "let", "call", "invoke", "prefer", "keep", "remember")

// lightVerbs name a deed by their object ("give them a ring", "drop
// them a line", "shoot them an email").
var lightVerbs = set("give", "drop", "shoot", "send", "fire")

// runVerbs run what they are given.
var runVerbs = set("run", "execute", "exec", "eval", "evaluate", "compile", "launch", "test")

// codeBefore: the sentences just before word i speak of code ("Returns a
// Python snippet …", "Returns the SQL of a report"), which a "run it"
// after them means.
func codeBefore(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-40; k-- {
		if codeObjects[ts[k].lower] {
			return true
		}
	}
	return false
}

// codeObjects are what a "run it" after them runs.
var codeObjects = set("script", "scripts", "snippet", "snippets", "program", "programs", "macro", "macros", "code",
	"shader", "sql", "query", "function", "command", "commands", "notebook", "playbook", "makefile")

// quotedSpans are the stretches of text between double quotes (straight
// or curly): quoted words are data, examples or someone else's words, not
// instructions to the agent.
func quotedSpans(text string) [][2]int {
	var out [][2]int
	open := -1
	for i, r := range text {
		switch r {
		case '"':
			if open < 0 {
				open = i
			} else {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\u201c':
			open = i
		case '\u201d':
			if open >= 0 {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\'':
			// 'first, preheat the oven': a single quote after a space
			// opens, one before a non-letter closes (not "user's")
			if open < 0 && (i == 0 || strings.IndexByte(" (:[", text[i-1]) >= 0) {
				open = i
			} else if open >= 0 && text[open] == '\'' && (i+1 == len(text) || !isWordByte(text[i+1])) {
				out = append(out, [2]int{open, i})
				open = -1
			}
		case '\n':
			open = -1
		}
	}
	return out
}

// inSpans reports whether offset at lies inside one of the spans.
func inSpans(spans [][2]int, at int) bool {
	for _, sp := range spans {
		if at > sp[0] && at < sp[1] {
			return true
		}
	}
	return false
}

// numeral: a word of digits ("2") or one letter ("b"), as list items are
// numbered.
func numeral(w string) bool {
	if len(w) == 1 && w[0] >= 'a' && w[0] <= 'z' {
		return true
	}
	for _, r := range w {
		if r < '0' || r > '9' {
			return false
		}
	}
	return w != ""
}

// yourProgramAt: words k.. are "<modifier> <dual role>" after "your" in a
// program's slot ("Autofill the fields from your password manager", "Crop
// it in your image editor"), the clause's deed not one done with people ("Discuss
// it with your account manager" is a person). It returns the head.
func yourProgramAt(ts []token, k int) (int, bool) {
	if k < 2 || ts[k-1].lower != "your" || !programSlots[ts[k-2].lower] || ts[k-1].sentence || ts[k-2].sentence {
		return 0, false
	}
	for j := k - 2; j >= 0 && j >= k-10; j-- {
		if peopleDeeds[ts[j].lower] || peopleDeeds[verbBase(ts[j].lower)] {
			return 0, false // "check it with your shift planner"
		}
		if ts[j].sentence || ts[j].clause {
			break
		}
	}
	for h := k + 1; h < len(ts) && h <= k+2; h++ {
		if ts[h].sentence || ts[h].clause || !nounish(ts[h-1].lower) || determiners[ts[h-1].lower] || personRoles[ts[h-1].lower] {
			return 0, false
		}
		if dualRoles[ts[h].lower] && !heldAccount(ts, h) {
			return h, true
		}
	}
	return 0, false
}

// nounListItem: word i opens an item of a comma list of things ("supplier
// credits, bill payments, and attachments"): the item before it, itself
// after a comma, is one to three words opened by no verb, and no object
// opener follows word i ("bill the customer" is a step); or the item
// after it closes the list (closesList).
func nounListItem(ts []token, i int) bool {
	if i < 2 || !ts[i].clause || i+1 >= len(ts) || ts[i+1].sentence || ts[i+1].clause {
		return false
	}
	if n := ts[i+1].lower; objectOpeners[n] || personObjects[n] || pronouns[n] {
		return false
	}
	if closesList(ts, i) {
		return true // "manuals, source files, or settings files"
	}
	p := i - 1
	for p > 0 && p >= i-3 && !ts[p].clause && !ts[p].sentence {
		p--
	}
	if !ts[p].clause || ts[p].sentence || p < i-3 {
		return false
	}
	w := ts[p].lower
	if w == "and" || w == "or" {
		return false
	}
	return !baseVerb(w) && !stateVerbs[w] && !actVerbs[w]
}
