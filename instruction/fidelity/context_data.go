package fidelity

import "strings"

// Data the tool returns or shows is no instruction, whatever its words
// say: a removed line of a diff ("- After saving, fax the form") and the
// rows of a CSV or TSV table ("1,email the supplier,ops") hold steps that
// someone wrote once, not steps for the agent.

// agentRow: a table row names the agent as the one who acts
// ("2,assistant,email the supplier"): that row is the agent's step.
func agentRow(line string) bool {
	for _, cell := range strings.FieldsFunc(line, func(r rune) bool { return r == ',' || r == '\t' }) {
		c := strings.ToLower(strings.Trim(strings.TrimSpace(cell), `"'`))
		if agentWords[c] || c == "you" {
			return true
		}
	}
	return false
}

// dataSpans are the byte ranges of such data in text: the lines starting
// with "-" of a fenced diff or patch block, every line of a fenced csv or
// tsv block, and a run of two or more lines outside a fence holding the
// same number (two or more) of commas or tabs and no sentence break —
// save a row that names the agent as the one who acts (agentRow).
func dataSpans(text string) [][2]int {
	if !strings.Contains(text, "\n") {
		return nil
	}
	var out [][2]int
	lang := "" // the open fence's language, "" outside a fence
	inFence := false
	var run [][2]int // the lines of a run of table rows outside a fence
	runCount := 0
	flush := func() {
		if len(run) >= 2 {
			out = append(out, run...)
		}
		run, runCount = nil, 0
	}
	for at := 0; at < len(text); {
		end := strings.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		line := text[at:end]
		// a composition quotes a description's later lines with "| "
		line = strings.TrimPrefix(strings.TrimPrefix(line, "|"), " ")
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			flush()
			inFence = !inFence
			lang = ""
			if inFence {
				lang = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(trimmed, "```")))
			}
		case inFence && (lang == "csv" || lang == "tsv"):
			if !agentRow(line) {
				out = append(out, [2]int{at, end})
			}
		case inFence && (lang == "diff" || lang == "patch"):
			if strings.HasPrefix(line, "-") && !strings.HasPrefix(line, "---") {
				out = append(out, [2]int{at, end})
			}
		case !inFence:
			n := max(strings.Count(line, ","), strings.Count(line, "\t"))
			if n >= 2 && !strings.Contains(line, ". ") && !strings.HasPrefix(trimmed, "-") && !strings.HasPrefix(trimmed, "*") {
				if len(run) == 0 || n != runCount {
					flush()
					runCount = n
				}
				row := [2]int{at, end}
				if agentRow(line) {
					row = [2]int{at, at} // the agent's own row is a step
				}
				run = append(run, row)
			} else {
				flush()
			}
		}
		at = end + 1
	}
	flush()
	return out
}

// withoutData drops the mentions that start inside data (dataSpans).
func withoutData(text string, ms []mention) []mention {
	spans := dataSpans(text)
	if len(spans) == 0 {
		return ms
	}
	out := ms[:0]
	for _, m := range ms {
		inside := false
		for _, s := range spans {
			inside = inside || m.start >= s[0] && m.start < s[1]
		}
		if !inside {
			out = append(out, m)
		}
	}
	return out
}

// namePrefix: an acronym written in capitals right before a capitalized
// name the lexicon does not know ("SMS Emden", "HMS Victory") is the
// name's prefix, not a verb: "SMS the guest" and "SMS Reminders" stay
// steps.
func namePrefix(ts []token, i int) bool {
	t := ts[i]
	if len(t.text) < 2 || !upperCased(t.text) || strings.ToLower(t.text) == t.text || i+1 >= len(ts) {
		return false
	}
	n := ts[i+1]
	if n.sentence || n.clause || n.text == "" || n.text[0] < 'A' || n.text[0] > 'Z' || upperCased(n.text) {
		return false
	}
	return !isNoun(n.lower) && !isVerb(n.lower) && !functionWords[n.lower]
}
