package upstream

import (
	"testing"
)

// TestShortConsoleSecretIsMaskedOnlyAsAWord: a console secret under 16
// bytes (a database password such as "postgres") is masked where it stands
// as a word of its own, never inside an identifier or a longer word, so a
// tool named postgres_query keeps its name; a longer one is masked
// wherever it stands, in results and in stderr alike.
func TestShortConsoleSecretIsMaskedOnlyAsAWord(t *testing.T) {
	const long = "seal-key-0123456789abcdef"
	SetConsoleSecrets("postgres", long)
	t.Cleanup(func() { SetConsoleSecrets() })
	set := newSecretSet(Spec{Name: "s"})
	l := newLineLog(nil, Spec{Name: "s"})
	for in, want := range map[string]string{
		"postgres_query":               "postgres_query",
		"run-postgres-1":               "run-postgres-1",
		"postgresql 16 and xpostgres":  "postgresql 16 and xpostgres",
		"password: postgres":           "password: [secret]",
		"postgres":                     "[secret]",
		"(postgres), 'postgres'.":      "([secret]), '[secret]'.",
		"k=" + long + "x":              "k=[secret]x",
		"user:postgres@db postgres_id": "user:[secret]@db postgres_id",
	} {
		if got := set.maskText(in); got != want {
			t.Errorf("result %q masked %q, want %q", in, got, want)
		}
		if got := l.mask(in); got != want {
			t.Errorf("stderr %q masked %q, want %q", in, got, want)
		}
	}
	tools := maskSecretsOnly(map[string]any{"name": "postgres_query", "description": "runs a query; password postgres"}, set.plain).(map[string]any)
	if tools["name"] != "postgres_query" || tools["description"] != "runs a query; password [secret]" {
		t.Errorf("tool masked %v", tools)
	}
}
