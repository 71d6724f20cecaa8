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
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConsoleSecretAServerHoldsIsWithheld: a server answering with one
// of the console's own secrets that no caller ever sent it (here in a
// page of wrong guesses, or base64-encoded) holds it: the answer is
// withheld with one fixed refusal, the incident audited on the
// connection without the secret and counted, and shown to admins; the
// connection is paused until an admin resumes it, and the calling key,
// which did nothing wrong, keeps working. Once a caller has
// sent the secret to the connection, the same answer is an echo of it:
// served as it came, audited naming the sender.
func TestConsoleSecretAServerHoldsIsWithheld(t *testing.T) {
	const admin = "the-admin-Passw0rd-of-this-console"
	withAdminPassword(t, admin)
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, false)
		ctx := context.Background()
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
		if err != nil || len(evs) != 1 || strings.Contains(fmt.Sprint(evs[0]), admin) || !strings.Contains(evs[0].Detail, "demo.echo") ||
			!strings.Contains(evs[0].Detail, "CONSOLE_ADMIN_PASSWORD") || evs[0].Subject != "connection:demo" {
			t.Fatalf("audit %v, %v", evs, err)
		}
		if n := counterValue(h.app.metrics.secretExposed); n != 1 {
			t.Errorf("exposures counted %v, want 1", n)
		}
		if res, _ := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil); res.StatusCode != http.StatusOK {
			t.Errorf("the calling key answered %d, want 200 (never suspended)", res.StatusCode)
		}
		if ks, _ := h.store.SuspendedAPIKeys(ctx); len(ks) != 0 {
			t.Errorf("suspended keys %v", ks)
		}
		adm := h.login("admin", adminPassword)
		_, doc := adm.get("/connections")
		if b := doc.Find(`[data-testid="secret-exposures"]`); b.Length() != 1 || !strings.Contains(b.Text(), "demo.echo") || strings.Contains(b.Text(), admin) {
			t.Fatal("the connections page does not show the exposure")
		}
		// the connection is paused until an admin resumes it; then the
		// same refusal for the secret in another form
		if paused, _ := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil); errType(paused) != typeConnectionPaused {
			t.Errorf("the call after the exposure: %s", paused)
		}
		adm.post("/connections/demo/resume", nil)
		b64 := "b64 " + base64.StdEncoding.EncodeToString([]byte(admin))
		up.Say.Store(&b64)
		if again, _ := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil); again != text {
			t.Errorf("refusals differ: %s and %s", again, text)
		}
		adm.post("/connections/demo/resume", nil)
		// a caller sends it (the call's own echo comes back as sent);
		// from then on the server repeating it is an echo, served
		up.Say.Store(nil)
		if sent, isErr := call(t, cs, "demo.echo", map[string]any{"text": "remember " + admin}, nil); isErr || !strings.Contains(sent, admin) {
			t.Fatalf("the call sending the secret: %s", sent)
		}
		up.Say.Store(&page)
		if echo, isErr := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil); isErr || echo != page {
			t.Errorf("the server repeating what a caller sent: %s", echo)
		}
		k, _ := h.store.APIKeyBySecret(ctx, f.key)
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.echo"}); len(evs) != 1 || !strings.Contains(evs[0].Detail, apiKeyActor(k)) || strings.Contains(evs[0].Detail, admin) {
			t.Errorf("echo audited %v", evs)
		}
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.exposure"}); len(evs) != 2 {
			t.Errorf("%d exposures audited, want 2 (the echo is none)", len(evs))
		}
	})
}

// counterValue is c's value.
func counterValue(c prometheus.Counter) float64 {
	var m dto.Metric
	_ = c.Write(&m)
	return m.GetCounter().GetValue()
}
