package fidelity

import (
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
)

// entryField names the field of a tool's contract that holds a finding
// at offset at of the tool's catalog entry text ("description",
// "parameter query"): the field whose text the entry shows last at or
// before that offset, or else the first field holding the signal; ""
// when neither is found (the entry shows the text reworded).
func entryField(k catalog.Contract, entry string, at int, signal string) string {
	type placed struct {
		field string
		start int
	}
	var ps []placed
	fields := k.TextFields()
	for _, f := range fields {
		if i := strings.Index(entry, fieldLead(f.Text)); i >= 0 && f.Text != "" {
			ps = append(ps, placed{f.Field, i})
		}
	}
	sort.SliceStable(ps, func(a, b int) bool { return ps[a].start < ps[b].start })
	for n := len(ps) - 1; n >= 0; n-- {
		if ps[n].start <= at {
			return ps[n].field
		}
	}
	sig := strings.ToLower(signal)
	for _, f := range fields {
		if sig != "" && strings.Contains(strings.ToLower(f.Text), sig) {
			return f.Field
		}
	}
	return ""
}

// fieldLead is the start of a field's text as an entry shows it: its
// first line, trimmed, at most 40 bytes, cut at a word's end.
func fieldLead(text string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	line = strings.TrimSpace(line)
	if len(line) <= 40 {
		return line
	}
	if i := strings.LastIndexByte(line[:40], ' '); i > 0 {
		return line[:i]
	}
	return line[:40]
}
