package upstream

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAConsoleSecretLikeOrdinaryTextIsNoExposure: a console secret that
// cannot be told from ordinary text (a database password "postgres" or
// "password", in a URL with the same user) is not looked for in what a
// server says: an answer naming the word, or base64 of a file saying
// "postgresql", comes back as it is; a random secret of the same length
// is still an exposure, plain or base64-encoded.
func TestAConsoleSecretLikeOrdinaryTextIsNoExposure(t *testing.T) {
	const random = "q7R-x9Lm"
	_, values := ConsoleSecretsOf([]string{"DATABASE_URL=postgres://postgres:postgres@db:5432/console", "PGPASSWORD=password", "CONSOLE_ADMIN_PASSWORD=" + random})
	if n := SetConsoleSecrets(values...); n != 2 {
		t.Errorf("%d values left out as ordinary text, want 2 (postgres, password)", n)
	}
	t.Cleanup(func() { SetConsoleSecrets() })
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "plain", URL: up.URL}
	ctx := context.Background()
	file := "services:\n  db:\n    image: postgresql:16\n    password: password\n"
	for _, text := range []string{"Supported engines: postgres, mysql, sqlite", "Forgot your password? Reset it.", file,
		base64.StdEncoding.EncodeToString([]byte(file)), base64.StdEncoding.EncodeToString([]byte("a" + file)), base64.StdEncoding.EncodeToString([]byte("ab" + file))} {
		up.Say.Store(&text)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		if err != nil {
			t.Errorf("a server saying %q: %v, want its answer", text, err)
			continue
		}
		if b, _ := json.Marshal(res); !json.Valid(b) || string(mustText(t, b)) != text {
			t.Errorf("a server saying %q answered %s", text, b)
		}
	}
	for _, text := range []string{"admin " + random + " ok", base64.StdEncoding.EncodeToString([]byte("pw=" + random))} {
		up.Say.Store(&text)
		var ee *ExposureError
		if _, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`)); !errors.As(err, &ee) {
			t.Errorf("a server saying %q: %v, want an exposure", text, err)
		}
	}
}

// mustText is the text of the first content of the result JSON b.
func mustText(t *testing.T, b []byte) string {
	var r struct {
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if err := json.Unmarshal(b, &r); err != nil || len(r.Content) == 0 {
		t.Fatalf("result %s: %v", b, err)
	}
	return r.Content[0].Text
}
