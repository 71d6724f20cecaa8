package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesBadListAndLevelParams: the gateway
// lists every tool on one page and hands out no cursor, so a cursor it
// never gave (garbage) is refused as invalid params naming
// params.cursor, not ignored. The gateway sends its clients no log
// messages and declares no logging capability, so logging/setLevel is
// not a method it serves: method not found, whatever the level (failed
// first: it answered {}). The SDK's own client sees each as a JSON-RPC
// error; good requests still work.
func TestGatewayRefusesBadListAndLevelParams(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	ctx := context.Background()
	if _, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: "garbage"}); err == nil || !strings.Contains(err.Error(), "params.cursor") {
		t.Errorf("tools/list with a garbage cursor: %v, want an error naming params.cursor", err)
	}
	for _, m := range []string{"tools/list", "resources/list"} {
		a := f.postMessage(t, cs.ID(), `{"jsonrpc":"2.0","id":3,"method":"`+m+`","params":{"cursor":"Z2FyYmFnZQ=="}}`, nil)
		if !strings.Contains(a.body, `"code":-32602`) || !strings.Contains(a.body, "params.cursor") {
			t.Errorf("%s with a cursor never given: %d %s, want invalid params naming params.cursor", m, a.status, a.body)
		}
	}
	if caps := cs.InitializeResult().Capabilities; caps.Logging != nil {
		t.Errorf("the gateway declares the logging capability: %+v", caps.Logging)
	}
	for _, level := range []mcp.LoggingLevel{"warning", "loud"} {
		if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: level}); err == nil || !strings.Contains(err.Error(), "not one the gateway serves") {
			t.Errorf("logging/setLevel %s: %v, want method not found", level, err)
		}
		a := f.postMessage(t, cs.ID(), `{"jsonrpc":"2.0","id":4,"method":"logging/setLevel","params":{"level":"`+string(level)+`"}}`, nil)
		if !strings.Contains(a.body, `"code":-32601`) {
			t.Errorf("logging/setLevel %s: %d %s, want -32601", level, a.status, a.body)
		}
	}
	if got := toolNames(t, cs); len(got) == 0 {
		t.Error("the session lists nothing after the refusals")
	}
}

// TestGatewayRefusesInvisibleSubjects: an X-Subject-Id
// holding a zero-width or control character (two ids that look alike
// would be two subjects) is refused with a 400 naming X-Subject-Id, on
// initialize and in a session; nothing is started.
func TestGatewayRefusesInvisibleSubjects(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam"})
	for _, id := range []string{"s\u200bam", "sam\u200d", "\ufeffsam", "s\tam", "И\u200dван", "Jo\u200dhn"} {
		for _, token := range []string{"", cs.ID()} {
			body := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
			if token == "" {
				body = initializeBody
			}
			status, msg := f.rawPost(t, token, body, map[string]string{"X-Subject-Id": id})
			if status != http.StatusBadRequest || !strings.HasPrefix(msg, "X-Subject-Id:") || strings.Contains(msg, "subject.id") {
				t.Errorf("X-Subject-Id %q (session %v): %d %s, want 400 naming the header", id, token != "", status, msg)
			}
		}
	}
	if n, _ := h.store.Raw(context.Background(), "SELECT count(*) FROM gateway_sessions"); n != 1 {
		t.Errorf("%d sessions stored, want only the good one", n)
	}
}

// TestGatewayDeleteChecksTheSubject: ending a
// session is a request of the session like any other: another subject
// (or none) is refused naming X-Subject-Id and the session lives on;
// its own subject ends it.
func TestGatewayDeleteChecksTheSubject(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	sam := map[string]string{"X-Subject-Id": "sam"}
	cs, _ := f.connect(t, sam)
	del := func(headers map[string]string) int {
		req, _ := http.NewRequest(http.MethodDelete, f.front.URL+"/mcp/helper", nil)
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Mcp-Session-Id", cs.ID())
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	toolNames(t, cs)
	for _, who := range []map[string]string{{"X-Subject-Id": "eve"}, nil} {
		if got := del(who); got != http.StatusBadRequest {
			t.Errorf("DELETE as %v: %d, want 400", who, got)
		}
	}
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Errorf("the session was ended by another subject: %v", err)
	}
	if got := del(sam); got != http.StatusNoContent {
		t.Errorf("DELETE by its own subject: %d", got)
	}
}
