package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestMaskedAnswersAreAuditedOffTheCallPath: an answer with a
// connection's secret masked returns without waiting for its audit (the
// writes are held here, and the calls still answer); the audit is written
// once released and is complete after flush, as Server.Close does before
// the console stops; on both databases.
func TestMaskedAnswersAreAuditedOffTheCallPath(t *testing.T) {
	const tok = "conn-token-Zq81-abcdef"
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Token": tok}}, false)
		ctx := context.Background()
		cs, _ := f.connect(t, nil)
		say := "token " + tok
		up.Say.Store(&say)
		hold := make(chan struct{})
		h.app.gw.masked.hold = hold
		const calls = 3
		for i := 0; i < calls; i++ {
			if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); isErr || !strings.Contains(text, "[secret]") {
				t.Fatalf("answer %d: %s", i, text)
			}
		}
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked", PerPage: 100}); len(evs) != 0 {
			t.Errorf("%d masked answers audited while the writes are held: the audit is on the call path", len(evs))
		}
		close(hold)
		h.app.gw.masked.flush()
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked", PerPage: 100}); len(evs) != calls {
			t.Errorf("audited %d masked answers after the flush, want %d", len(evs), calls)
		}
	})
}
