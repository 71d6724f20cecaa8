package web

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// TestPagesCountWhatARequestWithoutASubjectIsServed: POST
// /api/v1/compose for {agent, profile} without a subject serves what the
// group everyone is granted — a tool it lacks left out, one granted only
// with an approval marked — and the forge, whose projection is the
// authority, counts that. The profile, agent and diff pages counted the
// profile's roster as if everyone held every tool: once everyone's
// grants were narrowed, the profile page said protocol 605 where the
// forge said 606 for the same version. Every page now counts a version
// through the same narrowing as compose and the forge.
func TestPagesCountWhatARequestWithoutASubjectIsServed(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	figures := regexp.MustCompile(`now: body ([0-9,]+) · protocol ([0-9,]+) · catalog ([0-9,]+) · total ([0-9,]+)`)
	text := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	profile := func() string {
		_, page := admin.get("/profiles/data-analyst")
		m := figures.FindStringSubmatch(text(page.Text()))
		if m == nil {
			t.Fatalf("the profile page shows no figures: %s", text(page.Find(`main`).Text()))
		}
		return strings.Join(m[1:], " ")
	}
	forge := func() string {
		_, page := admin.get("/forge?agent=analyst&profile=data-analyst")
		var out []string
		for _, g := range []string{"body", "protocol", "catalog", "total"} {
			out = append(out, strings.TrimSpace(page.Find(`[data-testid="total-`+g+`"]`).Text()))
		}
		return strings.Join(out, " ")
	}
	key := h.apiKey()
	compose := func() string {
		res, out := h.api("POST", "/api/v1/compose", key, map[string]any{"agent": "analyst", "profile": "data-analyst"})
		if res.StatusCode != 200 {
			t.Fatalf("compose: %d %s", res.StatusCode, out)
		}
		var r struct {
			Totals struct{ Body, Protocol, Catalog, Total int }
		}
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatal(err)
		}
		return strings.Join([]string{views.Num(r.Totals.Body), views.Num(r.Totals.Protocol), views.Num(r.Totals.Catalog), views.Num(r.Totals.Total)}, " ")
	}
	before := forge()
	if got := profile(); got != before {
		t.Fatalf("with everyone granted every tool: profile page %s, forge %s", got, before)
	}
	// everyone: no workspace write but workspace_write with an approval,
	// and no external write
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "workspace-write"}, models.GrantSpec{Kind: authority.KindEffects, Value: "external-write"})
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true})
	served := forge()
	if served == before {
		t.Fatalf("narrowing everyone's grants changed nothing the forge counts (%s): the test proves nothing", served)
	}
	if got := compose(); got != served {
		t.Errorf("compose counts %s, the forge %s", got, served)
	}
	if got := profile(); got != served {
		t.Errorf("the profile page counts body, protocol, catalog, total %s; the forge %s", got, served)
	}
	_, agent := admin.get("/agents/analyst")
	total := served[strings.LastIndex(served, " ")+1:]
	if got := strings.TrimSpace(agent.Find(`[data-testid="agent-total-data-analyst"]`).Text()); got != total {
		t.Errorf("the agent page counts %s, the forge %s", got, total)
	}
}
