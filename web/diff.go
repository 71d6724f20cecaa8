package web

import (
	"strings"

	"github.com/agentforge/console/views"
)

// lineDiff compares two texts line by line (longest common subsequence)
// and returns the lines marked kept, added or removed.
func lineDiff(a, b string) []views.DiffLine {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	if len(x)*len(y) > 4_000_000 { // too large to align: show both whole
		var out []views.DiffLine
		for _, l := range x {
			out = append(out, views.DiffLine{Op: "-", Text: l})
		}
		for _, l := range y {
			out = append(out, views.DiffLine{Op: "+", Text: l})
		}
		return out
	}
	n, m := len(x), len(y)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []views.DiffLine
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case x[i] == y[j]:
			out = append(out, views.DiffLine{Op: " ", Text: x[i]})
			i++
			j++
		case lcs[i+1][j] >= lcs[i][j+1]:
			out = append(out, views.DiffLine{Op: "-", Text: x[i]})
			i++
		default:
			out = append(out, views.DiffLine{Op: "+", Text: y[j]})
			j++
		}
	}
	for ; i < n; i++ {
		out = append(out, views.DiffLine{Op: "-", Text: x[i]})
	}
	for ; j < m; j++ {
		out = append(out, views.DiffLine{Op: "+", Text: y[j]})
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
				out = append(out, views.DiffLine{Op: "…", Text: plural(skipped, "unchanged line")})
				skipped = 0
			}
			out = append(out, l)
		} else {
			skipped++
		}
	}
	if skipped > 0 && len(out) > 0 {
		out = append(out, views.DiffLine{Op: "…", Text: plural(skipped, "unchanged line")})
	}
	if len(out) == 0 {
		return []views.DiffLine{{Op: "…", Text: "no change"}}
	}
	return out
}
