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

// TestApprovalViewMasksOnlyTheServingConnection: the reviewer's view of a
// request's arguments masks the secrets of the connection that serves the
// tool, not every connection's (that would tell the key which guess is
// another connection's secret).
func TestApprovalViewMasksOnlyTheServingConnection(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		testApprovalScope(t, h, false)
	})
}

// testApprovalScope files a request whose arguments repeat another
// connection's secret, and checks the view the asking key reads back shows
// it (a call repeating the serving connection's secret is masked, so it
// files nothing: it can never be approved); with strangers, also that another runtime key
// gets 404 for it exactly as for an unknown ref.
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
	if d := h.authorize(f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam,
		"arguments": map[string]any{"text": "key " + own}}); d.Error == nil || !strings.Contains(d.Error.Message, "can never be approved") {
		t.Errorf("authorize with the serving connection's secret: %+v", d)
	}
	_, raw := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": sam,
		"arguments": map[string]any{"text": "password " + other}})
	var d struct {
		Error struct{ Type, Approval string }
	}
	_ = json.Unmarshal(raw, &d)
	if d.Error.Approval == "" {
		t.Fatalf("authorize: %s", raw)
	}
	res, out := h.api(http.MethodGet, "/api/v1/approvals/"+d.Error.Approval, f.key, nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the asking key reads its request: %d %s", res.StatusCode, out)
	}
	var a struct{ Arguments string }
	_ = json.Unmarshal(out, &a)
	if !strings.Contains(a.Arguments, "password "+other) {
		t.Errorf("view %q: want no other connection's secret masked", a.Arguments)
	}
	if !strangers {
		return
	}
	unknown, body := h.api(http.MethodGet, "/api/v1/approvals/"+models.ApprovalPrefix+"nope", f.key, nil)
	stranger, sbody := h.api(http.MethodGet, "/api/v1/approvals/"+d.Error.Approval, h.runtimeKey(), nil)
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
