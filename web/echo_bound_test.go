package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestErrorsEchoBoundedInput: no API error echoes unbounded input. An
// agent or profile slug over the slug rule's models.MaxSlug is a 400 naming it
// before any lookup; an unknown one is a 404 quoting a bounded excerpt;
// an unknown 10 KB key is named by an excerpt.
func TestErrorsEchoBoundedInput(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	huge := strings.Repeat("a", 100<<10)
	for _, c := range []struct {
		method, path string
		body         any
		status       int
		field        string
	}{
		{http.MethodPost, "/api/v1/authorize", map[string]any{"agent": huge, "tool": "exec"}, 400, "agent"},
		{http.MethodPost, "/api/v1/compose", map[string]any{"agent": huge}, 400, "agent"},
		{http.MethodPost, "/api/v1/compose", map[string]any{"agent": "analyst", "profile": huge}, 400, "profile"},
		{http.MethodPost, "/api/v1/runs/r1/steps", map[string]any{"agent": huge, "receipts": []any{}}, 400, "agent"},
		{http.MethodPost, "/api/v1/runs/r1/calls", map[string]any{"agent": "analyst", "profile": huge, "tool": "exec", "receipts": []any{}}, 400, "profile"},
		{http.MethodGet, "/api/v1/tools/search?q=x&agent=" + url.QueryEscape(huge), nil, 400, "agent"},
		{http.MethodPost, "/api/v1/authorize", map[string]any{"agent": strings.Repeat("z", models.MaxSlug), "tool": "exec"}, 404, "agent"},
		{http.MethodPost, "/api/v1/authorize", map[string]any{"agent": strings.Repeat("z", models.MaxSlug+1), "tool": "exec"}, 400, "agent"},
		{http.MethodPost, "/api/v1/authorize", `{"agent":"analyst","tool":"exec","` + strings.Repeat("k", 10000) + `":1}`, 400, ""},
	} {
		res, out := h.api(c.method, c.path, key, c.body)
		e := apiErrorOf(t, out)
		if res.StatusCode != c.status || (c.field != "" && e.Field != c.field) {
			t.Errorf("%s %.60s: %d field %q, want %d %q", c.method, c.path, res.StatusCode, e.Field, c.status, c.field)
		}
		if len(out) > 600 {
			t.Errorf("%s %.60s: a %d-byte error echoes the input: %.200s", c.method, c.path, len(out), out)
		}
	}
}
