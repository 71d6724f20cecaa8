package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"
)

// TestTheEditFormChangesAndClearsTheWorkingDirectory: a connection's
// edit form shows its working directory; another one typed there is
// stored, "clear it" removes it (the page shows none), and both at once
// are refused naming the field, with nothing changed.
func TestTheEditFormChangesAndClearsTheWorkingDirectory(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	ctx := context.Background()
	first, second := t.TempDir(), t.TempDir()
	if res, d := admin.post("/connections", url.Values{"name": {"mem"}, "command": {"node " + entry}, "dir": {first}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	_, d := admin.get("/connections")
	if v, _ := d.Find(`[data-testid="edit-dir-field"]`).Attr("value"); v != first {
		t.Fatalf("the edit form's working directory is %q, want %q", v, first)
	}
	if res, d := admin.post("/connections/mem/edit", url.Values{"dir": {second}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("edit dir: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	if c, err := h.store.ConnectionByName(ctx, "mem"); err != nil || c.Dir != second {
		t.Fatalf("stored dir: %+v %v", c, err)
	}
	res, d := admin.post("/connections/mem/edit", url.Values{"dir": {first}, "clear_dir": {"1"}})
	if res.StatusCode != http.StatusUnprocessableEntity || d.Find(`[data-testid="edit-error-dir"]`).Length() != 1 {
		t.Errorf("a dir given and cleared: %d, errors %q", res.StatusCode, d.Find(".errors").Text())
	}
	if res, d := admin.post("/connections/mem/edit", url.Values{"dir": {second}, "clear_dir": {"1"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("clear dir: %d %s", res.StatusCode, d.Find(".errors").Text())
	}
	if c, err := h.store.ConnectionByName(ctx, "mem"); err != nil || c.Dir != "" {
		t.Fatalf("a cleared dir is stored: %+v %v", c, err)
	}
	if _, d := admin.get("/connections"); d.Find(`[data-testid="connection-dir"]`).Length() != 0 {
		t.Errorf("the page still shows a working directory")
	}
}
