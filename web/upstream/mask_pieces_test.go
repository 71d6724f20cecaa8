package upstream

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// TestStderrMasksASecretCutReversedOrSpacedOut: a server's log line that
// holds a piece of a secret (8 characters or more), the secret reversed,
// or the secret spaced out has it masked; the log is for admins and
// answers no caller, so a piece masked there confirms no guess. A line
// that holds no piece is logged as written.
func TestStderrMasksASecretCutReversedOrSpacedOut(t *testing.T) {
	const secret = "k7Qm2vXz9LpA4tRe"
	rev := func(s string) string {
		b := []byte(s)
		for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		return string(b)
	}
	for name, line := range map[string]string{
		"a piece":       "token head: " + secret[2:12] + " ...",
		"reversed":      "dump " + rev(secret),
		"spaced out":    "key = " + strings.Join(strings.Split(secret, ""), " "),
		"dashed":        "key=" + strings.Join(strings.Split(secret, ""), "-"),
		"reversed, cut": rev(secret)[3:14] + " end",
	} {
		var out bytes.Buffer
		l := newLineLog(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug})), Spec{Name: "s", Env: map[string]string{"TOKEN": secret}})
		if _, err := l.Write([]byte(line + "\n")); err != nil {
			t.Fatal(err)
		}
		logged := out.String() + l.Tail()
		if !strings.Contains(logged, SecretMark) {
			t.Errorf("%s: not masked: %s", name, logged)
		}
		for _, piece := range []string{secret[4:12], rev(secret)[4:12], "2 v X z 9 L"} {
			if strings.Contains(logged, piece) {
				t.Errorf("%s: the log shows %q: %s", name, piece, logged)
			}
		}
	}
	var out bytes.Buffer
	l := newLineLog(slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug})), Spec{Name: "s", Env: map[string]string{"TOKEN": secret}})
	plain := "listening on 127.0.0.1:8080, k7Qm2vX is not eight"
	_, _ = l.Write([]byte(plain + "\n"))
	if l.Tail() != plain {
		t.Errorf("a line without a piece was changed: %q", l.Tail())
	}
}

// BenchmarkStderrMask: what masking costs a log line of the longest kept
// size that holds no secret, with two secrets (exact forms and pieces).
func BenchmarkStderrMask(b *testing.B) {
	l := newLineLog(slog.New(slog.DiscardHandler), Spec{Name: "s", Env: map[string]string{"TOKEN": "k7Qm2vXz9LpA4tRe", "KEY": "zz-Secret-777-abcdef"}})
	line := strings.Repeat("GET /v1/items?page=2 200 12ms user=alice; ", maxLine/44)
	b.Run("exact", func(b *testing.B) {
		for b.Loop() {
			for _, v := range l.secrets {
				_ = maskSecret(line, v)
			}
		}
	})
	b.Run("exact+pieces", func(b *testing.B) {
		for b.Loop() {
			_ = l.mask(line)
		}
	})
}
