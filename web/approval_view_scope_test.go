package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestApprovalViewShowsSecretsAsSent: the reviewer's view of a request's
// arguments masks no value for equalling a secret, of the connection
// that serves the tool or of another: the caller sent it, and a view (or
// a filing) that changed with it would tell the key which guess is a
// secret.
func TestApprovalViewShowsSecretsAsSent(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		testApprovalScope(t, h, false)
	})
}

// testApprovalScope files requests whose arguments repeat the serving
// connection's secret and another connection's, and checks the view the
// asking key reads back shows each as sent; with strangers, also that
// another runtime key gets 404 for it exactly as for an unknown ref.
func testApprovalScope(t *testing.T, h *harness, strangers bool) {
	up := upstreamtest.New()
	defer up.Close()
	const own = "/srv/keys/sam-private.pem"
	const other = "sunshine42"
	f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Key-File": own}}, false)
	ctx := context.Background()
	if _, err := h.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "weakdb", URL: up.URL, Headers: map[string]string{"X-Db-Password": other}}); err != nil {
		t.Fatal(err)
	}
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	sam := map[string]any{"id": "sam", "groups": []string{authority.Everyone}}
	var ref string
	for _, text := range []string{"key " + own, "password " + other} {
		_, raw := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam,
			"arguments": map[string]any{"text": text}})
		var d struct {
			Error struct{ Type, Approval string }
		}
		_ = json.Unmarshal(raw, &d)
		if d.Error.Approval == "" {
			t.Fatalf("authorize %q: %s", text, raw)
		}
		ref = d.Error.Approval
		res, out := h.api(http.MethodGet, "/api/v1/approvals/"+ref, f.key, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("the asking key reads its request: %d %s", res.StatusCode, out)
		}
		var a struct{ Arguments string }
		_ = json.Unmarshal(out, &a)
		if !strings.Contains(a.Arguments, text) {
			t.Errorf("view %q: want %q as sent", a.Arguments, text)
		}
	}
	if !strangers {
		return
	}
	unknown, body := h.api(http.MethodGet, "/api/v1/approvals/"+models.ApprovalPrefix+"nope", f.key, nil)
	stranger, sbody := h.api(http.MethodGet, "/api/v1/approvals/"+ref, h.runtimeKey(), nil)
	if stranger.StatusCode != http.StatusNotFound || string(sbody) != string(body) || unknown.StatusCode != http.StatusNotFound {
		t.Errorf("another key reading the request: %d %s; unknown ref: %d %s", stranger.StatusCode, sbody, unknown.StatusCode, body)
	}
}

// TestApprovalReadOnlyByAskingKey: GET /api/v1/approvals/{ref} answers a
// runtime key only for a request it filed or asked for (the view holds
// the call's arguments and the subject); another key gets 404 exactly as
// for an unknown ref.
func TestApprovalReadOnlyByAskingKey(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		testApprovalScope(t, h, true)
	})
}
