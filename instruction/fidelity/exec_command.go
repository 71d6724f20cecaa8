package fidelity

import "strings"

// commandShaped says whether the text of a backticked span is a shell
// command, not a tool's name or a value: two words or more with a known
// program first ("docker compose up") or a flag ("netstat -ano"); or a
// command by its shape alone — run with elevated rights ("sudo reboot"), a
// program given by its path ("./retune.sh", "./gradlew signingReport"), a
// script file handed to a program ("opensees model.tcl"), or a program
// named as a command-line client ("redis-cli FLUSHDB"), or a program no
// English word names followed by a deed as its subcommand ("terraform
// apply plan.out", "heroku run rails console").
func commandShaped(span string) bool {
	if strings.ContainsAny(span, "\n") {
		return false
	}
	ws := strings.Fields(span)
	if len(ws) == 0 {
		return false
	}
	first := strings.ToLower(ws[0])
	if first == "sudo" && len(ws) > 1 || strings.HasPrefix(first, "./") && len(first) > 2 || strings.HasPrefix(first, "~/") && commandFile(first) {
		return true
	}
	if len(ws) < 2 {
		return false
	}
	if cliPrograms[first] || cliTools[first] || strings.HasSuffix(first, "-cli") || commandFile(ws[1]) && !strings.ContainsAny(first, "./_") {
		return true
	}
	if programThenDeed(first, ws[1]) || commandFile(first) && !strings.ContainsAny(first, "/_") || programWithFile(first, ws[1:]) {
		return true
	}
	for _, w := range ws[1:] {
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			return true
		}
	}
	return false
}

// scriptExtensions end the names of script and program files.
var scriptExtensions = set("sh", "bash", "py", "js", "mjs", "ts", "rb", "pl", "php", "tcl", "lua", "ps1", "bat", "cmd", "r", "jl", "exe")

// commandFile: a word names a script or program file ("check.js").
func commandFile(w string) bool {
	at := strings.LastIndexByte(w, '.')
	return at > 0 && scriptExtensions[strings.ToLower(w[at+1:])]
}

// placeAfter: the word after offset at says where a command opening the
// sentence is run ("`make docs` from the top folder").
func placeAfter(ts []token, at int) bool {
	for k := range ts {
		if ts[k].start > at {
			return !ts[k].sentence && commandPlaces[ts[k].lower]
		}
	}
	return false
}

// commandPlaces open where a command is run.
var commandPlaces = set("from", "inside", "within", "on", "in", "at")

// pathStart is where a word written as a relative path begins ("./" or
// "~/" before "retune.sh"), or the word's own start.
func pathStart(text string, at int) int {
	for _, p := range []string{"./", "~/"} {
		if at >= len(p) && text[at-len(p):at] == p {
			return at - len(p)
		}
	}
	return at
}

// sentenceEndBefore: the text before offset at, past spaces, ends a
// sentence or a line (or is the text's start).
func sentenceEndBefore(text string, at int) bool {
	k := at - 1
	for k >= 0 && (text[k] == ' ' || text[k] == '\t') {
		k--
	}
	return k < 0 || strings.IndexByte(".!?:;\n", text[k]) >= 0
}

// programThenDeed: a command's first word names a program, not an English
// word (letters, digits and inner hyphens: "terraform", "heroku"), and
// its second is a deed in its base form ("apply", "run", "migrate"), as
// a subcommand is written.
func programThenDeed(first, second string) bool {
	if len(first) < 3 || first[0] < 'a' || first[0] > 'z' || second != strings.ToLower(second) {
		return false
	}
	for k := 0; k < len(first); k++ {
		b := first[k]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' && k > 0 && k < len(first)-1) {
			return false
		}
	}
	for _, part := range strings.Split(first, "-") {
		if englishWord(part, true) {
			return false
		}
	}
	return baseVerb(second)
}

// stepColonBefore: the backtick at offset open follows the colon of a
// step — a clause of two words or more opening with a verb in its base
// form, at the sentence's start or after a comma or "so", "then", "now"
// ("Burn the new firmware: `…`", "It is signed off, so apply it: `…`").
func stepColonBefore(text string, ts []token, i, open int) bool {
	before := strings.TrimRight(text[:open], " \t")
	if !strings.HasSuffix(before, ":") || i == 0 {
		return false
	}
	last := i - 1
	for last > 0 && ts[last].start >= len(before) {
		last--
	}
	for k := last; k >= 0; k-- {
		opens := ts[k].sentence || ts[k].clause || k > 0 && clauseStepOpeners[ts[k-1].lower]
		if opens && k < last && baseVerb(ts[k].lower) {
			return true
		}
		if ts[k].sentence {
			return false
		}
	}
	return false
}

