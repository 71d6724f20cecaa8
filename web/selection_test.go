package web

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

const analystCases = `k: 5
cases:
  - {task: "make a bar chart of revenue by quarter", expect: [render_chart], kind: misleading}
  - {task: "ask which sheet they mean", expect: [ask_user]}
  - {task: "load the csv into a dataframe", expect: [load_table]}
  - {task: "tidy this up", expect: [workspace_write]}
  - {task: "fix a line in notes.md", expect: [edit_file]}
  - {task: "write me a haiku", expect: [], kind: no_tool}
`

// postCases posts the cases form as multipart, the suite as text or as
// an uploaded file.
func (c *client) postCases(agent, base, suite, file string) (*http.Response, *goquerySelection) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("_csrf", c.csrf)
	_ = w.WriteField("base", base)
	_ = w.WriteField("suite", suite)
	_ = w.WriteField("message", "test")
	if file != "" {
		fw, _ := w.CreateFormFile("file", "cases.yaml")
		fw.Write([]byte(file))
	}
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+"/agents/"+agent+"/cases", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	res, d := c.do(req)
	return res, d.Selection
}

func TestSelectionCasesEditedVersionedAudited(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("eddie", models.RoleEditor)
		h.addUser("vic", models.RoleViewer)
		ed := h.login("eddie", "eddie-password")
		_, d := ed.get("/agents/analyst/cases")
		if d.Find(`[data-testid="cases-empty"]`).Length() != 1 || d.Find(`[data-testid="cases-form"]`).Length() != 1 {
			t.Fatal("empty page or editor missing")
		}
		// bad input: 422 naming the field, the text kept, nothing stored
		for field, suite := range map[string]string{
			"cases[0].kind":      "cases: [{task: x, expect: [read_file], kind: odd}]",
			"cases[0].expect[0]": "cases: [{task: x, expect: [read_fiel]}]",
			"cases[0].extra":     "cases: [{task: x, expect: [read_file], extra: 1}]",
			"cases[0].expect":    "cases: [{task: x, expect: read_file}]",
		} {
			res, sel := ed.postCases("analyst", "0", suite, "")
			if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(sel.Find(`[data-testid="cases-error"]`).Text(), field) || !strings.Contains(sel.Find(`textarea[name="suite"]`).Text(), suite) {
				t.Errorf("%s: %d %q", field, res.StatusCode, sel.Find(`[data-testid="cases-error"]`).Text())
			}
		}
		if res, _ := ed.postCases("analyst", "0", analystCases, ""); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("save: %d", res.StatusCode)
		}
		// a stale base is a conflict, never an overwrite
		if res, _ := ed.postCases("analyst", "0", analystCases, ""); res.StatusCode != http.StatusConflict {
			t.Errorf("stale save: %d", res.StatusCode)
		}
		_, d = ed.get("/agents/analyst/cases")
		if n := d.Find(`[data-testid="cases-table"] tbody tr`).Length(); n != 6 {
			t.Errorf("%d cases shown", n)
		}
		listed := d.Find(`[data-testid="cases-totals-all tools listed"]`).Text()
		if !strings.Contains(listed, "fix a line in notes.md") || !strings.Contains(listed, "edit_file") {
			t.Errorf("the miss (edit_file is not in the profile) is not shown: %q", listed)
		}
		// export, then import the file as v2
		res, exp := ed.get("/agents/analyst/cases/export")
		body, _ := exp.Html()
		if res.StatusCode != http.StatusOK || !strings.Contains(res.Header.Get("Content-Disposition"), "analyst-cases-v1.yaml") {
			t.Fatalf("export: %d %s", res.StatusCode, res.Header.Get("Content-Disposition"))
		}
		file := strings.Replace(exp.Text(), "tidy this up", "tidy up my notes file", 1)
		if !strings.Contains(body, "render_chart") {
			t.Fatalf("export body: %s", body)
		}
		if res, _ := ed.postCases("analyst", "1", "", file); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("import: %d", res.StatusCode)
		}
		_, d = ed.get("/agents/analyst/cases")
		if d.Find(`[data-testid="cases-history"] tbody tr`).Length() != 2 || !strings.Contains(d.Find(`[data-testid="cases-table"]`).Text(), "tidy up my notes file") {
			t.Error("v2 not current")
		}
		_, d = ed.get("/agents/analyst/cases?version=1")
		if !strings.Contains(d.Find(`[data-testid="cases-table"]`).Text(), "tidy this up") {
			t.Error("v1 not kept")
		}
		evs, _, _ := h.store.AuditEvents(context.Background(), models.AuditFilter{Action: "selection_cases.save"})
		if len(evs) != 2 || evs[0].Actor != "eddie" || evs[0].Subject != "agent:analyst" {
			t.Errorf("audit: %+v", evs)
		}
		// a viewer sees, cannot edit
		vic := h.login("vic", "vic-password")
		if _, d := vic.get("/agents/analyst/cases"); d.Find(`[data-testid="cases-form"]`).Length() != 0 {
			t.Error("viewer gets the editor")
		}
		if res, _ := vic.postCases("analyst", "2", analystCases, ""); res.StatusCode != http.StatusForbidden {
			t.Errorf("viewer save: %d", res.StatusCode)
		}
	})
}

