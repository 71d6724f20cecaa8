package fidelity

import "strings"

// A parameter's description in a tool's own entry ("- `useTemplate`
// (boolean): Use helm template + kubectl apply instead of helm install")
// says what the tool does with the value, or where the value is read
// from ("extract it from the git remote URL using 'git remote -v'"): a
// program it names there is the tool's own mechanism or the value's
// source, not code the agent is taught to run. A relative clause with
// "you want to" ("the position where you want to add a review comment")
// says which value, not what to do.

// paramLine reports whether offset at stands in a parameter's line of a
// catalog entry: "- `name` (type…): description".
func paramLine(text string, at int) bool {
	line := strings.LastIndexByte(text[:at], '\n') + 1
	l := strings.TrimLeft(text[line:at], " \t")
	if !strings.HasPrefix(l, "- `") {
		return false
	}
	rest := l[3:]
	n := strings.IndexByte(rest, '`')
	return n > 0 && strings.HasPrefix(rest[n+1:], " (") && strings.Contains(rest[n+1:], "):")
}

// flagLine reports whether the offset at lies in a boolean parameter's
// line of a rendered entry ("- `ocr` (boolean, default false): Recognize
// text in scanned pages"): a flag's description says what the tool does
// when it is set — "Recognize text", "Email the customer" — the tool's
// deed, not the agent's.
func flagLine(text string, at int) bool {
	if !paramLine(text, at) {
		return false
	}
	line := strings.LastIndexByte(text[:at], '\n') + 1
	l := strings.TrimLeft(text[line:at], " \t")
	n := strings.IndexByte(l[3:], '`')
	return strings.HasPrefix(l[3+n+1:], " (boolean")
}

// programSignal reports whether an exec mention's phrase names a
// command-line program ("kubectl", "using git").
func programSignal(signal string) bool {
	w := lastWord(signal)
	return cliTools[w] || cliPrograms[w]
}

// relativeWords open a relative clause ("where you want to …").
var relativeWords = set("where", "which", "that", "whom", "whose", "what", "whatever", "wherever", "whichever")

// relativeBefore: the word before "you" at k opens a relative clause.
func relativeBefore(ts []token, k int) bool {
	return k > 0 && !ts[k].sentence && relativeWords[ts[k-1].lower]
}

// codeHead: the code word at h heads its phrase ("in a sandbox", "with a
// short script"), or a word of a code session follows ("in a shell
// session"); not a modifier of another noun ("the shell size limits").
func codeHead(ts []token, h int) bool {
	return phraseEnds(ts, h+1) || codeSessions[ts[h+1].lower]
}

// codeSessions follow a code word in a phrase it still heads in sense.
var codeSessions = set("session", "sessions", "environment", "window", "prompt", "instance", "container")

// pastDeed: the words before a exec phrase at a say someone did it
// ("the engineers ran Python scripts", "we wrote a script"): a past
// deed described, not one asked.
func pastDeed(ts []token, a int) bool {
	for j := a - 1; j >= 1 && j >= a-3 && !ts[j+1].sentence; j-- {
		if pastVerbs[ts[j].lower] {
			s := ts[j-1].lower
			return personObjects[s] || personObjects[singular(s)] || pastSubjects[s]
		}
	}
	return false
}

// pastVerbs are past tenses of writing and running.
var pastVerbs = set("ran", "wrote", "executed", "used", "built", "developed", "maintained", "had", "kept", "deployed")

// pastSubjects are pronouns of people who did something.
var pastSubjects = set("we", "they", "he", "she", "someone", "somebody", "i")

// provenance: the name at i, in a parameter's description, says where a
// default value comes from — after a participle and "via", "from", "by"
// or "with", in a sentence about the default ("Defaults to the working
// directory set via git_set_working_dir") — not a call the agent is
// asked to make; a modal before the participle ("can be obtained from
// x") still asks, and so does the source of a value the agent supplies
// ("Exact library ID retrieved from 'resolve-library-id'").
func provenance(text string, ts []token, i int) bool {
	if i < 2 || ts[i].sentence || ts[i-1].sentence || !provenanceWords[ts[i-1].lower] || !paramLine(text, ts[i].start) {
		return false
	}
	p := ts[i-2].lower
	if !strings.HasSuffix(p, "ed") && irregular[p] == "" && p != "set" {
		return false
	}
	for k := i - 3; k >= 0 && k >= i-5 && !ts[k+1].sentence; k-- {
		if modals[ts[k].lower] || obligingModals[ts[k].lower] {
			return false
		}
	}
	// only a default's source asks nothing of the agent: a value it must
	// supply, "retrieved from list_boards", sends it to that tool
	for k := i - 1; k >= 0 && k >= i-24; k-- {
		if strings.HasPrefix(ts[k].lower, "default") {
			return true
		}
		if ts[k].sentence {
			break
		}
	}
	return false
}

// provenanceWords follow a participle to name where a value came from.
var provenanceWords = set("via", "from", "by", "with", "using", "through")

