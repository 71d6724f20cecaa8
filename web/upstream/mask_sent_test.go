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
		short = "changeme1"
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
			msg := "no such user " + guess
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
	for _, secret := range []string{admin, short, tok} {
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
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := json.Marshal(res); strings.Contains(string(b), secret) || !strings.Contains(string(b), SecretMark) {
			t.Errorf("a server writing %q unprompted answers %s", secret, b)
		}
	}
}

// TestSentSecretSparesOnlyItself: a secret the arguments hold is spared
// with its encoded forms (a tool that encodes its input answers alike),
// while another secret the same answer holds is masked.
func TestSentSecretSparesOnlyItself(t *testing.T) {
	const tok, other = "supersecretvalue123456", "another-secret-98765"
	set := newSecretSet(Spec{Env: map[string]string{"A": tok, "B": other}})
	b64 := base64.StdEncoding.EncodeToString([]byte(tok))
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: tok + " " + b64 + " " + other}}}
	got, _, err := maskResult(set.exceptSent([]byte(`{"q":{"`+tok+`":1}}`)), res, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := got.Content[0].(*mcp.TextContent).Text
	if text != tok+" "+b64+" "+SecretMark {
		t.Errorf("answer %q: want the sent secret and its form as sent, the other masked", text)
	}
	if s := set.exceptSent([]byte(`{"q":"nothing"}`)); s != set {
		t.Error("arguments holding no secret rebuilt the set")
	}
}
