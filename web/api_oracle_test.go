package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
)

// modelVisible is an answer as a model would see it: host_reason removed
// and the tool's name replaced, so two answers about two names compare.
func modelVisible(t *testing.T, status int, out []byte, tool string) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("%s: %v", out, err)
	}
	delete(m, "host_reason")
	j, _ := json.Marshal(m)
	j = bytes.ReplaceAll(j, []byte(tool), []byte("TOOL"))
	return append([]byte(http.StatusText(status)+" "), j...)
}

// TestHiddenAndNonexistentToolsAnswerAlike: for one caller, a tool that
// exists but is not granted to the subject (hidden by policy) and a tool
// that does not exist get byte-identical model-visible answers on every
// route — /authorize, /bindings, a run's calls and search — and only
// host_reason tells them apart (seed 000). Failed first: /authorize and
// /bindings answered permission_denied for the hidden tool.
func TestHiddenAndNonexistentToolsAnswerAlike(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	u1 := contractor("u1")
	const hidden, none = "exec", "exed" // same length: the names' bytes aside, nothing may differ
	routes := []struct {
		name, path string
		body       func(tool string) map[string]any
	}{
		{"authorize", "/api/v1/authorize", func(tool string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": u1}
		}},
		{"authorize with arguments", "/api/v1/authorize", func(tool string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": u1, "arguments": map[string]any{"code": "1"}}
		}},
		{"bindings", "/api/v1/bindings", func(tool string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": u1}
		}},
		{"run call", "/api/v1/runs/r1/calls", func(tool string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": u1, "receipts": []any{}}
		}},
		{"run search", "/api/v1/runs/r1/search", func(tool string) map[string]any {
			return map[string]any{"agent": "analyst", "query": tool, "step": 0, "subject": u1}
		}},
	}
	reason := regexp.MustCompile(`"host_reason":"([^"]*)"`)
	for _, r := range routes {
		hres, hout := h.api(http.MethodPost, r.path, key, r.body(hidden))
		nres, nout := h.api(http.MethodPost, r.path, key, r.body(none))
		hv, nv := modelVisible(t, hres.StatusCode, hout, hidden), modelVisible(t, nres.StatusCode, nout, none)
		if !bytes.Equal(hv, nv) {
			t.Errorf("%s: the hidden tool and a nonexistent one answer apart:\nhidden: %s\nnone:   %s", r.name, hv, nv)
			continue
		}
		if hres.StatusCode >= 500 {
			t.Errorf("%s: %d", r.name, hres.StatusCode)
		}
		hr, nr := reason.FindSubmatch(hout), reason.FindSubmatch(nout)
		if r.name != "run search" && (hr == nil || nr == nil || bytes.Equal(hr[1], nr[1])) {
			t.Errorf("%s: host_reason must keep the real reason apart: %q vs %q", r.name, hr, nr)
		}
	}
}
