package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestTheAddFormTakesAWorkingDirectory: the Connections page's add form
// has a working directory field (the CLI's --dir): a relative path is
// refused naming the field, with nothing saved; a directory that exists
// is stored and shown on the page.
func TestTheAddFormTakesAWorkingDirectory(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, d := admin.get("/connections")
	if d.Find(`[data-testid="connection-form"] input[name="dir"]`).Length() != 1 {
		t.Fatal("the add form has no working directory field")
	}
	res, d := admin.post("/connections", url.Values{"name": {"mem"}, "command": {"node " + entry}, "dir": {"data"}})
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(d.Find(`[data-testid="error-dir"]`).Text(), "absolute") {
		t.Errorf("a relative dir: %d, errors %q", res.StatusCode, d.Find(".errors").Text())
	}
	if _, err := h.store.ConnectionByName(context.Background(), "mem"); err == nil {
		t.Fatal("a refused add saved the connection")
	}
	work := t.TempDir()
	if res, d := admin.post("/connections", url.Values{"name": {"mem"}, "command": {"node " + entry}, "dir": {work}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	c, err := h.store.ConnectionByName(context.Background(), "mem")
	if err != nil || c.Dir != work {
		t.Fatalf("stored dir: %+v %v", c, err)
	}
	_, d = admin.get("/connections")
	if got := d.Find(`[data-testid="connection-dir"]`).Text(); !strings.Contains(got, work) {
		t.Errorf("the page shows %q", got)
	}
}
