package fidelity

import "strings"

// A quote addressed to the reader. A note, a tooltip, a toast, a
// voicemail quoted in a description is someone else's words — unless the
// text says whom they are for and that is the reader: "for you" or "for
// the assistant" (the agent's words) on the quote's line before it
// ("Banner message that shows up for you: "…"", "Voice note left for
// the assistant (transcribed): "…""), the quote opening by calling the
// agent ("Assistant: add me to the CRM."), or the sentence after saying
// so ("The hover hint is written for you", "… is meant for you"). Such a
// quote is read as the text's own words, as quoted advice is
// (capability_advice.go). Words quoted "to you" ("The customer wrote to
// you: "…"") stay the customer's.

// readerWords name the reader of a description.
var readerWords = set("you", "assistant", "agent", "ai", "bot", "copilot")

// addressedQuote: the quoted span sp is addressed to the reader (above).
func addressedQuote(text string, sp [2]int) bool {
	from := strings.LastIndexByte(text[:sp[0]], '\n') + 1
	if sp[0]-from > 80 {
		from = sp[0] - 80
	}
	before := strings.Fields(strings.ToLower(text[from:sp[0]]))
	for k := 0; k+1 < len(before); k++ {
		w := strings.Trim(before[k+1], ":,()—-\"'")
		if w == "the" && k+2 < len(before) {
			w = strings.Trim(before[k+2], ":,()—-\"'")
		}
		if before[k] == "for" && readerWords[w] && !hasWordOf(strings.Join(before, " "), exampleMarkers) {
			return true
		}
	}
	inside := strings.TrimLeft(text[min(sp[0]+1, len(text)):sp[1]], " \"“'")
	if head, _, ok := strings.Cut(inside, ":"); ok && readerWords[strings.ToLower(strings.TrimSpace(head))] {
		return true // "Assistant: add me to the CRM."
	}
	rest := strings.TrimLeft(text[min(sp[1]+1, len(text)):], " \t\n\"”.")
	if end := strings.IndexAny(rest, ".\n"); end >= 0 {
		rest = rest[:end]
	}
	rest = strings.ToLower(rest)
	return (strings.Contains(rest, "addressed to you") || strings.Contains(rest, "meant for you") || strings.Contains(rest, "is for you")) &&
		!hasWordOf(rest, adviceDoubts)
}

// readerLabel: a label ending in a colon names the reader as the one who
// acts — "You:", "[you:", "Assistant ->> Queue:", "next_owner: assistant"
// — so what follows is the reader's step, no operation of the tool.
func readerLabel(prefix string) bool {
	words := strings.FieldsFunc(strings.ToLower(prefix), func(r rune) bool { return !isWordRune(r) })
	n := len(words)
	return n > 0 && readerWords[words[n-1]] || n > 1 && readerWords[words[n-2]] && strings.Contains(prefix, ">>")
}

// readerColon: the colon at i ends a label naming the reader — "you:",
// "Assistant:", or the sender of a sequence diagram's message ("You->>Queue:").
func readerColon(text string, out []token, i int) bool {
	n := len(out)
	if n == 0 {
		return false
	}
	if out[n-1].end == i && readerWords[out[n-1].lower] {
		return true
	}
	if n > 1 && out[n-1].end == i && readerWords[out[n-2].lower] && strings.Contains(text[out[n-2].end:out[n-1].start], ">") {
		return true
	}
	if carriedKey(text, out, i) || readerGlossedKey(text, out, i) {
		return true
	}
	if out[n-1].end != i {
		return false
	}
	owner, reader := readerOwned(text[:out[n-1].start])
	key := keyOf(text, i)
	return reader && !speakerKeys[key] && !deniedKey(key) || owner && actionKey(out[n-1].lower)
}

// deniedKey: a record's key holds a negation ("Must not:", "Never:",
// "Disallow:"): the deed after it is forbidden, not asked.
func deniedKey(key string) bool {
	for _, w := range strings.FieldsFunc(key, func(r rune) bool { return !isWordRune(r) }) {
		if negators[w] || strings.HasPrefix(w, "disallow") || strings.HasPrefix(w, "forbid") || strings.HasSuffix(w, "n't") {
			return true
		}
	}
	return false
}

// keyOf is the lower-case key of the line holding offset at, up to at.
func keyOf(text string, at int) string {
	return recordKey(text[strings.LastIndexByte(text[:at], '\n')+1 : at])
}

// recordKey is a record's key as written before its colon, in lower case,
// without a list's marker or a composition's "| " before a continued line.
func recordKey(key string) string {
	return strings.ToLower(strings.Trim(key, " \t|-*•"))
}

// speakerKeys name who says or wrote a record's text ("role: assistant"
// then "content: …" is the assistant's own message, not a step for it).
var speakerKeys = set("role", "from", "author", "sender", "speaker", "name", "content", "message", "text", "reply",
	"response", "answer", "output")

// readerValue: a record's value is only the reader ("assistant", "the
// assistant", "for the assistant", "you").
func readerValue(value string) bool {
	ws := strings.FieldsFunc(strings.ToLower(value), func(r rune) bool { return !isWordRune(r) })
	reader := false
	for _, w := range ws {
		switch {
		case readerWords[w]:
			reader = true
		case w != "for" && w != "the" && w != "to" && w != "this" && w != "our":
			return false
		}
	}
	return reader
}

