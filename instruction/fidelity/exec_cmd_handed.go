package fidelity

import "strings"

// handedCommand: a shell command in backticks, in a sentence after the
// text's first, is handed to the reader to run whatever words bring it —
// "The magic words are `…`", "What you want is `…`", "Give `…` a spin",
// "A pinch of `…` keeps it tidy", "Your shell knows the drill: `…`"
// — since a description's later sentences speak to the one who reads it.
// It is none where its sentence says whose deed it is or that it is no
// deed (othersCommand) or speaks of the tool itself ("It …", "This tool
// …", "We …"), where its clause has a verb in the third person
// whose subject is not the reader's ("CI runs `make linkcheck`",
// "Internally calls `git fetch`"), or where it is set beside the tool as
// a comparison, an example or a format ("Equivalent to `git log`", "e.g.
// `ls -la`", "`df -h` output").
func handedCommand(ts []token, i, after int) bool {
	if !ts[i].later || othersCommand(ts, i) || toolSentence(ts, i) && !noHarmBefore(ts, i) {
		return false // "It runs `git fetch --all` first": the tool's own deed
	}
	if i > 0 && !ts[i].sentence && commandHolders[ts[i-1].lower] {
		return false // "The field `sudo reboot` lists …": a value held
	}
	s := i
	for s > 0 && !ts[s].sentence && !ts[s].clause && i-s < reach {
		s--
	}
	for k := s; k < i; k++ {
		if k > s && thirdPersonVerb(ts, k) && !readerSubject(ts, s, k) {
			return false // "CI runs `make linkcheck` separately"
		}
	}
	for k := i + 1; k < len(ts) && k <= i+reach; k++ {
		if ts[k].start < after {
			continue
		}
		w := ts[k].lower
		return ts[k].sentence || !commandAsThing[w] && !pastAux[w] && !pastVerbs[w] // "`terraform apply` ran at 02:00"
	}
	return true
}

// othersCommand: the sentence of the command at i says the command is
// someone else's deed or no deed — a doer after "by" ("signed by the
// build lead with `gpg …`"), a negation ("Nobody needs to run
// `rsync`"), a past ("was generated with `…`"), or a comparison, an
// example or a label naming what it is not ("the same as `…`", "such as
// `…`", "Usage: `…`").
func othersCommand(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		w := ts[k].lower
		if (negators[w] || w == "t") && !(k+1 < i && (ts[k+1].lower == "hurt" || ts[k+1].lower == "hurts")) || w == "without" || commandAsThing[w] || comparedCommand[w] || pastAux[w] || pastVerbs[w] {
			return true
		}
		if w == "by" && byDoer(ts, k, i) {
			return true
		}
		if ts[k].sentence {
			break
		}
	}
	return false
}

// byDoer: the phrase after "by" at k names a person or a body as the doer
// ("by the release manager", "by CI").
func byDoer(ts []token, k, limit int) bool {
	if k+1 < limit && strings.HasSuffix(ts[k+1].lower, "ing") {
		return false // "by running `…`": a means
	}
	if readerAfterBy(ts, k, limit) {
		return false // "shut down by the assistant with `…`": the reader's deed
	}
	if byPerson(ts, k) {
		return true
	}
	for h := k + 1; h < limit && h <= k+4 && !ts[h].sentence && !ts[h].clause; h++ {
		if personNoun(ts[h].lower) || ts[h].lower == "ci" || pastSubjects[ts[h].lower] {
			return true
		}
	}
	return false
}

// readerAfterBy: the phrase after "by" at k is the reader — "you", or
// the agent named alone ("by the assistant", "by the AI"), not a person
// whose trade shares the word ("by the dental assistant").
func readerAfterBy(ts []token, k, limit int) bool {
	h := k + 1
	if h < limit && ts[h].lower == "you" {
		return true
	}
	if h < limit && (ts[h].lower == "the" || ts[h].lower == "our" || ts[h].lower == "this") {
		h++
	}
	return h < limit && agentWords[ts[h].lower] && !ts[h].sentence && (h+1 >= len(ts) || ts[h+1].sentence || ts[h+1].clause || !isNoun(ts[h+1].lower))
}

