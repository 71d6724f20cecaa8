package web

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestJSONErrorsWriteAngleBracketsAsThemselves: a JSON error body said
// "Authorization: Bearer \u003ckey\u003e" (encoding/json's HTML
// escaping) on the API, /metrics and the gateway; every JSON answer is
// written with <, > and & as they are (it is never HTML: its type is
// application/json and nosniff stands).
func TestJSONErrorsWriteAngleBracketsAsThemselves(t *testing.T) {
	h := sqliteOnly(t)
	for _, k := range []struct{ method, path, body string }{
		{http.MethodPost, "/api/v1/compose", `{}`},
		{http.MethodGet, "/metrics", ""},
		{http.MethodPost, "/mcp/analyst", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`},
	} {
		req, _ := http.NewRequest(k.method, h.srv.URL+k.path, strings.NewReader(k.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(b), "Bearer <key>") || strings.Contains(string(b), `\u003c`) {
			t.Errorf("%s %s: %d %s, want 401 saying Bearer <key> as written", k.method, k.path, res.StatusCode, b)
		}
	}
}
