package web

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestForgeMCPFormIsWhatInitializeServes: the forge's MCP form (host=mcp)
// of an agent and profile is, byte for byte, the instructions the
// gateway's initialize gives an official-SDK client for the same agent,
// profile and subject — deferred or not, with or without a subject's
// groups — and the page's sections assemble to the same text; the text
// form (no host) is another text, with the channel tags.
func TestForgeMCPFormIsWhatInitializeServes(t *testing.T) {
	for _, deferred := range []bool{true, false} {
		h := sqliteOnly(t)
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, deferred)
		c := h.login("admin", adminPassword)
		for _, groups := range []string{"", "everyone"} {
			var headers map[string]string
			query := "/forge/text?agent=helper&profile=gw&host=mcp"
			if groups != "" {
				headers = map[string]string{"X-Subject-Id": "ada", "X-Subject-Groups": groups}
				query += "&sg=" + groups
			}
			cs, _ := f.connect(t, headers)
			init := cs.InitializeResult().Instructions
			res, _ := c.get(query)
			body, _ := io.ReadAll(res.Body)
			if res.StatusCode != http.StatusOK {
				t.Fatalf("%s: %d %s", query, res.StatusCode, body)
			}
			if string(body) != init {
				t.Errorf("deferred=%v groups=%q: the forge's MCP form (%d bytes) is not initialize's instructions (%d bytes):\n--- forge\n%s\n--- initialize\n%s", deferred, groups, len(body), len(init), body, init)
			}
			_, d := c.get(strings.Replace(query, "/forge/text", "/forge", 1))
			if got := forgeFullText(d); got != init {
				t.Errorf("deferred=%v groups=%q: the forge page's sections (%d bytes) are not initialize's instructions (%d bytes)", deferred, groups, len(got), len(init))
			}
			if sel, _ := d.Find(`[data-testid="forge-host"] option[selected]`).Attr("value"); sel != "mcp" {
				t.Errorf("the page does not show the MCP form as picked: %q", sel)
			}
			if href, _ := d.Find(`[data-testid="full-text-link"]`).Attr("href"); !strings.Contains(href, "host=mcp") {
				t.Errorf("the share link drops the MCP form: %s", href)
			}
			res, _ = c.get(strings.Replace(query, "&host=mcp", "", 1))
			text, _ := io.ReadAll(res.Body)
			if !strings.Contains(string(text), "<action") || string(text) == init {
				t.Errorf("deferred=%v: the forge's text form is not the text protocol", deferred)
			}
		}
	}
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	res, _ := c.get("/forge/text?host=tags")
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "host") {
		t.Errorf("a bad host: %d %s", res.StatusCode, body)
	}
}
