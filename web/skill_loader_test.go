package web

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

type loadResult struct {
	Status  string `json:"status"`
	Message string `json:"message"`
	Error   *struct {
		Type     string `json:"type"`
		Message  string `json:"message"`
		Problems []struct {
			Pointer string `json:"pointer"`
		} `json:"problems"`
	} `json:"error"`
	Skill *loadedSkill `json:"skill"`
}

// TestRunsAPILoadsOnlyListedSkills: over the runs API, load_skill with
// arguments answers the procedure of a skill the step lists (the demo's
// quarterly-report once read_spreadsheet and workspace_write are
// active); a skill that exists but is not listed (source-check) and one
// that does not exist answer alike, unknown; bad arguments name the
// pointer; and the call is evidence with the skill's digest.
func TestRunsAPILoadsOnlyListedSkills(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		post := func(path string, body map[string]any) apiResp {
			res, b := h.api(http.MethodPost, path, key, body)
			return apiResp{res, b}
		}
		sr := decodeAs[searchResult](t, post("/api/v1/runs/skills-2/search", map[string]any{"agent": "analyst", "query": "write a text file into the workspace", "step": 0, "limit": 1}))
		if sr.Receipt == nil {
			t.Fatalf("search: %+v", sr)
		}
		load := func(receipts []any, arguments any) loadResult {
			return decodeAs[loadResult](t, post("/api/v1/runs/skills-2/calls", map[string]any{"agent": "analyst", "pins": []string{"read_spreadsheet"},
				"tool": instruction.LoadSkillToolID, "receipts": receipts, "arguments": arguments}))
		}
		all := []any{[]any{sr.Receipt}}
		got := load(all, map[string]any{"slug": "quarterly-report"})
		if got.Status != deferred.CallActive || got.Skill == nil || got.Skill.Slug != "quarterly-report" || got.Skill.Version != 2 ||
			!strings.Contains(got.Skill.Procedure, "Flag any region") || !strings.Contains(got.Message, got.Skill.Procedure) {
			t.Fatalf("a listed skill: %+v", got)
		}
		unlisted, missing := load(all, map[string]any{"slug": "source-check"}), load(all, map[string]any{"slug": "no-such-skill"})
		for _, r := range []loadResult{unlisted, missing} {
			if r.Status != deferred.CallUnknown || r.Skill != nil || r.Error == nil || r.Error.Type != "capability_unavailable" {
				t.Errorf("an unlisted slug: %+v", r)
			}
		}
		if strings.Replace(unlisted.Message, "source-check", "X", 1) != strings.Replace(missing.Message, "no-such-skill", "X", 1) {
			t.Errorf("an existing unlisted skill and a missing one answer differently: %q / %q", unlisted.Message, missing.Message)
		}
		if r := load(all, map[string]any{"slug": 5}); r.Status != deferred.CallDenied || r.Error == nil || r.Error.Type != "invalid_arguments" || len(r.Error.Problems) == 0 || r.Error.Problems[0].Pointer != "/slug" {
			t.Errorf("a bad slug: %+v", r)
		}
		// with the skill's tools half active no skill is listed: load_skill is unknown
		if r := load([]any{}, map[string]any{"slug": "quarterly-report"}); r.Status != deferred.CallUnknown || r.Skill != nil {
			t.Errorf("no skill listed: %+v", r)
		}
		h.app.evidence.flush()
		evs, err := h.store.RunEvents(context.Background(), "skills-2", 50)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(evs, func(e models.RunEvent) bool {
			// the bytes are those of the answer the model reads, as over MCP
			return e.Tool == instruction.LoadSkillToolID && e.Verdict == deferred.CallActive && e.Digest == got.Skill.Digest && e.ResultBytes == len(got.Message)
		}) {
			t.Errorf("no evidence of the load_skill call with the skill's digest and the answer's bytes (%d): %+v", len(got.Message), evs)
		}
	})
}

// TestGatewayServesLoadSkill: over MCP (the go-sdk client), load_skill
// is listed exactly while the step lists a skill, answers the listed
// skill's procedure, answers any other slug like an unknown skill, and
// the call is evidence like every other.
func TestGatewayServesLoadSkill(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		ctx := context.Background()
		h.addUser("skill-editor", models.RoleEditor)
		admin, err := h.store.UserByName(ctx, "admin")
		if err != nil {
			t.Fatal(err)
		}
		p, err := h.store.Propose(ctx, "skill-editor", "echo-check", true, models.SkillContent{Name: "Echo check", RequiredTools: []string{"demo.echo"},
			Summary: "Checks the connection by echoing a word.", Procedure: "# Echo check\n\n1. Call demo.echo with one word.\n2. Say whether it came back unchanged.\n"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.AddReview(ctx, admin, p.ID, models.ReviewApprove, p.Digest, "Fine."); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.Promote(ctx, admin, p.ID, models.PromotePolicy{RequiredApprovals: 1}); err != nil {
			t.Fatal(err)
		}
		cs, changed := f.connect(t, nil)
		if got := toolNames(t, cs); slices.Contains(got, instruction.LoadSkillToolID) {
			t.Fatalf("load_skill listed before the skill's tool is active: %v", got)
		}
		if text, isErr := call(t, cs, instruction.LoadSkillToolID, map[string]any{"slug": "echo-check"}, nil); !isErr || errType(text) != "capability_unavailable" {
			t.Errorf("load_skill before any skill is listed: %s", text)
		}
		if text, _ := call(t, cs, "search_tools", map[string]any{"query": "echo a text back unchanged"}, nil); !strings.Contains(text, "demo.echo") {
			t.Fatalf("search: %s", text)
		}
		<-changed
		if got := toolNames(t, cs); !slices.Contains(got, instruction.LoadSkillToolID) {
			t.Fatalf("load_skill not listed once the skill's tool is active: %v", got)
		}
		text, isErr := call(t, cs, instruction.LoadSkillToolID, map[string]any{"slug": "echo-check"}, nil)
		if isErr || !strings.Contains(text, "Say whether it came back unchanged.") {
			t.Errorf("the listed skill: %s", text)
		}
		other, _ := call(t, cs, instruction.LoadSkillToolID, map[string]any{"slug": "quarterly-report"}, nil)
		none, _ := call(t, cs, instruction.LoadSkillToolID, map[string]any{"slug": "nothing-here"}, nil)
		if errType(other) != "capability_unavailable" || strings.Replace(other, "quarterly-report", "X", 1) != strings.Replace(none, "nothing-here", "X", 1) {
			t.Errorf("an unlisted skill and a missing one: %s / %s", other, none)
		}
		if bad, isErr := call(t, cs, instruction.LoadSkillToolID, map[string]any{"slug": 7}, nil); !isErr || errType(bad) != "invalid_arguments" {
			t.Errorf("a bad slug: %s", bad)
		}
		h.app.gw.evidence.flush()
		sess, err := h.store.GatewaySessionByToken(ctx, cs.ID())
		if err != nil {
			t.Fatal(err)
		}
		evs, err := h.store.RunEvents(ctx, sess.Run, 50)
		if err != nil {
			t.Fatal(err)
		}
		var loads []string
		for _, e := range evs {
			if e.Tool == instruction.LoadSkillToolID {
				loads = append(loads, e.Verdict+"/"+e.CallStatus)
			}
		}
		slices.Sort(loads)
		want := []string{"active/ok", "denied:invalid_arguments/", "unknown/", "unknown/", "unknown/"}
		if !slices.Equal(loads, want) {
			t.Errorf("load_skill evidence %v, want %v", loads, want)
		}
	})
}
