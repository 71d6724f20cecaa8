package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunPinsOneRule: pins follow one rule (the deferred-run rules: the surface is the
// roster for agent, profile and subject). A pin the agent or its profile
// never had, or no tool, is the runtime's configuration error: 422 naming
// pins, for every subject. A pin of the agent's that this subject is not
// granted (or that the ledger no longer holds bindable) pins nothing —
// whether it was never granted or revoked mid-run — and the step and the
// call say so in unpinned[]: never silent.
func TestRunPinsOneRule(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	type answer struct {
		Pins     []string `json:"pins"`
		Active   []string `json:"active"`
		Unpinned []string `json:"unpinned"`
		Status   string   `json:"status"`
	}
	post := func(path string, pins []string) (int, answer, []byte) {
		t.Helper()
		body := map[string]any{"agent": "analyst", "subject": contractor("u1"), "pins": pins, "receipts": []any{}}
		if path == "calls" {
			body["tool"] = "render_chart"
		}
		res, out := h.api(http.MethodPost, "/api/v1/runs/pin1/"+path, key, body)
		var a answer
		_ = json.Unmarshal(out, &a)
		return res.StatusCode, a, out
	}
	for _, path := range []string{"steps", "calls"} {
		// exec: declared by analyst, never granted to contractors
		code, a, out := post(path, []string{"render_chart", "exec"})
		if code != http.StatusOK || !slices.Equal(a.Unpinned, []string{"exec"}) || slices.Contains(a.Active, "exec") {
			t.Errorf("%s: a never-granted pin: %d unpinned %v active %v (%s)", path, code, a.Unpinned, a.Active, out)
		}
		code, a, _ = post(path, []string{"render_chart"})
		if code != http.StatusOK || len(a.Unpinned) != 0 {
			t.Errorf("%s: granted pins only: %d unpinned %v", path, code, a.Unpinned)
		}
		for _, pin := range []string{"web_fetch", "no_such_tool"} {
			code, _, out := post(path, []string{pin})
			if code != http.StatusUnprocessableEntity || apiErrorOf(t, out).Field != "pins" {
				t.Errorf("%s: pin %s the agent never had: %d %s", path, pin, code, out)
			}
		}
	}
	// revoked mid-run: the same answer as never granted
	if _, err := h.store.ChangeGrants(context.Background(), "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
		t.Fatal(err)
	}
	if code, a, out := post("steps", []string{"render_chart", "sql_query"}); code != http.StatusOK || !slices.Equal(a.Unpinned, []string{"sql_query"}) {
		t.Errorf("a revoked pin: %d unpinned %v (%s)", code, a.Unpinned, out)
	}
}
