package web

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// connSecret is the leaky test server's own secret (its --env value).
const connSecret = "zQ9xK2mP7vL4nR8w"

// leakyFixture is a console whose connection "leaky" is the stdio server
// testdata/leaky_echo.py, a script that writes its secret unprompted next
// to an echo of the call's arguments.
func leakyFixture(t *testing.T, h *harness) *gwFixture {
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3 is not installed (.ci/run installs it): %v", err)
		}
		t.Skip("python3 is not installed")
	}
	script, _ := filepath.Abs(filepath.Join("testdata", "leaky_echo.py"))
	return h.gatewayFixtureFor(models.ConnectionInput{Name: "leaky", Command: []string{py, script}, Env: map[string]string{"SECRET_TOKEN": connSecret}}, false)
}

// candidates is n random values of the secret's length and alphabet,
// the secret among them at place at (at < 0: not among them).
func candidates(n, at int) string {
	r := rand.New(rand.NewSource(1))
	const abc = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	out := make([]string, n)
	for i := range out {
		b := make([]byte, len(connSecret))
		for j := range b {
			b[j] = abc[r.Intn(len(abc))]
		}
		out[i] = string(b)
	}
	if at >= 0 {
		out[at] = connSecret
	}
	return strings.Join(out, " ")
}

// TestConnectionSecretGuessesAreAnsweredAlike: a caller guessing a
// connection's own secret through a server that echoes its arguments
// and writes the secret unprompted gets, for a right guess and a wrong
// one, answers that are byte for byte alike once the guess itself is
// replaced (the echo as sent, the server's own copy masked), in a result
// and in the server's error text; one call holding 2,000 candidates with
// the secret among them answers as one without it. Every answer masking
// the server's copy is audited secret.masked, right guess or wrong; each
// call whose arguments held the secret is recorded secret.sent for the
// admins (the variable's name, never the value).
func TestConnectionSecretGuessesAreAnsweredAlike(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		f := leakyFixture(t, h)
		cs, _ := f.connect(t, nil)
		answer := func(tool, note string) string {
			text, isErr := call(t, cs, "leaky."+tool, map[string]any{"note": note}, nil)
			return fmt.Sprintf("%v %s", isErr, strings.ReplaceAll(text, note, "GUESS"))
		}
		calls, sent := 0, 0
		for _, tool := range []string{"write", "fail"} {
			wrong, right, other := answer(tool, "wrongguess123456"), answer(tool, connSecret), answer(tool, "zQ9xK2mP7vL4nR8x")
			calls += 3
			sent++
			if right != wrong || other != wrong {
				t.Errorf("%s: the right guess answers\n%s\nthe wrong ones\n%s\n%s", tool, right, wrong, other)
			}
			if strings.Contains(right, connSecret) || !strings.Contains(right, "[secret]") {
				t.Errorf("%s: the server's own copy is not masked: %s", tool, right)
			}
			with, without := answer(tool, candidates(2000, 1234)), answer(tool, candidates(2000, -1))
			calls += 2
			sent++
			if with != without {
				t.Errorf("%s: 2,000 candidates with the secret answer\n%.300s\nwithout it\n%.300s", tool, with, without)
			}
		}
		// the text alone, with the rest of the argument around the secret
		around := func(at int) string { return answer("noted", candidates(50, at)) }
		if with, without := around(20), around(-1); with != without {
			t.Errorf("noted: candidates with the secret answer\n%s\nwithout it\n%s", with, without)
		}
		calls += 2
		sent++
		h.app.gw.masked.flush()
		ctx := t.Context()
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked", PerPage: 100}); len(evs) != calls {
			t.Errorf("%d answers audited secret.masked, want every one of the %d", len(evs), calls)
		}
		evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.sent", PerPage: 100})
		if len(evs) != sent {
			t.Errorf("%d calls recorded secret.sent, want the %d that held the secret: %v", len(evs), sent, evs)
		}
		for _, e := range evs {
			if !strings.Contains(e.Detail, "SECRET_TOKEN") || !strings.Contains(e.Subject, "connection:leaky") {
				t.Errorf("sending recorded as %s / %s", e.Subject, e.Detail)
			}
		}
		all, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{PerPage: 500})
		if regexp.MustCompile(connSecret).MatchString(fmt.Sprint(all)) {
			t.Error("the audit log holds the secret")
		}
	})
}
