package eval

import "testing"

// TestBuiltinShareCountsTheFirstSlots: beside the built-in tools' share
// of all k slots, a report gives their share of each case's first slots
// up to its number of expected tools, and their share of the expected
// tools. A case expecting one imported tool whose search fills its other
// four slots with built-in tools holds three built-in tools of five
// slots, none of the one slot an expected tool could take.
func TestBuiltinShareCountsTheFirstSlots(t *testing.T) {
	cases := []CaseResult{
		{Expect: []string{"gh.get_issue"}, Hits: []string{"gh.get_issue", "read_file", "exec", "gh.list_issues", "list_files"}},
		{Expect: []string{"exec", "gh.a|gh.b"}, Hits: []string{"exec", "read_file", "gh.b"}},
		{Hits: []string{"web_search"}},
	}
	got := builtinShareOf(cases, 5)
	want := BuiltinShare{TopK: 6.0 / 15, FirstSlots: 2.0 / 3, Expected: 1.0 / 3}
	if got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
}