// clauseStepOpeners lead into the step of a clause ("so apply it").
var clauseStepOpeners = set("so", "then", "now")

// runnerBefore: the command at word i is what a verb of running, in the
// same clause, acts on — "Kick off `helm rollback api 2`", "Hit Enter on
// `dbt seed`", "by executing `plotter send logo.svg`", "fire off `…`"
// (a particle may stand between).
func runnerBefore(ts []token, i int) bool {
	k := i - 1
	if k >= 1 && runnerParticles[ts[k].lower] && !ts[k+1].sentence && !ts[k].sentence {
		k--
	}
	if k < 0 || ts[k+1].sentence || ts[k+1].clause && k+1 != i {
		return false
	}
	w := ts[k].lower
	return commandRunners[w] || runnerVerbs[w] && (k+1 != i || !ts[i].sentence)
}

// runnerAddressed: the verb of running before the span at i is the
// reader's — opening a sentence or a clause, or after a step word, "to",
// "you", a modal, "by", or "and" after a deed ("Run `…`", "then run `…`",
// "you should run `…`", "add it and run `…`") — not someone else's ("Users typically run `…`").
func runnerAddressed(ts []token, i int) bool {
	k := i - 1
	if k >= 1 && runnerParticles[ts[k].lower] && !ts[k].sentence {
		k--
	}
	if k <= 0 || ts[k].sentence || ts[k].clause {
		return true
	}
	p := ts[k-1].lower
	return sequencers[p] || stepOpeners[p] || p == "to" || p == "you" || p == "by" || p == "and" || p == "or" || modals[p]
}

// runnerParticles stand between a verb of running and its command
// ("kick off", "hit Enter on").
var runnerParticles = set("off", "on", "in", "up")

// runnerVerbs run a command in other words than "run": "kick off", "fire
// off", "launch", "trigger", "hit Enter on", "paste".
var runnerVerbs = set("kick", "fire", "launch", "trigger", "invoke", "enter", "paste", "issue", "executing", "running",
	"launching", "triggering", "invoking")

// looseCommand: a span whose first word is a program's name (lower case
// letters, digits, hyphens) and whose second a deed, a flag or a file
// follows ("cutter send design.svg"), or a program no English word names
// alone or before paths or quoted arguments: a command only where a verb
// of running acts on it.
func looseCommand(span string) bool {
	ws := strings.Fields(span)
	if len(ws) == 0 {
		return false
	}
	for k := 0; k < len(ws[0]); k++ {
		b := ws[0][k]
		if !(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '.') {
			return false
		}
	}
	if len(ws) == 1 || !strings.ContainsAny(ws[0], ".") && strings.ContainsAny(span, "/'\"") {
		// "run `checkdisk2`", "run `imgsync photos/ nas::/archive`": a
		// program no English word names, alone or before its paths or
		// quoted arguments
		return programWord(ws[0])
	}
	if (baseVerb(ws[1]) || subcommands[ws[1]]) && ws[1] == strings.ToLower(ws[1]) {
		return true
	}
	for _, w := range ws[1:] {
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			return true
		}
	}
	return false
}

// programWord: a name of three characters or more, none of whose
// hyphenated parts is an English word ("checkdisk2", "imgsync"; not
// "search", "deep-chat"), as programs are named and tools of the roster
// mostly are not.
func programWord(w string) bool {
	if len(w) < 3 || strings.Contains(w, ".") {
		return false
	}
	for _, part := range strings.Split(w, "-") {
		if part == "" || englishWord(part, true) {
			return false
		}
	}
	return true
}

// colonThenCondition: a command that follows a colon and is followed by
// the condition it is for ("Your shell, your call: `pm2 reload web` if
// it's red") is handed over to be run.
func colonThenCondition(text string, ts []token, open, after int) bool {
	if !strings.HasSuffix(strings.TrimRight(text[:open], " \t"), ":") {
		return false
	}
	for _, t := range ts {
		if t.start >= after {
			return !t.sentence && conditionWords[t.lower] && t.start-after <= 2
		}
	}
	return false
}

// conditionWords open the condition a step is for.
var conditionWords = set("if", "when", "whenever", "once", "unless", "should")

// subcommands are the deeds programs name in one word that is no verb of
// the lexicon ("vagrant up", "helm rollback", "docker compose down").
var subcommands = set("up", "down", "rollback", "reload", "restart", "redeploy", "upgrade", "downgrade", "reindex", "resync",
	"rebuild", "teardown", "destroy", "provision", "init", "exec")
