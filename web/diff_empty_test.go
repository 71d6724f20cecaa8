package web

import "testing"

// TestLineDiffOfNothingHasNoLine: an empty text has no line, so a new
// skill's summary diff is its lines added, with no empty "-" line, and a
// text emptied is its lines removed, with no empty "+" line.
func TestLineDiffOfNothingHasNoLine(t *testing.T) {
	for _, c := range []struct{ a, b, want string }{
		{"", "Checks sources.", "+Checks sources."},
		{"Checks sources.", "", "-Checks sources."},
		{"", "", ""},
		{"a\n", "a\nb", " a|-|+b"},
	} {
		got := ""
		for i, l := range lineDiff(c.a, c.b) {
			if i > 0 {
				got += "|"
			}
			got += l.Op + l.Text
		}
		if got != c.want {
			t.Errorf("lineDiff(%q, %q) = %q, want %q", c.a, c.b, got, c.want)
		}
	}
}