// actionKey: a record's key for what to do ("next_action", "step",
// "todo").
func actionKey(k string) bool {
	return strings.HasSuffix(k, "action") || strings.HasSuffix(k, "step") || strings.HasSuffix(k, "todo") || strings.HasSuffix(k, "task")
}

// readerOwned: a line among the two before (a record's keys, as in YAML
// front matter) gives the record to the reader: owner is set when its key
// names who acts ("next_owner: assistant", "assignee: you"; an action
// key after it is then the reader's step), reader when any key but a
// speaker's has only the reader as its value ("Rx: for the assistant",
// "User-agent: assistant"; every later line of the record whose value is
// a deed is then the reader's step).
func readerOwned(before string) (owner, reader bool) {
	for range 2 {
		nl := strings.LastIndexByte(strings.TrimRight(before, " \t"), '\n')
		if nl < 0 {
			return owner, reader
		}
		before = before[:nl]
		line := before[strings.LastIndexByte(before, '\n')+1:]
		key, value, ok := strings.Cut(line, ":")
		key = recordKey(key)
		if !ok || len(strings.Fields(key)) > 3 {
			continue
		}
		if readerWords[strings.ToLower(strings.Trim(value, " \t\"'"))] &&
			(strings.HasSuffix(key, "owner") || strings.HasSuffix(key, "assignee") || strings.HasSuffix(key, "actor") || key == "who") {
			owner = true
		}
		if readerValue(value) && !speakerKeys[key] {
			reader = true
		}
	}
	return owner, reader
}

// readerCell: the sign at i closes a cell or a role that is only the
// reader — a table's "| you |", a RACI's "R = you (" — so what follows is
// the reader's step.
func readerCell(text string, out []token, i int) bool {
	n := len(out)
	if n == 0 || !readerWords[out[n-1].lower] || strings.TrimSpace(text[out[n-1].end:i]) != "" {
		return false
	}
	before := strings.TrimRight(text[:out[n-1].start], " ")
	if n > 1 && out[n-2].lower == "the" && out[n-2].end >= len(before)-1 {
		before = strings.TrimRight(text[:out[n-2].start], " ") // "| the assistant |"
	}
	return strings.HasSuffix(before, "|") && text[i] == '|' || (strings.HasSuffix(before, "=") || strings.HasSuffix(before, ":") && !speakerKeys[keyOf(text, len(before)-1)]) && text[i] == '(' ||
		strings.HasSuffix(before, ":") && (text[i] == '|' || text[i] == '.') && inlineKey(text, len(before)-1)
}

// inlineKey: the colon at c closes a key of one to three words opening a
// cell, a sentence or a line ("Owner:", "OP:", "NEXT HANDLER:"), not a
// speaker's: "Owner: assistant." or "| OP: assistant |" gives what
// follows to the reader.
func inlineKey(text string, c int) bool {
	from := strings.LastIndexAny(text[:c], ".|\n")
	key := recordKey(text[from+1 : c])
	n := len(strings.Fields(key))
	return n >= 1 && n <= 3 && (!speakerKeys[key] || roleRecord(key, text[c:])) && !deniedKey(key)
}

// roleRecord: a record that opens with the reader's role ("Role:
// assistant. Duties: …") goes on with a key that is no speaker's: a duty
// assigned by role, not a transcript's turn ("role: assistant. content:
// …"). rest is the text from the role's colon on.
func roleRecord(key, rest string) bool {
	if key != "role" {
		return false
	}
	dot := strings.IndexByte(rest, '.')
	if dot < 0 {
		return false
	}
	next, _, ok := strings.Cut(strings.TrimSpace(rest[dot+1:]), ":")
	n := len(strings.Fields(next))
	return ok && n >= 1 && n <= 3 && !speakerKeys[recordKey(next)] && !deniedKey(recordKey(next))
}

// carriedKey: the colon at i closes a key of one to three words (a gloss
// in parentheses among them) that opens the sentence right after a record
// given to the reader ("Owner: assistant. Duties: …", "Operator:
// assistant. Stage 3 (after drying): …"): the record goes on, its value the reader's
// step, and the key's first word no longer is.
func carriedKey(text string, out []token, i int) bool {
	n := len(out)
	if gap := strings.TrimSpace(text[out[n-1].end:i]); gap != "" && gap != ")" {
		return false
	}
	for k := n - 1; k >= 0 && k >= n-3; k-- {
		if out[k].sentence {
			key := recordKey(text[out[k].start:i])
			if !out[k].readerLed || speakerKeys[key] || deniedKey(key) {
				return false
			}
			out[k].readerLed = false // the key is no deed; its value is
			return true
		}
	}
	return false
}

// readerGlossedKey: the colon at i closes a key whose gloss in
// parentheses is only the reader ("Box 21 (assistant):", "12th man
// (assistant):"): its value is the reader's step.
func readerGlossedKey(text string, out []token, i int) bool {
	n := len(out)
	if strings.TrimSpace(text[out[n-1].end:i]) != ")" {
		return false
	}
	open := strings.LastIndexByte(text[:i], '(')
	if open < 0 || open < out[max(0, n-4)].start {
		return false
	}
	return readerValue(text[open+1 : strings.LastIndexByte(text[:i], ')')])
}
