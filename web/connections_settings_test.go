package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPageSettings: the add form takes a connection's call
// timeout and longest restart backoff (stderr lines are refused for a URL
// server), bad values are a 422 naming the field with nothing written;
// the row shows the settings set, the edit form shows them filled in, a
// changed value is stored and a cleared one returns to the default.
func TestConnectionsPageSettings(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	ctx := context.Background()
	admin := h.login("admin", adminPassword)
	for _, c := range []struct {
		form  url.Values
		field string
		want  string
	}{
		{url.Values{"timeout": {"soon"}}, "timeout", `"soon" is not a duration`},
		{url.Values{"timeout": {"2h"}}, "timeout", "must be a duration from 100ms to 1h"},
		{url.Values{"restart_backoff": {"0.01s"}}, "restart_backoff", "must be a duration from 100ms to 1h"},
		{url.Values{"stderr_lines": {"20"}}, "stderr_lines", "is for command servers"},
		{url.Values{"stderr_lines": {"x"}}, "stderr_lines", `"x" is not a whole number`},
	} {
		c.form.Set("name", "bad")
		c.form.Set("url", up.URL)
		res, doc := admin.post("/connections", c.form)
		if got := doc.Find(`[data-testid="error-` + c.field + `"]`).Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(got, c.want) {
			t.Errorf("%v: %d, %s error %q, want %q", c.form, res.StatusCode, c.field, got, c.want)
		}
		if _, open := doc.Find(`[data-testid="connection-settings-fold"]`).Attr("open"); !open {
			t.Errorf("%v: the refused setting's error is folded away", c.form)
		}
	}
	if cs, _ := h.store.Connections(ctx); len(cs) != 0 {
		t.Fatalf("refused adds stored %d connections", len(cs))
	}
	if res, _ := admin.post("/connections", url.Values{"name": {"demo"}, "url": {up.URL}, "timeout": {"45s"}, "restart_backoff": {"2m"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add: %d", res.StatusCode)
	}
	_, doc := admin.get("/connections")
	if got := doc.Find(`[data-testid="connection-demo"] [data-testid="connection-settings"]`).Text(); !strings.Contains(got, "timeout 45s") || !strings.Contains(got, "restart backoff 2m0s") {
		t.Errorf("the row's settings: %q", got)
	}
	form := doc.Find(`[data-testid="connection-edit-demo"] form`)
	if v, _ := form.Find(`input[name="timeout"]`).Attr("value"); v != "45s" {
		t.Errorf("the edit form's timeout: %q", v)
	}
	if res, doc := admin.post("/connections/demo/edit", url.Values{"url": {up.URL}, "timeout": {"45s"}, "restart_backoff": {"2m0s"}}); res.StatusCode != http.StatusUnprocessableEntity ||
		!strings.Contains(doc.Find(`[data-testid="edit-error-url"]`).Text(), "nothing to change") {
		t.Errorf("an edit of the settings as shown: %d", res.StatusCode)
	}
	if res, doc := admin.post("/connections/demo/edit", url.Values{"url": {up.URL}, "timeout": {"3h"}}); res.StatusCode != http.StatusUnprocessableEntity ||
		!strings.Contains(doc.Find(`[data-testid="connection-edit-demo"] [data-testid="edit-error-timeout"]`).Text(), "must be a duration") {
		t.Errorf("a bad timeout on the edit form: %d", res.StatusCode)
	}
	if res, _ := admin.post("/connections/demo/edit", url.Values{"url": {up.URL}, "timeout": {""}, "restart_backoff": {"5s"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("edit: %d", res.StatusCode)
	}
	c, _ := h.store.ConnectionByName(ctx, "demo")
	if set := c.Settings(); set.Timeout != 0 || set.RestartBackoff != 5*time.Second {
		t.Errorf("after the edit: %+v", set)
	}
}
