package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestTheConnectionsPageWarnsOfOrdinarySecrets: a header value that looks
// like ordinary text is warned of after the add (the flash) and on the
// connection's row, by the header's name, never its value.
func TestTheConnectionsPageWarnsOfOrdinarySecrets(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	admin := h.login("admin", adminPassword)
	res, d := admin.post("/connections", url.Values{"name": {"weak"}, "url": {up.URL}, "headers": {"X-Api-Key=changeme"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	_, d = admin.get("/connections")
	page := d.Text()
	if got := d.Find(`[data-testid="connection-ordinary-secrets"]`).Text(); !strings.Contains(got, "header X-Api-Key") || !strings.Contains(got, "ordinary text") {
		t.Errorf("the row warns %q", got)
	}
	if !strings.Contains(page, "Warning: the value of header X-Api-Key") {
		t.Errorf("no warning after the add")
	}
	if strings.Contains(page, "changeme") {
		t.Error("the page shows the secret value")
	}
}
