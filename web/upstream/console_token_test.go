package upstream

import (
	"testing"
)

// TestShortConsoleSecretIsMaskedOnlyAsAWord: a console secret under 16
// bytes (a database password such as "pgPass77", distinctive: three kinds of character) is masked where it stands
// as a word of its own, never inside an identifier or a longer word, so a
// tool named pgPass77_query keeps its name; a longer one is masked
// wherever it stands, in results and in stderr alike.
func TestShortConsoleSecretIsMaskedOnlyAsAWord(t *testing.T) {
	const long = "seal-key-0123456789abcdef"
	SetConsoleSecrets("pgPass77", long)
	t.Cleanup(func() { SetConsoleSecrets() })
	set := newSecretSet(Spec{Name: "s"})
	l := newLineLog(nil, Spec{Name: "s"})
	for in, want := range map[string]string{
		"pgPass77_query":               "pgPass77_query",
		"run-pgPass77-1":               "run-pgPass77-1",
		"pgPass77ql 16 and xpgPass77":  "pgPass77ql 16 and xpgPass77",
		"password: pgPass77":           "password: [secret]",
		"pgPass77":                     "[secret]",
		"(pgPass77), 'pgPass77'.":      "([secret]), '[secret]'.",
		"k=" + long + "x":              "k=[secret]x",
		"user:pgPass77@db pgPass77_id": "user:[secret]@db pgPass77_id",
	} {
		if got := set.maskText(in); got != want {
			t.Errorf("result %q masked %q, want %q", in, got, want)
		}
		if got := l.mask(in); got != want {
			t.Errorf("stderr %q masked %q, want %q", in, got, want)
		}
	}
	tools := maskSecretsOnly(map[string]any{"name": "pgPass77_query", "description": "runs a query; password pgPass77"}, set.plain).(map[string]any)
	if tools["name"] != "pgPass77_query" || tools["description"] != "runs a query; password [secret]" {
		t.Errorf("tool masked %v", tools)
	}
}
