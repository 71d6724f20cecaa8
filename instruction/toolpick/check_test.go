package toolpick

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

var known = map[string]bool{
	"github.search_issues": true, "github.create_issue": true, "github.get_issue": true,
	"web_search": true, "ask_user": true, "notion.search": true,
}

func TestCheckReportsEveryProblemInTypedOrder(t *testing.T) {
	ps := Check([]string{"github.serch_issues", "ask_user", "web_serch", "ask_user", "zzzzzzzz"}, known, "")
	got := make([]string, len(ps))
	for i, p := range ps {
		got[i] = p.String()
	}
	want := []string{
		`unknown tool id "github.serch_issues": did you mean github.search_issues?`,
		`unknown tool id "web_serch": did you mean web_search?`,
		`ask_user is listed twice`,
		`unknown tool id "zzzzzzzz"`,
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("problems:\n got %q\nwant %q", got, want)
	}
	if Join(ps) != want[0]+"; "+want[1]+"; "+want[2]+"; "+want[3] {
		t.Fatalf("join: %q", Join(ps))
	}
}

func TestCheckOfAKnownListIsEmpty(t *testing.T) {
	if ps := Check([]string{"ask_user", "github.get_issue"}, known, ""); len(ps) != 0 {
		t.Fatalf("problems on a good list: %v", ps)
	}
}

func TestSuggest(t *testing.T) {
	for typed, want := range map[string]string{
		"GitHub.Search_Issues": "github.search_issues", // case is not a typo
		"search_issues":        "github.search_issues", // service left out
		"github.get_isue":      "github.get_issue",
		"ask_usre":             "ask_user",      // two letters swapped
		"search":               "notion.search", // the one tool named search of some service
		"x":                    "",
		"":                     "",
		"completely_else":      "",
	} {
		if got := Suggest(typed, known); got != want {
			t.Errorf("Suggest(%q) = %q, want %q", typed, got, want)
		}
	}
}

func TestNounNamesWhatWasExpected(t *testing.T) {
	ps := Check([]string{"ask_usr"}, map[string]bool{"ask_user": true}, "pin (a tool of this profile)")
	if got := ps[0].String(); got != `unknown pin (a tool of this profile) "ask_usr": did you mean ask_user?` {
		t.Fatal(got)
	}
}

func TestGroupsByServiceFiltered(t *testing.T) {
	ids := []string{"github.search_issues", "web_search", "notion.search", "ask_user", "github.get_issue"}
	got := Groups(ids, "")
	want := []Group{
		{Native, []string{"ask_user", "web_search"}},
		{"github", []string{"github.get_issue", "github.search_issues"}},
		{"notion", []string{"notion.search"}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("groups: %v", got)
	}
	got = Groups(ids, "  SEARCH git ")
	if !reflect.DeepEqual(got, []Group{{"github", []string{"github.search_issues"}}}) {
		t.Fatalf("filtered: %v", got)
	}
	if got := Groups(ids, "nothing-like-it"); len(got) != 0 {
		t.Fatalf("no match: %v", got)
	}
}

// TestSuggestionsAreBounded: a list of many unknown ids reports every one,
// but only the first MaxSuggestions get a "did you mean" (each costs a
// comparison with every known id), and an over-long typed id gets none.
func TestSuggestionsAreBounded(t *testing.T) {
	known := map[string]bool{"github.search_issues": true, "github.create_issue": true}
	var ids []string
	for i := 0; i < 3*MaxSuggestions; i++ {
		ids = append(ids, fmt.Sprintf("github.search_issue%d", i))
	}
	ps := Check(ids, known, "")
	if len(ps) != len(ids) {
		t.Fatalf("%d problems for %d unknown ids", len(ps), len(ids))
	}
	with := 0
	for _, p := range ps {
		if p.Suggestion != "" {
			with++
		}
	}
	if with == 0 || with > MaxSuggestions {
		t.Errorf("%d suggestions, want 1..%d", with, MaxSuggestions)
	}
	if s := Suggest(strings.Repeat("a", maxTypedForSuggestion+1), known); s != "" {
		t.Errorf("an over-long id got a suggestion: %q", s)
	}
	if s := Suggest("github.search_isues", known); s != "github.search_issues" {
		t.Errorf("the length bound lost a typo: %q", s)
	}
}
