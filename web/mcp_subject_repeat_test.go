package web

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRepeatedSubjectHeadersRefused: a subject
// header sent twice (a proxy appending one: RFC 9110 reads the two as one
// comma-joined list) is refused naming the header, as a repeated
// ?profile= is, on the gateway and on the manifest route; never the
// first one read.
func TestRepeatedSubjectHeadersRefused(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, name := range []string{"X-Subject-Id", "X-Subject-Groups"} {
		for _, path := range []string{"/mcp/helper", "/api/v1/manifest?agent=helper"} {
			method := http.MethodPost
			if strings.HasPrefix(path, "/api") {
				method = http.MethodGet
			}
			r, _ := http.NewRequest(method, f.front.URL+path, strings.NewReader(list))
			r.Header.Set("Authorization", "Bearer "+f.key)
			r.Header.Set("Content-Type", "application/json")
			r.Header.Set("Accept", "application/json, text/event-stream")
			r.Header.Set("X-Subject-Id", "alice")
			r.Header.Set("X-Subject-Groups", "everyone")
			r.Header.Add(name, "admins")
			res, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), name+": give it once") {
				t.Errorf("%s twice on %s: %d %.300s", name, path, res.StatusCode, b)
			}
		}
	}
}

// TestRepeatedGatewayHeadersRefused: a gateway request sending
// Authorization or Mcp-Session-Id twice is refused 400 naming the header,
// as a repeated subject header is; never the first one read.
func TestRepeatedGatewayHeadersRefused(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, c := range []struct{ name, second string }{{"Authorization", "Bearer afc_other"}, {"Mcp-Session-Id", "another-session"}} {
		r, _ := http.NewRequest(http.MethodPost, f.front.URL+"/mcp/helper", strings.NewReader(list))
		r.Header.Set("Authorization", "Bearer "+f.key)
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
		r.Header.Set("Mcp-Session-Id", cs.ID())
		r.Header.Add(c.name, c.second)
		res, err := http.DefaultClient.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), c.name+": give it once") {
			t.Errorf("%s twice: %d %.300s", c.name, res.StatusCode, b)
		}
	}
}
