package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
)

// summaryItems is the text of each entry of a form's error summary, and
// the field each links to.
func summaryItems(d *goquery.Document) (texts, links []string) {
	d.Find(`[data-testid="error-summary-item"]`).Each(func(_ int, li *goquery.Selection) {
		texts = append(texts, strings.Join(strings.Fields(li.Text()), " "))
		href, _ := li.Find("a").Attr("href")
		links = append(links, href)
	})
	return texts, links
}

// TestToolListsReportEveryErrorWithASuggestion: three bad tool ids on the
// agent form are three errors in the summary at the top, each linking to
// the field, an unknown id suggesting the closest known one; the field
// says all of them; nothing is written. The same holds for a profile's
// tools and pins and a group's grants.
func TestToolListsReportEveryErrorWithASuggestion(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		admin := h.login("admin", adminPassword)

		res, d := admin.post("/agents", url.Values{"slug": {"helper"}, "name": {"Helper"}, "declared": {"read_fle\nweb_serch\nread_fle\nexec"}})
		if res.StatusCode != http.StatusUnprocessableEntity {
			t.Fatalf("bad declared tools: %d", res.StatusCode)
		}
		texts, links := summaryItems(d)
		want := []string{
			`Declared tools: unknown tool id "read_fle": did you mean read_file?`,
			`Declared tools: unknown tool id "web_serch": did you mean web_search?`,
			`Declared tools: read_fle is listed twice`,
		}
		if strings.Join(texts, "|") != strings.Join(want, "|") {
			t.Errorf("agent summary:\n got %q\nwant %q", texts, want)
		}
		for _, l := range links {
			if l != "#ag-decl" {
				t.Errorf("a summary entry links to %q, not the field", l)
			}
		}
		if d.Find("#ag-decl").Length() != 1 {
			t.Error("the summary links to a field the page does not have")
		}
		field := d.Find(`[data-testid="error-declared"]`).Text()
		for _, w := range []string{"read_fle", "web_serch", "did you mean read_file?", "did you mean web_search?", "listed twice"} {
			if !strings.Contains(field, w) {
				t.Errorf("the field's error misses %q: %q", w, field)
			}
		}
		if _, err := h.store.AgentBySlug(ctx, "helper"); err == nil {
			t.Fatal("a refused agent was written")
		}

		// errors of other fields join the summary, in the form's order
		res, d = admin.post("/agents", url.Values{"slug": {"Bad Slug"}, "name": {""}, "declared": {"nope_nothing_like_it"}})
		texts, links = summaryItems(d)
		if res.StatusCode != http.StatusUnprocessableEntity || len(texts) != 3 || !strings.HasPrefix(texts[0], "Slug:") || !strings.HasPrefix(texts[1], "Name:") ||
			texts[2] != `Declared tools: unknown tool id "nope_nothing_like_it"` || links[0] != "#ag-slug" {
			t.Errorf("mixed errors: %d %q %q", res.StatusCode, texts, links)
		}

		// the picker's choices join the typed list, each once
		res, _ = admin.post("/agents", url.Values{"slug": {"helper"}, "name": {"Helper"}, "declared": {"read_file\nexec"}, "declared_add": {"web_search", "read_file"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("create with picked tools: %d", res.StatusCode)
		}
		a, err := h.store.AgentBySlug(ctx, "helper")
		if err != nil || strings.Join(a.Declared(), ",") != "read_file,exec,web_search" {
			t.Fatalf("declared with picked tools: %v %v", err, a)
		}

		// a profile: an unknown tool and a pin outside its tools, both
		// with suggestions, and a bad budget, all at once
		before, _ := h.store.Profiles(ctx)
		res, d = admin.post("/profiles", url.Values{"slug": {"lean"}, "name": {"Lean"}, "tools": {"read_file\nexce"}, "tier": {"standard"}, "catalog_form": {"full"},
			"deferred": {"1"}, "pins": {"read_fil"}, "search_budget": {"lots"}})
		texts, links = summaryItems(d)
		want = []string{
			`Tools: unknown tool id "exce": did you mean exec?`,
			`Searches per run: is a whole number from 0 (no budget) to 100000`,
			`Pins: unknown ` + models.PinNoun + ` "read_fil": did you mean read_file?`,
		}
		if res.StatusCode != http.StatusUnprocessableEntity || strings.Join(texts, "|") != strings.Join(want, "|") {
			t.Errorf("profile summary: %d\n got %q\nwant %q", res.StatusCode, texts, want)
		}
		if strings.Join(links, " ") != "#pf-tools #pf-sb #pf-pins" {
			t.Errorf("profile summary links: %q", links)
		}
		if after, _ := h.store.Profiles(ctx); len(after) != len(before) {
			t.Fatal("a refused profile was written")
		}

		// a group: a line that is no grant, an unknown tool and a bad
		// effects class are three errors; nothing is saved
		res, d = admin.post("/groups", url.Values{"name": {"vendors"}, "base": {"0"}, "grants": {"tool read_fle\njust-a-word\neffects read-onyl"}, "message": {"first"}})
		texts, links = summaryItems(d)
		want = []string{
			`Grants: line 2: write KIND VALUE [requires-approval], e.g. effects read-only`,
			`Grants: unknown tool "read_fle": did you mean read_file?`,
			`Grants: "read-onyl" is not an effects class (read-only, workspace-write, external-write, destructive)`,
		}
		if res.StatusCode != http.StatusUnprocessableEntity || strings.Join(texts, "|") != strings.Join(want, "|") || links[0] != "#gr-grants" {
			t.Errorf("grants summary: %d\n got %q\nwant %q (%q)", res.StatusCode, texts, want, links)
		}
		if _, err := h.store.GroupByName(ctx, "vendors"); err == nil {
			t.Fatal("a refused group was written")
		}
		// picked grants join the text
		res, _ = admin.post("/groups", url.Values{"name": {"vendors"}, "base": {"0"}, "grants": {"effects read-only"}, "grants_add": {"tool exec"}, "message": {"first"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("group with a picked grant: %d", res.StatusCode)
		}
		g, _ := h.store.GroupByName(ctx, "vendors")
		v, _ := h.store.GroupVersions(ctx, g.ID)
		if got := grantLines(v[len(v)-1].Grants()); !strings.Contains(got, "tool exec") || !strings.Contains(got, "effects read-only") {
			t.Errorf("picked grant not saved: %q", got)
		}
	})
}

// TestToolPickerFiltersGroupedByService: every list form carries the
// picker, a select of the catalog grouped by service that posts without
// JavaScript; its search box (htmx) answers with only the matching tools.
func TestToolPickerFiltersGroupedByService(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	for path, field := range map[string]string{"/agents": "declared", "/profiles": "tools", "/groups": "grants"} {
		_, d := admin.get(path)
		sel := d.Find(`[data-testid="picker-select-` + field + `"]`)
		if sel.Length() != 1 || sel.AttrOr("name", "") != field+"_add" || sel.Find("optgroup").Length() == 0 || sel.Find("option").Length() < 5 {
			t.Errorf("%s: no picker for %s (%d options)", path, field, sel.Find("option").Length())
		}
	}
	_, d := admin.get("/profiles")
	if d.Find(`[data-testid="picker-select-pins"]`).Length() != 1 {
		t.Error("profile pins have no picker")
	}

	res, d := admin.getHX("/tools/pick?field=declared&target=ag-decl&q=web+sea")
	var got []string
	d.Find("option").Each(func(_ int, o *goquery.Selection) { got = append(got, o.AttrOr("value", "")) })
	if res.StatusCode != http.StatusOK || strings.Join(got, ",") != "web_search" || d.Find("html").Length() != 0 && d.Find("nav").Length() != 0 {
		t.Errorf("filtered picker: %d %q", res.StatusCode, got)
	}
	if label := d.Find("optgroup").AttrOr("label", ""); label != "native (1)" {
		t.Errorf("group label %q", label)
	}
	_, d = admin.getHX("/tools/pick?field=grants&target=gr-grants&mode=grants&q=exec")
	if v := d.Find("option").First().AttrOr("value", ""); v != "tool exec" {
		t.Errorf("grants picker offers %q, not a grant line", v)
	}
	_, d = admin.getHX("/tools/pick?field=declared&target=ag-decl&q=zzzz")
	if !strings.Contains(d.Find(`[data-testid="picker-none-declared"]`).Text(), "zzzz") {
		t.Error("an empty filter result says nothing")
	}
	if res, _ := admin.getHX("/tools/pick?field=%3Cx%3E&target=ag-decl"); res.StatusCode != http.StatusBadRequest {
		t.Errorf("a bad field name: %d", res.StatusCode)
	}
}

// TestSkillRequiredToolsSuggestAndRefuse: a skill proposal naming tools no
// catalog entry has is refused before anything is stored, every error at
// once (the unknown tools each with a suggestion, and the other fields');
// the form carries the picker; a revision is refused the same way.
func TestSkillRequiredToolsSuggestAndRefuse(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor)
		erin := h.login("erin", "erin-password")
		_, d := erin.get("/skills/new")
		if d.Find(`[data-testid="picker-select-required_tools"]`).Length() != 1 {
			t.Error("the skill form has no tool picker")
		}
		before, _ := h.store.Proposals(ctx, "")
		res, d := erin.post("/skills", url.Values{"slug": {"checker"}, "name": {""}, "summary": {"Checks."}, "procedure": {"1. Check.\n"},
			"required_tools": {"web_fetc, read_file, nope_nothing_like_it"}})
		texts, links := summaryItems(d)
		want := []string{
			"Name: is required",
			`Required tools: unknown tool id "web_fetc": did you mean web_fetch?`,
			`Required tools: unknown tool id "nope_nothing_like_it"`,
		}
		if res.StatusCode != http.StatusUnprocessableEntity || strings.Join(texts, "|") != strings.Join(want, "|") || links[1] != "#sk-tools" {
			t.Errorf("skill summary: %d\n got %q\nwant %q (%q)", res.StatusCode, texts, want, links)
		}
		if after, _ := h.store.Proposals(ctx, ""); len(after) != len(before) {
			t.Fatal("a refused proposal was written")
		}
		// picked tools join the typed ones; the proposal opens
		res, _ = erin.post("/skills", url.Values{"slug": {"checker"}, "name": {"Checker"}, "summary": {"Checks."}, "procedure": {"1. Check with read_file.\n"},
			"required_tools": {"read_file"}, "required_tools_add": {"web_fetch"}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("propose with a picked tool: %d", res.StatusCode)
		}
		loc := res.Header.Get("Location")
		ps, _ := h.store.Proposals(ctx, "")
		var p models.Proposal
		for _, q := range ps {
			if "/proposals/"+strconv.Itoa(int(q.ID)) == loc {
				p = q
			}
		}
		if got := strings.Join(p.Content().RequiredTools, ","); got != "read_file,web_fetch" {
			t.Fatalf("required tools %q", got)
		}
		res, d = erin.post(loc+"/revise", url.Values{"revision": {"1"}, "name": {"Checker"}, "summary": {"Checks."}, "procedure": {"1. Check.\n"}, "required_tools": {"read_fiel"}})
		if texts, _ := summaryItems(d); res.StatusCode != http.StatusUnprocessableEntity || len(texts) != 1 || !strings.Contains(texts[0], "did you mean read_file?") {
			t.Errorf("revision with an unknown tool: %d %q", res.StatusCode, texts)
		}
		if q, _ := h.store.ProposalByID(ctx, p.ID); q.Revision != 1 {
			t.Fatalf("a refused revision was written: revision %d", q.Revision)
		}
	})
}
