package deferred

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestSurfaceOnlyReachesWhatTheHostServes: a surface seen by
// a host that serves only some tools (the gateway: a connection's) lets
// search reach only those — Searchable, Reachable and Search agree, also
// after WithPins — while its key and what a receipt may name stay the
// same, so the run's receipts stay valid; keeping every tool returns the
// surface itself.
func TestSurfaceOnlyReachesWhatTheHostServes(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	github := func(c catalog.Contract) bool { return strings.HasPrefix(c.ID, "github.") }
	o := s.Only(github)
	if o.Key() != s.Key() || len(o.Roster()) != len(s.Roster()) {
		t.Fatal("Only changed the key or the roster")
	}
	if o.Reachable() != 2 {
		t.Errorf("reachable %d, want the 2 github tools", o.Reachable())
	}
	for _, id := range []string{"exec", "read_file", "web_search"} {
		if o.Searchable(id) {
			t.Errorf("%s is searchable on the served surface", id)
		}
		if !o.Selectable(id) {
			t.Errorf("%s is no longer selectable (receipts would break)", id)
		}
	}
	for _, q := range []string{"run a python program", "read a file", "create an issue"} {
		hits, err := o.Search(q, 5, DefaultCeilings())
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hits {
			if !strings.HasPrefix(h.ID, "github.") {
				t.Errorf("%q found %s", q, h.ID)
			}
		}
	}
	p, err := o.WithPins([]string{"github.issue_read"})
	if err != nil {
		t.Fatal(err)
	}
	if p.Reachable() != 1 || p.Searchable("exec") {
		t.Errorf("after WithPins: reachable %d, exec searchable %v", p.Reachable(), p.Searchable("exec"))
	}
	if s.Only(func(catalog.Contract) bool { return true }) != s {
		t.Error("keeping every tool made a copy")
	}
	if !s.Searchable("exec") || s.Reachable() <= o.Reachable() {
		t.Error("Only changed the surface it was called on")
	}
}
