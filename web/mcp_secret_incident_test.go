package web

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConsoleSecretInAnAnswerSuspendsTheKey: a server answering with one
// of the console's own secrets (here a page of the caller's guesses it
// fetched, the right one among them, or the secret base64-encoded) gets
// its answer withheld with one fixed refusal, the incident audited
// without the secret and counted, the calling key suspended (refused at
// once) and shown to admins, who can resume it (audited).
func TestConsoleSecretInAnAnswerSuspendsTheKey(t *testing.T) {
	const admin = "the-admin-Passw0rd-of-this-console"
	upstream.SetConsoleSecrets(admin)
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	k, err := h.store.APIKeyBySecret(ctx, f.key)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := f.connect(t, nil)
	wrong := "g1: guess-one g2: guess-two"
	up.Say.Store(&wrong)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil); isErr || text != wrong {
		t.Fatalf("a page of wrong guesses: %s", text)
	}
	page := "g1: guess-one g2: " + admin + " g3: guess-three"
	up.Say.Store(&page)
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil)
	if !isErr || errType(text) != typeResultWithheld || strings.Contains(text, admin) || strings.Contains(text, "guess") {
		t.Fatalf("a page holding the admin's password: %s", text)
	}
	evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.exposure"})
	if err != nil || len(evs) != 1 || strings.Contains(fmt.Sprint(evs[0]), admin) || !strings.Contains(evs[0].Detail, "demo.echo") {
		t.Fatalf("audit %v, %v", evs, err)
	}
	if n := counterValue(h.app.metrics.secretExposed); n != 1 {
		t.Errorf("exposures counted %v, want 1", n)
	}
	if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("the suspended key answered %d, want 403", res.StatusCode)
	}
	if _, err := cs.CallTool(ctx, nil); err == nil {
		t.Error("the suspended key's session still answers")
	}
	adm := h.login("admin", adminPassword)
	_, doc := adm.get("/connections")
	if doc.Find(fmt.Sprintf(`[data-testid="suspended-key-%d"]`, k.ID)).Length() != 1 {
		t.Fatal("the connections page does not show the suspended key")
	}
	if res, _ := adm.post(fmt.Sprintf("/apikeys/%d/resume", k.ID), nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("resume answered %d", res.StatusCode)
	}
	if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "apikey.resume"}); len(evs) != 1 || evs[0].Actor != "admin" {
		t.Errorf("resume audited %v", evs)
	}
	if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the resumed key answered %d, want 200", res.StatusCode)
	}
	// the same refusal for the secret in another form
	b64 := "b64 " + base64.StdEncoding.EncodeToString([]byte(admin))
	up.Say.Store(&b64)
	cs2, _ := f.connect(t, nil)
	if again, _ := call(t, cs2, "demo.echo", map[string]any{"text": "page"}, nil); again != text {
		t.Errorf("refusals differ: %s and %s", again, text)
	}
}

// counterValue is c's value.
func counterValue(c prometheus.Counter) float64 {
	var m dto.Metric
	_ = c.Write(&m)
	return m.GetCounter().GetValue()
}
