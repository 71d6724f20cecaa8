package upstream

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConsoleSecretInAnAnswerIsAnIncident: the console's own secrets
// (its database URL and password, its sealing key, the admin's password)
// are never given to a server, so one in what a server says — a result, a
// JSON-RPC error, bare, base64-encoded or in a page of guesses the server
// fetched for the caller — is no text to mask (masking would tell the
// caller which guess is right) but an incident: the whole answer is
// withheld with one fixed error that holds no secret, the same for every
// such answer. A page of wrong guesses comes back as it is.
func TestConsoleSecretInAnAnswerIsAnIncident(t *testing.T) {
	const (
		pw  = "db-pass-Q9x7Lm2"
		db  = "postgres://console:" + pw + "@db.internal:5432/console"
		key = "seal-key-0123456789abcdef0123456789"
	)
	names, values := ConsoleSecretsOf([]string{"DATABASE_URL=" + db, "CONSOLE_SECRETS_KEY=" + key, "CONSOLE_ADDR=:8080", "PWD=/srv", "CONSOLE_ADMIN_PASSWORD=admin-pw-77", "KEYBOARD=us"})
	if want := []string{"DATABASE_URL", "CONSOLE_SECRETS_KEY", "CONSOLE_ADMIN_PASSWORD"}; !slices.Equal(names, want) {
		t.Errorf("secret variables %v, want %v", names, want)
	}
	SetConsoleSecrets(values...)
	t.Cleanup(func() { SetConsoleSecrets() })
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "plain", URL: up.URL}
	ctx := context.Background()
	refusal := ""
	for _, text := range []string{"db " + db, "pw=" + pw + ";", "k " + key, "b64 " + base64.StdEncoding.EncodeToString([]byte(key)), "admin admin-pw-77",
		"g1: admin-pw-76 g2: admin-pw-77 g3: admin-pw-78", "hex " + hex.EncodeToString([]byte(key))} {
		// the server writes them unprompted (a fetched page, a stored
		// value, its input decoded or joined; what the call itself sent
		// is the caller's own: mask_sent_test.go)
		up.Say.Store(&text)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		var ee *ExposureError
		if !errors.As(err, &ee) || res != nil {
			t.Errorf("a server saying %q: %v, %v; want the answer withheld", text, res, err)
			continue
		}
		if refusal == "" {
			refusal = err.Error()
		}
		if err.Error() != refusal {
			t.Errorf("refusals differ: %q and %q", err.Error(), refusal)
		}
		for _, s := range []string{pw, key, "admin-pw-77"} {
			if strings.Contains(err.Error(), s) {
				t.Errorf("the refusal names a secret: %v", err)
			}
		}
	}
	for _, text := range []string{"g1: admin-pw-76 g2: admin-pw-78", "postgres_query on db.internal"} {
		up.Say.Store(&text)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		if err != nil || res.Content[0].(*mcp.TextContent).Text != text {
			t.Errorf("a server saying %q: %v, %v; want it as it is", text, res, err)
		}
	}
	up.Say.Store(nil)
	msg := "cannot reach " + db
	up.Fail.Store(&msg)
	_, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"x"}`))
	var ee *ExposureError
	if !errors.As(err, &ee) || strings.Contains(err.Error(), pw) {
		t.Errorf("a server error naming the database URL: %v", err)
	}
}

// TestConnectionSecretMaskedIsReported: a connection's own secret (its
// server holds it) written unprompted is masked, and the call says so
// (the gateway audits and limits such answers per key); a guess the call
// sent, echoed back, is not masked and not reported.
func TestConnectionSecretMaskedIsReported(t *testing.T) {
	const tok = "conn-token-5b7e1c9a"
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "tokened", URL: up.URL, Env: map[string]string{"TOKEN": tok}}
	ctx := context.Background()
	say := "your token is " + tok
	up.Say.Store(&say)
	res, _, masked, err := p.CallJSON(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
	if err != nil || !masked || res.Content[0].(*mcp.TextContent).Text != "your token is "+SecretMark {
		t.Errorf("unprompted: %v, masked %v, err %v", res, masked, err)
	}
	up.Say.Store(nil)
	for _, guess := range []string{tok, tok + "x"} {
		_, _, masked, err := p.CallJSON(ctx, sp, "echo", json.RawMessage(`{"text":"`+guess+`"}`))
		if err != nil || masked {
			t.Errorf("echoed guess %q: masked %v, err %v", guess, masked, err)
		}
	}
}
