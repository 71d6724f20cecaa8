package upstream

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestSentSecretIsNoOracle: a call whose arguments hold a guess of a
// secret (the console's own, long or short, or the connection's) gets the
// same answer whether the guess is right or wrong — a result echoing it,
// a server error naming it — so masking tells nobody which guess is a
// secret; a secret the server writes unprompted is still masked.
func TestSentSecretIsNoOracle(t *testing.T) {
	const (
		admin = "Adm1n-pass-attacker!"
		short = "Change-me1"
		tok   = "supersecretvalue123456"
	)
	SetConsoleSecrets(admin, short)
	t.Cleanup(func() { SetConsoleSecrets() })
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "evil", URL: up.URL, Env: map[string]string{"API_TOKEN": tok}}
	ctx := context.Background()
	answer := func(guess string, fail bool) string {
		up.Fail.Store(nil)
		if fail {
			msg := "no such user: try " + guess
			up.Fail.Store(&msg)
		}
		args, _ := json.Marshal(map[string]string{"text": "try " + guess})
		res, err := p.Call(ctx, sp, "echo", args)
		if fail {
			var se *ServerError
			if !errors.As(err, &se) {
				t.Fatalf("want a server error, got %v", err)
			}
			return strings.ReplaceAll(se.Message, guess, "GUESS")
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		return strings.ReplaceAll(string(b), guess, "GUESS")
	}
	for i, secret := range []string{admin, short, tok} {
		wrong := secret[:len(secret)-1] + "?"
		for _, fail := range []bool{false, true} {
			right, other := answer(secret, fail), answer(wrong, fail)
			if right != other || strings.Contains(right, SecretMark) {
				t.Errorf("guess %q (server error %v): right %s, wrong %s; want the same answer, nothing masked", secret, fail, right, other)
			}
		}
		up.Fail.Store(nil)
		say := "found " + secret + " in the environment"
		up.Say.Store(&say)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		up.Say.Store(nil)
		if i < 2 {
			// the console's own: never given to a server, so an incident
			var ee *ExposureError
			if !errors.As(err, &ee) || strings.Contains(err.Error(), secret) {
				t.Errorf("a server writing the console's secret %q unprompted: %v, want an exposure", secret, err)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(res); strings.Contains(string(b), secret) || !strings.Contains(string(b), SecretMark) {
			t.Errorf("a server writing %q unprompted answers %s", secret, b)
		}
	}
}

// TestSentSecretSparesOnlyItsEcho: a secret the arguments hold is spared
// (with its encoded form, as sent) where the answer echoes the argument
// that held it, while its other copies and another secret the same
// answer holds are masked.
func TestSentSecretSparesOnlyItsEcho(t *testing.T) {
	const tok, other = "supersecretvalue123456", "another-secret-98765"
	set := newSecretSet(Spec{Env: map[string]string{"A": tok, "B": other}})
	b64 := base64.StdEncoding.EncodeToString([]byte(tok))
	text := `{"q": {"` + tok + `": 1, "r": "` + b64 + `"}} ` + tok + " " + b64 + " " + other
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
	c := set.forCall([]byte(`{"q":{"` + tok + `":1,"r":"` + b64 + `"}}`))
	got, _, _, err := connMasked(c, res, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := got.Content[0].(*mcp.TextContent).Text; got != `{"q": {"`+tok+`": 1, "r": "`+b64+`"}} `+SecretMark+" "+set.forCall(nil).maskIn(b64, set.conn, "", false)+" "+SecretMark {
		t.Errorf("answer %q: want the echo as sent, every other copy masked", got)
	}
	if c := set.forCall([]byte(`{"q":"nothing"}`)); len(c.all) != len(set.plain) {
		t.Errorf("arguments holding no secret spared %d of %d forms", len(set.plain)-len(c.all), len(set.plain))
	}
}

// TestARightGuessDoesTheSameWork: a call's view of the secrets is a
// filter of lists its connection made once: a right guess of a secret
// (the connection's or the console's) allocates exactly what a wrong one
// does, nothing is rebuilt for it (BenchmarkGuessCost times both).
func TestARightGuessDoesTheSameWork(t *testing.T) {
	const conn, console = "zz-Secret-777-abcdef", "the-admin-Passw0rd-77"
	SetConsoleSecrets(console)
	t.Cleanup(func() { SetConsoleSecrets() })
	set := newSecretSet(Spec{Env: map[string]string{"TOKEN": conn}})
	for _, secret := range []string{conn, console} {
		work := func(guess string) float64 {
			args := []byte(`{"text":"is it ` + guess + `","more":["a","b"]}`)
			return testing.AllocsPerRun(50, func() { set.forCall(args) })
		}
		if right, wrong := work(secret), work(secret[:len(secret)-1]+"?"); right != wrong {
			t.Errorf("guessing %q: a right guess allocates %v, a wrong one %v", secret, right, wrong)
		}
	}
}
