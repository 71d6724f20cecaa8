package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAnApprovalRequestThatCannotBeFiledSaysSo: when the
// approval request an approval-only call needs cannot be filed (here the
// database refuses the insert), the gateway answers a clear
// environment_unavailable saying no request exists and nothing ran,
// never an approval_required naming no request; /authorize answers a 503
// with the same meaning, never a 5xx body of another kind or a request it
// did not file.
func TestAnApprovalRequestThatCannotBeFiledSaysSo(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f, cs := approvalOnlyEcho(t, h, up.URL)
	ctx := t.Context()
	if err := h.store.Exec(ctx, "CREATE TRIGGER refuse_approvals BEFORE INSERT ON approvals BEGIN SELECT RAISE(ABORT, 'disk full'); END"); err != nil {
		t.Fatal(err)
	}
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	var e struct{ Error authority.Error }
	_ = json.Unmarshal([]byte(text), &e)
	if !isErr || e.Error.Type != typeUnavailableEnv || e.Error.Approval != "" || !strings.Contains(e.Error.Message, "could not file") || up.Calls("echo") != 0 {
		t.Errorf("a call whose approval request could not be filed: %s (upstream calls %d)", text, up.Calls("echo"))
	}
	res, out := h.api(http.MethodPost, "/api/v1/authorize", f.key, map[string]any{"agent": "helper", "tool": "demo.echo", "subject": map[string]any{"id": "sam", "groups": []string{"everyone"}}, "arguments": map[string]any{"text": "hi"}})
	if res.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(out), "could not file") {
		t.Errorf("/authorize when the request cannot be filed: %d %s", res.StatusCode, out)
	}
	if n, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals"); n != 0 {
		t.Errorf("%d requests stored", n)
	}
}
