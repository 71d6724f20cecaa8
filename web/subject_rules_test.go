package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestSubjectRulesEverywhere: every runtime route that takes a subject
// (authorize, bindings, runs search/steps/calls) applies one rule: a
// subject.id that is empty or missing, has control or bidi characters, or
// is over 200 bytes, is a 400 naming subject.id (field and message); a
// group that is not a group name is a 400 naming subject.groups; no
// message echoes more than a bounded excerpt.
func TestSubjectRulesEverywhere(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	routes := map[string]map[string]any{
		"/api/v1/authorize":      {"tool": "exec"},
		"/api/v1/bindings":       {"tool": "exec"},
		"/api/v1/runs/r1/search": {"query": "x", "step": 0},
		"/api/v1/runs/r1/steps":  {"receipts": []any{}},
		"/api/v1/runs/r1/calls":  {"tool": "exec", "receipts": []any{}},
	}
	subjects := map[string]struct {
		subject map[string]any
		field   string
	}{
		"empty id":   {map[string]any{"id": "", "groups": []string{"contractors"}}, "subject.id"},
		"no id":      {map[string]any{"groups": []string{"contractors"}}, "subject.id"},
		"ESC":        {map[string]any{"id": "carol\x1b[2J"}, "subject.id"},
		"RLO":        {map[string]any{"id": "lorac\u202e"}, "subject.id"},
		"newline":    {map[string]any{"id": "carol\nlevel=ERROR"}, "subject.id"},
		"long id":    {map[string]any{"id": strings.Repeat("c", 257)}, "subject.id"},
		"bad group":  {map[string]any{"id": "carol", "groups": []string{"Bad Group"}}, "subject.groups"},
		"long group": {map[string]any{"id": "carol", "groups": []string{strings.Repeat("g", 10000)}}, "subject.groups"},
	}
	for path, base := range routes {
		for name, s := range subjects {
			body := map[string]any{"agent": "analyst", "subject": s.subject}
			for k, v := range base {
				body[k] = v
			}
			res, out := h.api(http.MethodPost, path, key, body)
			e := apiErrorOf(t, out)
			if res.StatusCode != http.StatusBadRequest || e.Field != s.field || !strings.Contains(e.Message, s.field) {
				t.Errorf("%s, %s: %d %s, want 400 naming %s", path, name, res.StatusCode, out, s.field)
			}
			if len(out) > 400 {
				t.Errorf("%s, %s: a %d-byte error echoes the input", path, name, len(out))
			}
		}
	}
}
