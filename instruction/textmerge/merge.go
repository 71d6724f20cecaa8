package textmerge

import (
	"slices"
	"strings"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Conflict is one region both sides changed differently: the base's lines
// there and each side's.
type Conflict struct {
	Base, Ours, Theirs []string
}

// Result is a merge: the merged lines (with both sides of each conflict
// between markers) and the conflicts.
type Result struct {
	Lines     []string
	Conflicts []Conflict
}

// Text is the merged text, "\n"-joined.
func (r Result) Text() string { return strings.Join(r.Lines, "\n") }

// Clean reports whether the merge has no conflict.
func (r Result) Clean() bool { return len(r.Conflicts) == 0 }

// Markers label the sides of a conflict in the merged text.
type Markers struct{ Ours, Theirs string }

// Merge applies to base both the changes that made ours and those that
// made theirs. Texts are split on "\n" (normalize line endings first).
func Merge(base, ours, theirs string, m Markers) Result {
	b := strings.Split(base, "\n")
	a, t := hunksOf(base, ours), hunksOf(base, theirs)
	var out Result
	pos := 0
	for _, c := range clusters(a, t) {
		out.Lines = append(out.Lines, b[pos:c.start]...)
		pos = c.end
		oursText, theirsText := apply(b, c.start, c.end, c.ours), apply(b, c.start, c.end, c.theirs)
		switch {
		case len(c.theirs) == 0 || slices.Equal(oursText, theirsText):
			out.Lines = append(out.Lines, oursText...)
		case len(c.ours) == 0:
			out.Lines = append(out.Lines, theirsText...)
		default:
			out.Conflicts = append(out.Conflicts, Conflict{Base: b[c.start:c.end], Ours: oursText, Theirs: theirsText})
			out.Lines = append(out.Lines, "<<<<<<< "+m.Ours)
			out.Lines = append(out.Lines, oursText...)
			out.Lines = append(out.Lines, "=======")
			out.Lines = append(out.Lines, theirsText...)
			out.Lines = append(out.Lines, ">>>>>>> "+m.Theirs)
		}
	}
	out.Lines = append(out.Lines, b[pos:]...)
	return out
}

// hunk replaces the base lines [start, end) with lines.
type hunk struct {
	start, end int
	lines      []string
}

// hunksOf lists the changes from base to other, in base order.
func hunksOf(base, other string) []hunk {
	dmp := diffmatchpatch.New()
	ra, rb, table := dmp.DiffLinesToRunes(base+"\n", other+"\n")
	var out []hunk
	pos := 0
	var cur *hunk
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	for _, d := range dmp.DiffCharsToLines(dmp.DiffMainRunes(ra, rb, false), table) {
		lines := splitLines(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			flush()
			pos += len(lines)
		case diffmatchpatch.DiffDelete:
			if cur == nil {
				cur = &hunk{start: pos, end: pos}
			}
			pos += len(lines)
			cur.end = pos
		case diffmatchpatch.DiffInsert:
			if cur == nil {
				cur = &hunk{start: pos, end: pos}
			}
			cur.lines = append(cur.lines, lines...)
		}
	}
	flush()
	return out
}

// splitLines splits a diff chunk of "\n"-terminated lines.
func splitLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// cluster is a base region [start, end) and the hunks of each side in it.
type cluster struct {
	start, end   int
	ours, theirs []hunk
}

// clusters groups the two sides' hunks into base regions: hunks that
// overlap or touch share a region (one side's own hunks never touch: its
// diff keeps an unchanged line between them).
func clusters(ours, theirs []hunk) []cluster {
	type sided struct {
		hunk
		mine bool
	}
	all := make([]sided, 0, len(ours)+len(theirs))
	for _, h := range ours {
		all = append(all, sided{h, true})
	}
	for _, h := range theirs {
		all = append(all, sided{h, false})
	}
	slices.SortStableFunc(all, func(a, b sided) int { return a.start - b.start })
	var out []cluster
	for _, h := range all {
		if n := len(out); n == 0 || h.start > out[n-1].end {
			out = append(out, cluster{start: h.start, end: h.end})
		}
		c := &out[len(out)-1]
		c.end = max(c.end, h.end)
		if h.mine {
			c.ours = append(c.ours, h.hunk)
		} else {
			c.theirs = append(c.theirs, h.hunk)
		}
	}
	return out
}

// apply is one side's text for the base region [start, end).
func apply(base []string, start, end int, hs []hunk) []string {
	var out []string
	pos := start
	for _, h := range hs {
		out = append(out, base[pos:h.start]...)
		out = append(out, h.lines...)
		pos = h.end
	}
	return append(out, base[pos:end]...)
}
