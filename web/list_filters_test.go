package web

import (
	"strings"
	"testing"
)

// TestListFiltersFilterOrSayWhy: every filter a list page offers (its
// form, its links) filters, under the name the page shows: the catalog's
// Service filter is service= (namespace=, its earlier name, still
// works); a parameter the page does not filter by (service= on the runs
// list) or a value it does not know (an agent that does not exist, a
// class, effects, service or status the catalog lacks) is a 400 naming
// the parameter and what it accepts, never the whole list unfiltered.
func TestListFiltersFilterOrSayWhy(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, all := admin.get("/catalog")
	var native int
	for _, name := range []string{"service", "namespace"} {
		res, doc := admin.get("/catalog?" + name + "=native")
		if res.StatusCode != 200 {
			t.Fatalf("/catalog?%s=native: %d", name, res.StatusCode)
		}
		native = doc.Find(`tr[data-testid^="tool-"]`).Length()
		if !strings.Contains(doc.Find(`[data-testid="catalog-count"]`).Text(), "of") || native == 0 {
			t.Errorf("/catalog?%s=native lists %d tools", name, native)
		}
		if sel := doc.Find(`select[name="service"] option[selected]`).AttrOr("value", ""); sel != "native" {
			t.Errorf("/catalog?%s=native: the Service filter shows %q picked", name, sel)
		}
	}
	if doc := all.Find(`select[name="service"]`); doc.Length() != 1 {
		t.Error("the catalog's Service filter is not sent as service=")
	}
	for _, c := range []struct{ path, names, accepts string }{
		{"/runs?service=memory", "service", "agent, trigger, from, to"},
		{"/runs?agent=no-such-agent", "agent", "no such agent"},
		{"/catalog?service=no-such-service", "service", "native"},
		{"/catalog?class=nonsense", "class", "computation"},
		{"/catalog?effects=harmless", "effects", "read-only"},
		{"/catalog?status=approved", "status", "available, candidate, rejected"},
		{"/catalog?tag=x", "tag", "q, class, effects, service, status, page"},
		{"/checks?agent=no-such-agent", "agent", "no such agent"},
		{"/checks?tool=exec", "tool", "agent"},
		{"/audit?who=admin", "who", "actor, action, subject, since, until, page"},
	} {
		res, doc := admin.get(c.path)
		body := doc.Text()
		if res.StatusCode != 400 || !strings.Contains(body, c.names) || !strings.Contains(body, c.accepts) {
			t.Errorf("%s: %d, want 400 naming %s and %q:\n%.400s", c.path, res.StatusCode, c.names, c.accepts, strings.Join(strings.Fields(body), " "))
		}
	}
	for _, p := range []string{"/runs?agent=analyst&trigger=api", "/checks?agent=analyst", "/catalog?status=available", "/catalog?status=candidate", "/audit?actor=admin&page=1"} {
		if res, _ := admin.get(p); res.StatusCode != 200 {
			t.Errorf("%s: %d, want 200", p, res.StatusCode)
		}
	}
}
