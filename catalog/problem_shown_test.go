package catalog

import (
	"strings"
	"testing"
)

// TestProblemStringEscapesHiddenCharacters: a problem names a tool and a
// field as the imported document wrote them; printed (the CLI's import
// and validate output, an error's text), a newline could forge a line
// and a U+202E reverse what a reader sees, so such a name is quoted with
// the character escaped; plain names print as they are.
func TestProblemStringEscapesHiddenCharacters(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{Tool: "files.open", Field: "params.path", Message: "bad"}, "files.open: params.path: bad"},
		{Problem{Tool: "evil\u202egnp.exe", Field: "name", Message: "bad"}, `"evil\u202egnp.exe": name: bad`},
		{Problem{Tool: "liar\nrefused: all good", Message: "bad"}, `"liar\nrefused: all good": bad`},
		{Problem{Tool: "open", Field: "params.pa\u202eth.name", Message: "bad"}, `open: "params.pa\u202eth.name": bad`},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
		if strings.ContainsAny(tc.p.String(), "\u202e\n") {
			t.Errorf("%q printed raw", tc.p.String())
		}
	}
}
