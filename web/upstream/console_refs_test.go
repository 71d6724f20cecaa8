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

// TestExposureNamesTheSecretAndKeepsTheEcho: an answer holding a console
// secret the call did not send names which one (its variable and a
// fingerprint, never the value) and keeps the answer as it would be
// served were it an echo of what a caller sent: the console's secret as
// the server wrote it, the connection's own masked, in a result and in a
// server's error text alike. ConsoleSecretsIn finds a secret in a call's
// arguments in any form the masker knows.
func TestExposureNamesTheSecretAndKeepsTheEcho(t *testing.T) {
	const (
		pw  = "db-pass-Q9x7Lm2"
		db  = "postgres://console:" + pw + "@db.internal:5432/console"
		adm = "Adm1n-Summer-2026"
		tok = "conn-token-5b7e1c9a"
	)
	env := []string{"DATABASE_URL=" + db, "CONSOLE_ADMIN_PASSWORD=" + adm}
	_, values := ConsoleSecretsOf(env)
	SetConsoleSecrets(values...)
	SetConsoleSecretLabels(ConsoleSecretLabelsOf(env))
	t.Cleanup(func() { SetConsoleSecrets(); SetConsoleSecretLabels(nil) })
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "tokened", URL: up.URL, Env: map[string]string{"TOKEN": tok}}
	ctx := context.Background()
	say := "stored: " + pw + " and " + tok
	up.Say.Store(&say)
	_, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
	var ee *ExposureError
	if !errors.As(err, &ee) || len(ee.Found) != 1 || ee.Found[0].Label != "the password in DATABASE_URL" || len(ee.Found[0].Fingerprint) < 16 || strings.Contains(ee.Found[0].Fingerprint, pw) {
		t.Fatalf("exposure %#v", err)
	}
	if ee.Err != nil || ee.Res == nil || ee.Res.Content[0].(*mcp.TextContent).Text != "stored: "+pw+" and [secret]" || !ee.Masked {
		t.Errorf("the answer as an echo: %#v", ee)
	}
	msg := "cannot store " + adm + " with " + tok
	up.Say.Store(nil)
	up.Fail.Store(&msg)
	_, err = p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"x"}`))
	var se *ServerError
	if !errors.As(err, &ee) || len(ee.Found) != 1 || ee.Found[0].Label != "CONSOLE_ADMIN_PASSWORD" || !errors.As(ee.Err, &se) || se.Message != "cannot store "+adm+" with [secret]" {
		t.Errorf("a server error naming the admin's password: %#v", err)
	}
	in := ConsoleSecretsIn(json.RawMessage(`{"a":"` + base64.StdEncoding.EncodeToString([]byte(adm)) + `","b":"x ` + pw + `"}`))
	if len(in) != 2 || in[0].Fingerprint == in[1].Fingerprint {
		t.Errorf("secrets in the arguments: %v", in)
	}
	if in := ConsoleSecretsIn(json.RawMessage(`{"a":"Adm1n-Summer-2025"}`)); len(in) != 0 {
		t.Errorf("a wrong guess found: %v", in)
	}
}
