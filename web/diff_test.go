package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/views"
)

// composeText composes the whole catalog in full tier and full form.
func composeText(t *testing.T, cs []catalog.Contract) string {
	t.Helper()
	cat := catalogtest.New(t, cs)
	comp, err := instruction.Compose(instruction.Input{Roster: cat.Entries(), Services: cat.Namespaces(),
		Options: instruction.Options{Tier: instruction.TierFull, CatalogForm: catalog.FormFull}})
	if err != nil {
		t.Fatal(err)
	}
	return comp.Text()
}

// TestLineDiffLargeCompositions: two compositions of thousands of lines
// (the 151-tool catalog in full form, the GitHub part three times over) that differ in one
// tool's purpose give one small hunk, not two whole texts.
func TestLineDiffLargeCompositions(t *testing.T) {
	base := append(catalogtest.Builtin(t), catalogtest.GitHub(t)...)
	// copies under other services multiply the size
	for _, ns := range []string{"mirror", "mirror2"} {
		for _, c := range catalogtest.GitHub(t) {
			c.ID = ns + "." + strings.TrimPrefix(c.ID, "github.")
			base = append(base, c)
		}
	}
	changed := append([]catalog.Contract(nil), base...)
	i := len(changed) / 2
	changed[i].Purpose += " It also reports how long the call took."
	a, b := composeText(t, base), composeText(t, changed)
	na, nb := strings.Count(a, "\n"), strings.Count(b, "\n")
	if na < 4000 || na*nb <= 4_000_000 {
		t.Fatalf("compositions too small to prove anything: %d and %d lines", na, nb)
	}
	lines := lineDiff(a, b)
	var removed, added, kept int
	for _, l := range lines {
		switch l.Op {
		case "-":
			removed++
		case "+":
			added++
		case " ":
			kept++
		}
	}
	if removed > 3 || added > 3 || removed == 0 || added == 0 {
		t.Errorf("one changed purpose gave %d removed and %d added lines", removed, added)
	}
	if kept+removed != na+1 || kept+added != nb+1 {
		t.Errorf("diff does not account for every line: kept %d removed %d added %d of %d/%d", kept, removed, added, na+1, nb+1)
	}
	h := hunks(lines, 3)
	gaps := 0
	for _, l := range h {
		if l.Op == "…" {
			gaps++
		}
	}
	if len(h) > 2*3+removed+added+2 || gaps != 2 {
		t.Errorf("want one hunk of ≤ %d lines between two gaps, got %d lines and %d gaps", 2*3+removed+added, len(h), gaps)
	}
	if !strings.Contains(joinDiff(h), "how long the call took") {
		t.Error("the hunk does not show the change")
	}
}

// TestLineDiffEdges: empty texts, identical texts, trailing newlines and
// reorders; every diff rebuilds both texts.
func TestLineDiffEdges(t *testing.T) {
	for _, tc := range []struct{ a, b, want string }{
		{"", "", ""}, // an empty text has no line
		{"x", "x", " x"},
		{"x\n", "x", " x|-"},
		{"", "a\nb", "+a|+b"},
		{"a\nb\nc", "a\nc", " a|-b| c"},
		{"a\nb", "b\na", ""},
		{"same\n\nsame\n", "same\nsame\n\n", ""},
	} {
		d := lineDiff(tc.a, tc.b)
		if got := joinDiff(d); tc.want != "" && got != tc.want {
			t.Errorf("lineDiff(%q, %q) = %q, want %q", tc.a, tc.b, got, tc.want)
		}
		var was, now []string
		for _, l := range d {
			if l.Op != "+" {
				was = append(was, l.Text)
			}
			if l.Op != "-" {
				now = append(now, l.Text)
			}
		}
		if strings.Join(was, "\n") != tc.a || strings.Join(now, "\n") != tc.b {
			t.Errorf("lineDiff(%q, %q) = %q does not rebuild both texts", tc.a, tc.b, joinDiff(d))
		}
	}
}

func joinDiff(ls []views.DiffLine) string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = l.Op + l.Text
	}
	return strings.Join(out, "|")
}
