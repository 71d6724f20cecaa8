package fidelity

import "strings"

// A command line stands where a verb does: after a word of sequence
// ("Then `http DELETE …/42` to remove the stale post"), opening a
// sentence before the condition or time it is for ("`zfs destroy
// tank@old` when past 60 days", "`salt '*' cmd.run 'shutdown -r'`
// after patching", "`fly machine stop $M` for every stuck one"), or
// after "to" or a modal before its object ("Remember to `aws ec2
// delete-snapshot …` each"). After a verb of running addressed to the
// reader, a line of lower-case words is a command though no word of it is
// a known program's ("by running `fly apps restart cabin-site`").

// commandTimes open the condition or time a command opening a sentence
// is for.
var commandTimes = set("if", "when", "whenever", "once", "unless", "after", "before", "until", "every", "each", "daily",
	"nightly", "weekly", "hourly")

// verbSpan: the span at i, ending at offset after, stands where a verb
// of the reader's does (see above); opens says it opens its sentence.
func verbSpan(ts []token, i, after int, opens bool) bool {
	n := nextAfter(ts, after)
	if opens {
		return n >= 0 && !ts[n].sentence && (commandTimes[ts[n].lower] || ts[n].lower == "for" && n+1 < len(ts) && (ts[n+1].lower == "each" || ts[n+1].lower == "every" || ts[n+1].lower == "all"))
	}
	if i == 0 || ts[i].sentence {
		return false
	}
	p := ts[i-1].lower
	if (p == "then" || p == "next" || p == "finally") && (ts[i-1].sentence || ts[i-1].clause) {
		return true // "Then `…`"
	}
	return (p == "to" || p == "d" || modals[p]) && n >= 0 && !ts[n].sentence && commandObjects[ts[n].lower]
}

// nextAfter is the index of the first word at or after offset at, or -1.
func nextAfter(ts []token, at int) int {
	for k := range ts {
		if ts[k].start >= at {
			return k
		}
	}
	return -1
}

// lowerLine: a span of two words or more, the first a program's token,
// written in lower case throughout ("fly apps restart glamp-portal").
func lowerLine(span string) bool {
	ws := strings.Fields(span)
	return len(ws) >= 2 && programToken(ws[0]) && strings.ToLower(span) == span && !strings.ContainsAny(span, ",;")
}

// shellOperators join or redirect commands: only a command line holds
// them ("vagrant up && vagrant ssh").
var shellOperators = set("&&", "||", "|", ">", ">>", "<", "2>&1", "2>")
