package web

import (
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/agentforge/console/views"
)

// lineDiff compares two texts line by line and returns the lines marked
// kept (" "), added ("+") or removed ("-"). It uses the Myers algorithm of
// github.com/sergi/go-diff in line mode (each distinct line becomes one
// rune), so memory grows with the texts and the edit distance rather than
// with the product of their lengths; past the library's time budget it
// still returns a correct, if not minimal, diff.
func lineDiff(a, b string) []views.DiffLine {
	dmp := diffmatchpatch.New()
	// a trailing "\n" terminates every line, so "x\n" gives the lines "x"
	// and "" as strings.Split does
	// and an empty text has no line at all (a new skill's summary is its
	// lines added, with no empty line removed)
	ra, rb, table := dmp.DiffLinesToRunes(lines0(a), lines0(b))
	diffs := dmp.DiffCharsToLines(dmp.DiffMainRunes(ra, rb, false), table)
	var out []views.DiffLine
	for _, d := range diffs {
		op := " "
		switch d.Type {
		case diffmatchpatch.DiffInsert:
			op = "+"
		case diffmatchpatch.DiffDelete:
			op = "-"
		}
		for _, l := range strings.SplitAfter(d.Text, "\n") {
			if l == "" {
				continue
			}
			out = append(out, views.DiffLine{Op: op, Text: strings.TrimSuffix(l, "\n")})
		}
	}
	return out
}

// hunks keeps only the changed lines and `context` unchanged lines around
// each change; a line with Op "…" stands for the unchanged lines left out.
func hunks(lines []views.DiffLine, context int) []views.DiffLine {
	keep := make([]bool, len(lines))
	for i, l := range lines {
		if l.Op != " " {
			for j := max(0, i-context); j <= min(len(lines)-1, i+context); j++ {
				keep[j] = true
			}
		}
	}
	var out []views.DiffLine
	skipped := 0
	for i, l := range lines {
		if keep[i] {
			if skipped > 0 {
				out = append(out, views.DiffLine{Op: "…", Text: views.Plural(skipped, "unchanged line", "unchanged lines")})
				skipped = 0
			}
			out = append(out, l)
		} else {
			skipped++
		}
	}
	if skipped > 0 && len(out) > 0 {
		out = append(out, views.DiffLine{Op: "…", Text: views.Plural(skipped, "unchanged line", "unchanged lines")})
	}
	if len(out) == 0 {
		return []views.DiffLine{{Op: "…", Text: "no change"}}
	}
	return out
}

// lines0 is text with every line terminated, "" for an empty text.
func lines0(text string) string {
	if text == "" {
		return ""
	}
	return text + "\n"
}
