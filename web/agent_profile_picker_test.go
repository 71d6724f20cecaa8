package web

import (
	"context"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestDefaultProfilePickerOffersWhatCanBeSaved: the agent form's default
// profile picker offers exactly the profiles a save accepts — on an
// agent's page those made for it or for no agent, on the new agent form
// those made for no agent (a new agent has none of its own). Failed first: both offered every profile, and
// picking another agent's was refused only on save.
func TestDefaultProfilePickerOffersWhatCanBeSaved(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	a, err := h.store.AgentBySlug(ctx, "analyst")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := h.store.Profiles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	offered := func(doc *goquery.Document) map[string]bool {
		out := map[string]bool{}
		doc.Find(`select#ag-prof option`).Each(func(_ int, o *goquery.Selection) {
			if v, _ := o.Attr("value"); v != "" {
				out[v] = true
			}
		})
		return out
	}
	adm := h.login("admin", adminPassword)
	_, page := adm.get("/agents/analyst")
	_, list := adm.get("/agents")
	onPage, onNew := offered(page), offered(list)
	others := 0
	for _, p := range ps {
		mine := p.AgentID == nil || *p.AgentID == a.ID
		if !mine {
			others++
		}
		if onPage[p.Slug] != mine {
			t.Errorf("the analyst's picker offers %s: %v, want %v (made for agent %v)", p.Slug, onPage[p.Slug], mine, p.AgentID)
		}
		if onNew[p.Slug] != (p.AgentID == nil) {
			t.Errorf("the new agent form's picker offers %s: %v, want %v", p.Slug, onNew[p.Slug], p.AgentID == nil)
		}
	}
	if others == 0 || len(onPage) == 0 {
		t.Fatalf("the demo has %d profiles of other agents and the analyst's picker %d: the test proves nothing", others, len(onPage))
	}
}
