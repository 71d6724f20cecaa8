package web

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/deferred"
)

// TestCallsAnswerWhatTheStepTeaches: for the console's own tools, as for
// every other, /calls says active exactly when the same receipts' step
// tells the model to call the tool. The demo skill quarterly-report needs
// read_spreadsheet and workspace_write: with one pinned and the other
// activated, the step lists the skill and teaches load_skill. Before,
// /calls answered load_skill "unknown: no tool load_skill in the catalog"
// in that very step.
func TestCallsAnswerWhatTheStepTeaches(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		post := func(path string, body map[string]any) apiResp {
			res, b := h.api(http.MethodPost, path, key, body)
			return apiResp{res, b}
		}
		body := func(extra ...any) map[string]any {
			m := map[string]any{"agent": "analyst", "pins": []string{"read_spreadsheet"}}
			for i := 0; i < len(extra); i += 2 {
				m[extra[i].(string)] = extra[i+1]
			}
			return m
		}
		sr := decodeAs[searchResult](t, post("/api/v1/runs/skills-1/search", map[string]any{"agent": "analyst", "query": "write a text file into the workspace", "step": 0, "limit": 1}))
		if sr.Receipt == nil || sr.Receipt.Names[0] != "workspace_write" {
			t.Fatalf("search: %+v", sr)
		}
		for _, tc := range []struct {
			name     string
			receipts []any
			skill    bool
		}{
			{"the skill's tools half active", []any{}, false},
			{"the skill's tools all active", []any{[]any{sr.Receipt}}, true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st := decodeAs[stepResult](t, post("/api/v1/runs/skills-1/steps", body("receipts", tc.receipts)))
				if strings.Contains(st.Text, "quarterly-report") != tc.skill {
					t.Fatalf("skill listed %v, want %v (active %v)", !tc.skill, tc.skill, st.Active)
				}
				for _, tool := range []string{instruction.SearchToolID, instruction.LoadSkillToolID} {
					taught := regexp.MustCompile(`\b` + tool + `\b`).MatchString(st.Text)
					c := decodeAs[callResult](t, post("/api/v1/runs/skills-1/calls", body("tool", tool, "receipts", tc.receipts)))
					if (c.Status == deferred.CallActive) != taught {
						t.Errorf("%s: the step teaches it %v, /calls says %s (%s)", tool, taught, c.Status, c.HostReason)
					}
					if c.Status == deferred.CallActive && !strings.Contains(c.HostReason, "/api/v1/") {
						t.Errorf("%s is active but host_reason does not say where it is served: %q", tool, c.HostReason)
					}
				}
			})
		}
	})
}