// describedDeed: the clause before word a has someone else as its
// subject, doing the deed as a habit ("Statisticians usually model it in
// a notebook": a person, a verb in the present) or having done it ("The
// technician recalculated them with a short script": any subject, a verb
// in the past): a deed described, not one asked. "You", the agent, a
// passive ("should be recomputed") and an imperative are none.
func describedDeed(ts []token, a int) bool {
	for j := a - 1; j >= 1 && j >= a-8 && !ts[j+1].sentence && !ts[j+1].clause; j-- {
		w := ts[j].lower
		past := strings.HasSuffix(w, "ed") || pastTenses[w]
		if !past && !baseVerb(w) && !(isVerb(w) && !strings.HasSuffix(w, "ing")) && !(strings.HasSuffix(w, "s") && baseVerb(strings.TrimSuffix(w, "s"))) {
			continue
		}
		s := j - 1
		if s >= 1 && !ts[s+1].sentence && !ts[s].sentence && (mannerAdverb(ts[s].lower) || habitAdverbs[ts[s].lower]) {
			s-- // "usually model", "last ran"
		}
		if ts[s+1].sentence && s+1 != j {
			return false
		}
		subj := ts[s].lower
		if youAt(ts, s) || agentWords[subj] || auxiliaries[subj] || modals[subj] || finiteVerbs[subj] {
			return false // the agent's deed, or a passive ("should be recomputed")
		}
		if functionWords[subj] && !pastSubjects[subj] || determiners[subj] {
			continue // "the files": not a verb
		}
		if past && (pastSubjects[subj] || personNoun(subj) || s >= 1 && !ts[s].sentence && (determiners[ts[s-1].lower] || possessives[ts[s-1].lower]) && isNoun(subj) && !imperativeOpens(ts, s-1)) {
			// a subject: a noun after a determiner or a possessive, a
			// person, or a pronoun of people ("The technician
			// recalculated", "Its curator indexed", "we ran")
			return true
		}
		if !past && personNoun(subj) && !ts[s].clause && (s == 0 || ts[s].sentence || determiners[ts[s-1].lower] || possessives[ts[s-1].lower]) {
			return true
		}
	}
	return false
}

// imperativeOpens: the sentence holding word k opens, before k, with a
// verb in its base form ("Work out the hours logged with a short Python
// snippet"): a thing and a participle after it there are the object of
// that step ("the litres used"), not a subject that did the deed.
func imperativeOpens(ts []token, k int) bool {
	s := sentenceOf(ts, ts[k].start)
	return s < k && baseVerb(ts[s].lower) && !ts[s].quoted
}

// pastTenses are irregular past tenses of deeds.
var pastTenses = set("ran", "wrote", "did", "made", "built", "kept", "took", "put", "set", "rewrote", "reran", "redid")

// habitAdverbs stand between a subject and its verb ("usually model",
// "last ran").
var habitAdverbs = set("usually", "often", "typically", "normally", "generally", "sometimes", "always", "last", "once",
	"already", "first", "then", "also")

// possessives own the noun after them ("its curator").
var possessives = set("its", "their", "his", "her", "our", "my")

// personNoun: a word for people ("technician", "statisticians",
// "accountants"): a person of the word lists or a noun of people's
// suffixes (-ist, -ian, -ant, -ent, -cian).
func personNoun(w string) bool {
	s := singular(w)
	if personObjects[w] || personObjects[s] || personRoles[s] && !instrumentNouns[s] || pastSubjects[w] {
		return true
	}
	for _, suf := range []string{"ist", "yst", "ian", "ant", "ent", "eer"} {
		if strings.HasSuffix(s, suf) && len(s) > len(suf)+2 && isNoun(s) {
			return true
		}
	}
	return false
}

// instrumentNouns are the things among personRoles ("folder", "server").
var instrumentNouns = set("server", "computer", "folder", "order", "number", "letter", "header", "footer", "border",
	"filter", "parameter", "error", "counter", "container", "cluster", "layer", "marker", "master", "character",
	"register", "calendar", "sensor", "identifier", "cursor", "vector", "sector", "factor", "color", "colour",
	"behavior", "behaviour", "monitor", "other", "either", "neither", "after", "under", "over", "never", "ever",
	"however", "water", "paper", "matter")

// thirdPersonDeed: the word at a is a running or writing verb in the
// third person present ("runs", "executes", "writes") after its subject
// within the sentence — what that subject does ("Verify runs `git tag
// -v`", "The check runs kubectl rollout status"), not a deed asked of the
// reader, whom no such form addresses; unless its subject is the agent
// ("the assistant runs …" asks).
func thirdPersonDeed(ts []token, a int) bool {
	w := ts[a].lower
	if a == 0 || ts[a].sentence || !execVerbs[w] || !strings.HasSuffix(w, "s") || !execVerbs[strings.TrimSuffix(w, "s")] && !execVerbs[strings.TrimSuffix(w, "es")] {
		return false
	}
	subj := ts[a-1].lower
	return !agentWords[subj] && !agentHeads[subj] && !modals[subj] && !auxiliaries[subj] && !functionWords[subj]
}
