package fidelity

import "strings"

// actionCells marks the start of each cell of a table written in prose
// whose header names what to do ("Outcome | what to do: refused | open a
// DHL return; damaged | nothing"): the header, cells split by "|" before
// a colon, has a cell "what to do" or one ending in "action", "step",
// "tool" or "response"; every later sentence that still holds a "|" is a
// row, and a word right after its "|" opens a clause, so a step there
// reads as an instruction. A table of values ("Status | Carrier | Open
// date: …") or of what someone can do ("Role | what it can do: …") is
// left as it is.
func actionCells(text string, ts []token) {
	if !strings.Contains(text, "|") {
		return
	}
	table := false
	for s := 0; s < len(ts); {
		e := s + 1
		for e < len(ts) && !ts[e].sentence {
			e++
		}
		end := len(text)
		if e < len(ts) {
			end = ts[e].start
		}
		span := text[ts[s].start:end]
		switch {
		case !strings.Contains(span, "|"):
			table = false
		case strings.Contains(strings.TrimRight(span, " \t"), ":") && actionHeader(span[:strings.LastIndexByte(span, ':')]):
			table = true
		case table:
			for k := s + 1; k < e; k++ {
				if strings.Contains(text[ts[k-1].end:ts[k].start], "|") {
					ts[k].clause = true
				}
			}
		}
		s = e
	}
}

// actionHeader: a table header whose cells name what to do.
func actionHeader(header string) bool {
	cells := strings.Split(header, "|")
	if len(cells) < 2 {
		return false
	}
	for _, c := range cells {
		ws := strings.Fields(strings.ToLower(c))
		if len(ws) == 0 {
			continue
		}
		if strings.Contains(" "+strings.Join(ws, " ")+" ", " what to do ") || actionHeads[ws[len(ws)-1]] {
			return true
		}
	}
	return false
}

// actionHeads end a table header's cell that names what to do.
var actionHeads = set("action", "actions", "step", "steps", "tool", "response", "remedy", "todo", "to-do")
