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
