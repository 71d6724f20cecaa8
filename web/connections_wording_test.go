package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsFindable: admins have Connections in the
// top navigation (others do not: the page is theirs), the page explains
// its Tools figures and says secret values are hidden, and a tool's page
// names the connection serving it — a link for an admin.
func TestConnectionsFindable(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixture("demo", up.URL, false)
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/connections")
	if nav := doc.Find(`header nav a[href="/connections"]`); nav.Length() != 1 || !nav.HasClass("active") {
		t.Errorf("admin nav: %d Connections entries (active %v)", nav.Length(), nav.HasClass("active"))
	}
	legend := doc.Find(`[data-testid="connections-legend"]`).Text()
	if !strings.Contains(legend, "+added ~changed −removed") || !strings.Contains(doc.Find("thead").Text(), "values hidden") {
		t.Errorf("legend %q, head %q", legend, doc.Find("thead").Text())
	}
	if doc.Find(`tr#connection-demo`).Length() != 1 {
		t.Error("the row has no anchor to link to")
	}
	_, doc = admin.get("/catalog/tools/demo.echo")
	if href, _ := doc.Find(`[data-testid="tool-connection"] a`).Attr("href"); href != "/connections#connection-demo" {
		t.Errorf("tool page link to its connection: %q (%q)", href, doc.Find(`[data-testid="tool-connection"]`).Text())
	}
	// the Source line reads as one sentence: no space before its ";"
	if src := strings.Join(strings.Fields(doc.Find(`[data-testid="tool-connection"]`).Parent().Text()), " "); strings.Contains(src, " ;") || !strings.Contains(src, "; served by connection demo") {
		t.Errorf("tool page Source line: %q", src)
	}
	h.addUser("vera", models.RoleEditor)
	vera := h.login("vera", "vera-password")
	_, doc = vera.get("/catalog/tools/demo.echo")
	if doc.Find(`header nav a[href="/connections"]`).Length() != 0 {
		t.Error("an editor's nav has Connections, a page only admins may open")
	}
	if c := doc.Find(`[data-testid="tool-connection"]`); c.Find("a").Length() != 0 || !strings.Contains(c.Text(), "demo") {
		t.Errorf("an editor's tool page: %q (links %d)", c.Text(), c.Find("a").Length())
	}
	if _, doc = admin.get("/catalog/tools/read_file"); doc.Find(`[data-testid="tool-connection"]`).Length() != 0 {
		t.Error("a native tool names a connection")
	}
}
