package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestImportPageRefusesAConnectionsNamespace: the import
// page refuses, at the preview and at the confirmation, a file that would
// write into a connection's namespace, naming the connection on the
// namespace field; nothing is imported.
func TestImportPageRefusesAConnectionsNamespace(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		if _, err := h.store.CreateConnection(ctx, "admin", models.ConnectionInput{Name: "demo", URL: "http://127.0.0.1:9/mcp"}); err != nil {
			t.Fatal(err)
		}
		admin := h.login("admin", adminPassword)
		doc := `{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}]}`
		for _, path := range []string{"/catalog/import", "/catalog/import/confirm"} {
			res, page := admin.post(path, url.Values{"format": {"mcp"}, "namespace": {"demo"}, "document": {doc}, "digest": {"x"}})
			if res.StatusCode != http.StatusConflict || !strings.Contains(page.Text(), "served by connection demo") {
				t.Errorf("%s over connection demo: %d %s", path, res.StatusCode, strings.Join(strings.Fields(page.Find("main").Text()), " "))
			}
		}
		if n, _ := h.store.NamespaceToolCount(ctx, "demo"); n != 0 {
			t.Errorf("the refused import stored %d tools", n)
		}
	})
}
