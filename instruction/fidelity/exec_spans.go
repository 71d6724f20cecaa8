package fidelity

import "strings"

// commandSpans finds a shell command in backticks put to use: right after
// a running verb ("Run `ss -tlnp` on the box") or opening a sentence
// as its verb ("`docker compose up` the named containers"). A command is
// two words or more, with a flag ("-ano") or a known program first
// ("docker"); a tool's name in backticks ("Run `list_issues` first") is
// none.
func commandSpans(text string, ts []token) []mention {
	var out []mention
	for i := range ts {
		from := pathStart(text, ts[i].start) // "`./retune.sh`": the path's "./" is no word
		if byteAt(text, from-1) != '`' {
			continue
		}
		open := from - 1
		n := strings.IndexByte(text[from:], '`')
		if n < 0 {
			continue
		}
		span := text[from : from+n]
		// a command of a program no list names (programLine) is handed
		// over only by words that hand it over — a verb of running, a
		// step's colon, "with" in an instructed step, a sentence it opens
		// with an object or a place — not by "with" alone ("Device owners
		// sign out with `tailscale logout`" is theirs) nor by standing in
		// a later sentence (handedCommand)
		weak := !commandShaped(span)
		if weak && !(strings.ContainsAny(span, " \t") && programLine(span)) {
			if (runnerBefore(ts, i) && (looseCommand(span) || programLine(span) || lowerLine(span)) && runnerAddressed(ts, i) || meansCommand(text, ts, i, span)) && !doerBefore(ts, i) {
				// "by executing `plotter send logo.svg`", "Skip a song with `mpc next`"
				out = append(out, mention{kind: KindExec, signal: span, start: open, end: from + n + 1, shell: true})
			}
			continue
		}
		// a path's "./" may read as a sentence's end: the sentence opens
		// at the command only where the text says so before it
		opens := ts[i].sentence && (from == ts[i].start || i == 0 || sentenceEndBefore(text, open))
		ran := i > 0 && !opens && (commandRunners[ts[i-1].lower] || programPrepositions[ts[i-1].lower] && (!weak || meansCommand(text, ts, i, span))) ||
			stepColonBefore(text, ts, i, open) || runnerBefore(ts, i) || colonThenCondition(text, ts, open, from+n+1) ||
			opens && (objectAfter(ts, from+n+1) || placeAfter(ts, from+n+1)) || !weak && handedCommand(ts, i, from+n+1) && !expressionSpan(span) ||
			ts[i].later && verbSpan(ts, i, from+n+1, opens) && !expressionSpan(span)
		if ran && !doerBefore(ts, i) {
			out = append(out, mention{kind: KindExec, signal: span, start: open, end: from + n + 1, shell: true})
		}
	}
	return out
}

// commandRunners put the command after them to use ("run `…`", "by running
// `…`").
var commandRunners = set("run", "execute", "type", "enter", "running", "executing")

// commandObjects open the object of a command used as a verb.
var commandObjects = set("the", "a", "an", "it", "them", "each", "every", "all", "this", "these", "those", "your")

// objectAfter: the word after offset at opens an object ("the listed
// services"), as after a verb.
func objectAfter(ts []token, at int) bool {
	for k := range ts {
		if ts[k].start > at {
			return !ts[k].sentence && commandObjects[ts[k].lower]
		}
	}
	return false
}