// thirdPersonVerb: the word at k is a verb in the third person present
// ("runs", "calls", "requires"), not a plural noun — no determiner or
// possessive before it and no finite verb after it ("the magic words
// are").
func thirdPersonVerb(ts []token, k int) bool {
	w := ts[k].lower
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") {
		return false
	}
	stem := strings.TrimSuffix(w, "s")
	if !baseVerb(stem) && !(strings.HasSuffix(stem, "e") && baseVerb(strings.TrimSuffix(stem, "e"))) {
		return false
	}
	prev := ts[k-1].lower
	if determiners[prev] || possessives[prev] || prev == "your" || numeral(prev) {
		return false
	}
	return k+1 >= len(ts) || ts[k+1].sentence || !finiteVerbs[ts[k+1].lower]
}

// readerSubject: the subject before the verb at k is the reader or one
// of the reader's own ("Your terminal knows", "you").
func readerSubject(ts []token, s, k int) bool {
	for h := k - 1; h >= s && h >= k-3; h-- {
		w := ts[h].lower
		if w == "your" || w == "you" || agentWords[w] {
			return true
		}
	}
	return false
}

// commandAsThing name a command as a thing beside it, not a deed: its
// output, its format, its flags, its like ("`df -h` output", "the
// `git log` format").
var commandAsThing = set("output", "outputs", "format", "formats", "syntax", "style", "flags", "options", "equivalent",
	"semantics", "behaviour", "behavior", "wrapper", "alias", "usage", "example", "examples", "e.g", "eg", "i.e", "ie")

// comparedCommand set a command beside the tool as a comparison or a
// source, not a step.
var comparedCommand = set("like", "same", "similar", "mirrors", "mirror", "such", "akin", "analogous", "counterpart",
	"instead", "rather", "unlike", "versus", "vs", "replaces", "replaced", "replacing", "wraps", "wrapping", "than",
	"internally", "underlying", "as", "install", "installed", "installing", "setup", "installation")

// pastAux tell what was done ("was generated with `…`").
var pastAux = set("was", "were", "been", "had")

// doerBefore: a doer after "by" stands before the command at i in its
// sentence ("signed by the build lead with `gpg --detach-sign`"),
// or a past or a subject that is no one in its clause ("was packed with
// `tar …`", "Nobody needs to run `rsync`"): the command is that doer's,
// done, or no one's.
func doerBefore(ts []token, i int) bool {
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		if ts[k].lower == "by" && byDoer(ts, k, i) {
			return true
		}
		if ts[k].sentence {
			break
		}
	}
	for k := i - 1; k >= 0 && k >= i-reach; k-- {
		if pastAux[ts[k].lower] || pastVerbs[ts[k].lower] || noneSubjects[ts[k].lower] {
			return true // "It was packed with `tar -czf out.tgz`"
		}
		if ts[k].sentence || ts[k].clause {
			break
		}
	}
	return false
}

// programWithFile: a program's name no English word makes (lower case
// letters and digits) is followed by arguments one of which names a file
// ("adb sideload update.zip", "esptool write_flash fw.bin").
func programWithFile(first string, args []string) bool {
	if len(first) < 2 || englishWord(first, true) {
		return false
	}
	for k := 0; k < len(first); k++ {
		if b := first[k]; !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9') {
			return false
		}
	}
	for _, a := range args {
		at := strings.LastIndexByte(a, '.')
		if at > 0 && at >= len(a)-5 && at < len(a)-1 && !strings.ContainsAny(a[at+1:], "0123456789/()") && !strings.HasPrefix(a, "-") {
			return true
		}
	}
	return false
}

// noneSubjects are subjects that deny a deed to everyone.
var noneSubjects = set("nobody", "noone", "none", "neither")

// commandHolders name what holds a command as its value ("the field
// `…`", "the column `…`").
var commandHolders = set("field", "column", "value", "string", "entry", "key", "header", "label", "attribute", "property",
	"setting", "variable", "record", "log", "history")

// expressionSpan: a span with a comparison written as a word of its own
// ("created >= -7d", "status = done") is a query's expression, not a
// command.
func expressionSpan(span string) bool {
	for _, w := range strings.Fields(span) {
		switch w {
		case "=", "==", "!=", ">=", "<=", "<>", "~", "!~":
			return true
		}
	}
	return false
}