// TestForgeSelectionPanel: the forge shows which tasks a lever loses —
// deferred mode loses the task whose wording search cannot match, and
// turning a tool off loses the tasks that need it.
func TestForgeSelectionPanel(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	if res, _ := ed.postCases("analyst", "0", analystCases, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/forge?agent=analyst")
	state, _ := d.Find(`input[name="state"]`).Attr("value")
	if d.Find(`[data-testid="selection-slot"]`).Length() != 1 {
		t.Fatal("the forge has no selection slot")
	}
	res, panel := ed.getHX("/forge/selection?state=" + url.QueryEscape(state))
	if res.StatusCode != http.StatusOK || panel.Find(`[data-testid="selection-panel"]`).Length() != 1 {
		t.Fatalf("panel: %d", res.StatusCode)
	}
	deferred := panel.Find(`[data-testid="selection-lever-deferred"]`).Text()
	if !strings.Contains(deferred, "tidy this up") || strings.Contains(deferred, "ask which sheet") {
		t.Errorf("deferred lever: %q", deferred)
	}
	// a task whose tool search still finds is not lost, but its tool
	// leaves the first step: the lever says so (ask_user is always on)
	off := panel.Find(`[data-testid="selection-lever-deferred"] [data-testid="lever-off-first"]`).Text()
	if !strings.Contains(off, "make a bar chart of revenue by quarter") || strings.Contains(off, "ask which sheet") || strings.Contains(off, "tidy this up") {
		t.Errorf("deferred lever, tasks off the first step: %q", off)
	}
	chart := panel.Find(`[data-testid="selection-lever-tool:render_chart"]`).Text()
	if !strings.Contains(chart, "make a bar chart") || !strings.Contains(chart, "-0.") {
		t.Errorf("render_chart lever: %q", chart)
	}
	// in deferred mode the panel's misses name the lost task
	_, d = ed.get("/forge?agent=analyst&deferred=1")
	state, _ = d.Find(`input[name="state"]`).Attr("value")
	_, panel = ed.getHX("/forge/selection?state=" + url.QueryEscape(state))
	if !strings.Contains(panel.Find(`[data-testid="cases-totals-this draft"]`).Text(), "tidy this up") {
		t.Errorf("deferred misses: %q", panel.Find(`[data-testid="cases-totals-this draft"]`).Text())
	}
	if res, _ := ed.getHX("/forge/selection?state=" + url.QueryEscape("tier=huge&agent=analyst")); res.StatusCode != http.StatusBadRequest {
		t.Errorf("bad state: %d", res.StatusCode)
	}
}

// TestProfileCompareShowsSelection: comparing two profile versions shows
// which of the default agent's cases each version loses.
func TestProfileCompareShowsSelection(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	suite := "cases:\n  - {task: \"give me summary statistics of the survey columns\", expect: [compute_statistics]}\n  - {task: \"make a bar chart of revenue\", expect: [render_chart]}\n"
	if res, _ := ed.postCases("analyst", "0", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/profiles/data-analyst/diff?a=2&b=1")
	cmp := d.Find(`[data-testid="selection-compare"]`)
	if !strings.Contains(cmp.Find(`[data-testid="selection-lost"]`).Text(), "summary statistics") || strings.Contains(cmp.Find(`[data-testid="selection-lost"]`).Text(), "bar chart") {
		t.Errorf("v2→v1 should lose the statistics task only: %q", cmp.Text())
	}
	_, d = ed.get("/profiles/data-analyst/diff?a=1&b=2")
	if !strings.Contains(d.Find(`[data-testid="selection-gained"]`).Text(), "summary statistics") {
		t.Errorf("v1→v2 should gain it: %q", d.Find(`[data-testid="selection-compare"]`).Text())
	}
}

// TestSkillProposalShowsBrokenCases: a proposal whose new version needs a
// tool the agent lacks shows, before promotion, the case it breaks.
func TestSkillProposalShowsBrokenCases(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	suite := "cases:\n  - {task: \"prepare the quarterly business review\", expect: [\"skill:quarterly-report\"]}\n  - {task: \"make a bar chart of revenue\", expect: [render_chart]}\n"
	if res, _ := ed.postCases("analyst", "0", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	if res, sel := ed.postCases("analyst", "1", "cases: [{task: x, expect: ['skill:no-such-skill']}]", ""); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(sel.Find(`[data-testid="cases-error"]`).Text(), "cases[0].expect[0]") {
		t.Errorf("unknown skill: %d", res.StatusCode)
	}
	ctx := context.Background()
	k, _ := h.store.SkillBySlug(ctx, "quarterly-report")
	prod, err := h.store.ProductionVersion(ctx, k.ID)
	if err != nil {
		t.Fatal(err)
	}
	ct := prod.Content()
	ct.RequiredTools = append(ct.RequiredTools, "web_fetch") // analyst has no web tools
	ct.Procedure += "6. Fetch the market index from the web.\n"
	p, err := h.store.Propose(ctx, "admin", "quarterly-report", false, ct)
	if err != nil {
		t.Fatal(err)
	}
	_, d := ed.get("/proposals/" + strconv.Itoa(int(p.ID)))
	lost := d.Find(`[data-testid="selection-compare"] [data-testid="selection-lost"]`).Text()
	if !strings.Contains(lost, "quarterly business review") || strings.Contains(lost, "bar chart") || !strings.Contains(lost, "requires web_fetch") {
		t.Errorf("proposal page: %q", d.Find(`[data-testid="selection-compare"]`).Text())
	}
}

// TestSkillCasesFareAlikeOnEverySurface: a case expecting a skill the
// agent's roster serves is on the first step on the cases page and in
// profile compare, as in the forge's panel — every surface evaluates the
// same draft, skills included.
func TestSkillCasesFareAlikeOnEverySurface(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	suite := "cases:\n  - {task: \"prepare the quarterly business review\", expect: [\"skill:quarterly-report\"]}\n  - {task: \"make a bar chart of revenue\", expect: [render_chart]}\n"
	if res, _ := ed.postCases("analyst", "0", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/forge?agent=analyst")
	state, _ := d.Find(`input[name="state"]`).Attr("value")
	_, panel := ed.getHX("/forge/selection?state=" + url.QueryEscape(state))
	if got := panel.Find(`[data-testid="cases-totals-this draft"]`).Text(); !strings.Contains(got, "(2/2)") {
		t.Fatalf("forge panel: %q", got)
	}
	_, d = ed.get("/agents/analyst/cases")
	if got := d.Find(`[data-testid="cases-totals-all tools listed"]`).Text(); !strings.Contains(got, "(2/2)") {
		t.Errorf("cases page: %q", got)
	}
	_, d = ed.get("/profiles/data-analyst/diff?a=2&b=2")
	if got := d.Find(`[data-testid="selection-compare"]`).Text(); strings.Count(got, "1.00") < 4 {
		t.Errorf("profile compare: %q", got)
	}
}
