package upstream

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConsoleSecretsAreMaskedInEveryAnswer: the console's own secrets
// (its database URL and password, its sealing key) are masked in what any
// connection's server says — a result, a JSON-RPC error — bare or
// base64-encoded, though no connection holds them: a server that read the
// console's environment cannot pass them to a client.
func TestConsoleSecretsAreMaskedInEveryAnswer(t *testing.T) {
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
	for _, text := range []string{"db " + db, "pw=" + pw + ";", "k " + key, "b64 " + base64.StdEncoding.EncodeToString([]byte(key)), "admin admin-pw-77"} {
		// the server writes them unprompted (what the call sent is the
		// caller's own: mask_sent_test.go)
		up.Say.Store(&text)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(res)
		for _, s := range []string{pw, key, "admin-pw-77", base64.StdEncoding.EncodeToString([]byte(key))[4:30]} {
			if strings.Contains(string(b), s) {
				t.Errorf("a server saying %q answers %s", text, b)
			}
		}
	}
	msg := "cannot reach " + db
	up.Fail.Store(&msg)
	_, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"x"}`))
	var se *ServerError
	if !errors.As(err, &se) || strings.Contains(se.Message, pw) || strings.Contains(err.Error(), pw) {
		t.Errorf("a server error naming the database URL: %v", err)
	}
}
