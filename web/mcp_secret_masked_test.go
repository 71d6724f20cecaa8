package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAServerWritingItsOwnSecretNeverSuspendsAKey: a server that writes
// its own connection token in every answer, unprompted, has each answer
// masked, audited under the key (never the secret) and counted; past
// MaskedAnswersPerHour in an hour the admins are alerted once (audited
// secret.masked_alert, counted, shown in the banner), and the honest
// caller's key keeps working.
func TestAServerWritingItsOwnSecretNeverSuspendsAKey(t *testing.T) {
	const tok = "conn-token-Zq81-abcdef"
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"Authorization": "Bearer " + tok}}, false)
	ctx := context.Background()
	cs, _ := f.connect(t, nil)
	say := "ok (authenticated with Bearer " + tok + ")"
	up.Say.Store(&say)
	const calls = 2*MaskedAnswersPerHour + 2
	for i := 0; i < calls; i++ {
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hello"}, nil)
		if isErr || strings.Contains(text, tok) || !strings.Contains(text, "[secret]") {
			t.Fatalf("answer %d: %s", i, text)
		}
	}
	h.app.gw.masked.flush()
	evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked", PerPage: 100})
	if err != nil || len(evs) != calls || strings.Contains(fmt.Sprint(evs[0]), tok) {
		t.Fatalf("audit %d events, %v", len(evs), err)
	}
	if n := counterValue(h.app.metrics.secretMasked); n != calls {
		t.Errorf("masked answers counted %v, want %d", n, calls)
	}
	alerts, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked_alert"})
	if len(alerts) != 1 || strings.Contains(fmt.Sprint(alerts[0]), tok) || !strings.Contains(alerts[0].Detail, "demo.echo") {
		t.Errorf("alerts %v, want one naming the tool", alerts)
	}
	if n := counterValue(h.app.metrics.secretAlert); n != 1 {
		t.Errorf("alerts counted %v, want 1", n)
	}
	if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the caller's key answered %d, want 200 (never suspended for masked answers)", res.StatusCode)
	}
	if ks, _ := h.store.SuspendedAPIKeys(ctx); len(ks) != 0 {
		t.Errorf("suspended keys %v", ks)
	}
	_, page := h.login("admin", adminPassword).get("/apikeys")
	if page.Find(`[data-testid="masked-alerts"]`).Length() != 1 {
		t.Error("the API keys page does not show the alert")
	}
}

// TestAMaskedServerErrorIsAMaskedAnswer: a connection's secret masked in
// a server's JSON-RPC error text tells the caller what a masked result
// does, so it is audited and counted the same way.
func TestAMaskedServerErrorIsAMaskedAnswer(t *testing.T) {
	const tok = "conn-token-Zq81-abcdef"
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Token": tok}}, false)
	ctx := context.Background()
	cs, _ := f.connect(t, nil)
	page := "no such entity; page said: g1 wrong-guess g2 " + tok
	up.Fail.Store(&page)
	for i := 0; i < 3; i++ {
		if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "read"}, nil); !strings.Contains(text, "g2 [secret]") || strings.Contains(text, tok) {
			t.Fatalf("error %d: %s", i, text)
		}
	}
	plain := "no such entity"
	up.Fail.Store(&plain)
	call(t, cs, "demo.echo", map[string]any{"text": "read"}, nil)
	h.app.gw.masked.flush()
	evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked", PerPage: 100})
	if len(evs) != 3 || strings.Contains(fmt.Sprint(evs[0]), tok) {
		t.Errorf("audited %d masked answers, want 3: %v", len(evs), evs)
	}
	if n := counterValue(h.app.metrics.secretMasked); n != 3 {
		t.Errorf("masked answers counted %v, want 3", n)
	}
}

// TestAnOrdinaryWordConsolePasswordIsNoIncident: a console database
// password that is an ordinary word ("postgres", as the user too) is not
// looked for in answers: one naming the word is answered as it is and
// the key keeps working.
func TestAnOrdinaryWordConsolePasswordIsNoIncident(t *testing.T) {
	_, pw := upstream.ConsoleSecretsOf([]string{"DATABASE_URL=postgres://postgres:postgres@db:5432/console", "PGPASSWORD=password"})
	upstream.SetConsoleSecrets(pw...)
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	say := "Supported engines: postgres, mysql, sqlite; set a password"
	up.Say.Store(&say)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "which engines?"}, nil); isErr || text != say {
		t.Errorf("an answer naming postgres and password: %s", text)
	}
	if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the key answered %d, want 200", res.StatusCode)
	}
}
