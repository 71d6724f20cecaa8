package upstream

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestStderrNeverShowsASecretInPart (review finding): a stdio server's
// stderr goes to the log with its environment's values masked — also a
// value that crosses the cut of a long line, a value split across writes,
// and a value that holds another value.
func TestStderrNeverShowsASecretInPart(t *testing.T) {
	const secret = "SECRETVALUE-0123456789-abcdefghij"
	const inner = "SECRETVALUE" // a second value, the head of the first
	cases := []struct {
		name   string
		writes []string
		shown  bool // the secret lies within what is logged (else the cut drops it)
	}{
		{"across the cut of a long line, one write", []string{strings.Repeat("x", maxLine-10) + secret + " tail\n"}, false},
		{"across the cut, written in pieces without a newline", []string{strings.Repeat("x", maxLine-10), secret[:7], secret[7:], strings.Repeat("y", 100), "\n"}, false},
		{"a long line never ended", []string{strings.Repeat("x", maxLine-5) + secret[:3], secret[3:] + strings.Repeat("z", 3*maxLine)}, false},
		{"a value that holds another", []string{"token=" + secret + " and " + inner + "\n"}, true},
		{"split across writes on a short line", []string{"key " + secret[:5], secret[5:] + " end\n"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			l := newLineLog(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug})), Spec{Name: "s", Env: map[string]string{"A": inner, "B": secret}})
			for _, w := range tc.writes {
				if _, err := l.Write([]byte(w)); err != nil {
					t.Fatal(err)
				}
			}
			l.flush()
			logged := out.String() + "\n" + l.Tail()
			for _, part := range []string{"SECRE", "-0123456789", "abcdefghij", inner} {
				if strings.Contains(logged, part) {
					t.Errorf("the log shows %q of a secret:\n%.400s", part, logged)
				}
			}
			if tc.shown && strings.Count(logged, "[secret]") < 2 { // the log line and the tail
				t.Errorf("no masked secret in the log:\n%.400s", logged)
			}
			for _, line := range strings.Split(out.String(), "\n") {
				if len(line) > maxLine+200 {
					t.Errorf("a record of %d bytes: lines are cut at %d", len(line), maxLine)
				}
			}
		})
	}
}
