package plural

import "testing"

func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n          int
		noun, want string
	}{
		{0, "search", "0 searches"}, {1, "search", "1 search"}, {2, "search", "2 searches"},
		{1, "tool", "1 tool"}, {7, "tool", "7 tools"}, {1, "call", "1 call"}, {2, "call", "2 calls"},
		{2, "entry", "2 entries"}, {2, "day", "2 days"}, {2, "box", "2 boxes"}, {2, "class", "2 classes"},
		{2, "dish", "2 dishes"}, {-1, "step", "-1 step"}, {1000, "event", "1000 events"},
	} {
		if got := Count(tc.n, tc.noun); got != tc.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tc.n, tc.noun, got, tc.want)
		}
	}
}

func TestCountForms(t *testing.T) {
	if got := CountForms(1, "tool is", "tools are"); got != "1 tool is" {
		t.Errorf("got %q", got)
	}
	if got := CountForms(3, "tool is", "tools are"); got != "3 tools are" {
		t.Errorf("got %q", got)
	}
}
