package textmerge

import (
	"strings"
	"testing"
)

func TestMerge(t *testing.T) {
	base := "# Title\n\n1. one\n2. two\n3. three\n4. four\n"
	m := Markers{Ours: "production", Theirs: "proposal"}
	for _, tc := range []struct {
		name, ours, theirs, want string
		conflicts                int
	}{
		{"only theirs changed", base, strings.Replace(base, "two", "TWO", 1), strings.Replace(base, "two", "TWO", 1), 0},
		{"only ours changed", strings.Replace(base, "four", "FOUR", 1), base, strings.Replace(base, "four", "FOUR", 1), 0},
		{"both, apart", strings.Replace(base, "# Title", "# New title", 1), strings.Replace(base, "four", "FOUR", 1),
			"# New title\n\n1. one\n2. two\n3. three\n4. FOUR\n", 0},
		{"both, the same change", strings.Replace(base, "two", "2", 1), strings.Replace(base, "two", "2", 1), strings.Replace(base, "two", "2", 1), 0},
		{"ours appends, theirs edits the top", base + "5. five\n", strings.Replace(base, "one", "ONE", 1),
			"# Title\n\n1. ONE\n2. two\n3. three\n4. four\n5. five\n", 0},
		{"both edit one line", strings.Replace(base, "three", "3", 1), strings.Replace(base, "three", "drei", 1),
			"# Title\n\n1. one\n2. two\n<<<<<<< production\n3. 3\n=======\n3. drei\n>>>>>>> proposal\n4. four\n", 1},
		{"both append differently", base + "5. five\n", base + "5. fünf\n",
			"# Title\n\n1. one\n2. two\n3. three\n4. four\n<<<<<<< production\n5. five\n=======\n5. fünf\n>>>>>>> proposal\n", 1},
		{"theirs deletes what ours left alone", base, strings.Replace(base, "2. two\n", "", 1), strings.Replace(base, "2. two\n", "", 1), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Merge(base, tc.ours, tc.theirs, m)
			if got := r.Text(); got != tc.want {
				t.Errorf("merged:\n%s\nwant:\n%s", got, tc.want)
			}
			if len(r.Conflicts) != tc.conflicts || r.Clean() != (tc.conflicts == 0) {
				t.Errorf("%d conflicts, want %d", len(r.Conflicts), tc.conflicts)
			}
		})
	}
}

func TestConflictKeepsBothSides(t *testing.T) {
	r := Merge("a\nb\nc", "a\nB1\nc", "a\nB2\nc", Markers{Ours: "v3", Theirs: "r2"})
	if len(r.Conflicts) != 1 {
		t.Fatalf("conflicts %v", r.Conflicts)
	}
	c := r.Conflicts[0]
	if strings.Join(c.Base, "|") != "b" || strings.Join(c.Ours, "|") != "B1" || strings.Join(c.Theirs, "|") != "B2" {
		t.Errorf("conflict %+v", c)
	}
}
