package deferred

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

var testKey = []byte("0123456789abcdef0123456789abcdef")

func raw(t testing.TB, r any) json.RawMessage {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func builtinSurface(t testing.TB, ids []string, pins []string) *Surface {
	t.Helper()
	cat := catalogtest.Full(t)
	var roster []*catalog.Entry
	for _, id := range ids {
		e, ok := cat.Get(id)
		if !ok {
			t.Fatalf("no tool %s", id)
		}
		roster = append(roster, e)
	}
	s, err := NewSurface(roster, SurfaceOptions{Agent: "a", Pins: pins})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var roster = []string{"exec", "read_file", "workspace_write", "web_search", "web_fetch", "ask_user", "render_chart", "load_table", "github.create_issue", "github.issue_read"}

func TestSurfaceKeyMovesWithEveryInput(t *testing.T) {
	base := builtinSurface(t, roster, nil)
	if base.Key() != builtinSurface(t, roster, nil).Key() {
		t.Fatal("same inputs, different keys")
	}
	cat := catalogtest.Full(t)
	entries := func(ids []string) []*catalog.Entry {
		var out []*catalog.Entry
		for _, id := range ids {
			e, _ := cat.Get(id)
			out = append(out, e)
		}
		return out
	}
	edited := catalogtest.Builtin(t)
	for i := range edited {
		if edited[i].ID == "web_fetch" {
			edited[i].Purpose += " Edited."
		}
	}
	editedCat := catalogtest.New(t, edited)
	withEdit := entries(roster)
	for i, e := range withEdit {
		if e.ID() == "web_fetch" {
			withEdit[i], _ = editedCat.Get("web_fetch")
		}
	}
	reordered := append([]string{roster[1], roster[0]}, roster[2:]...)
	cases := map[string]func() (*Surface, error){
		"contract edit": func() (*Surface, error) { return NewSurface(withEdit, SurfaceOptions{Agent: "a"}) },
		"tool removed":  func() (*Surface, error) { return NewSurface(entries(roster[1:]), SurfaceOptions{Agent: "a"}) },
		"order":         func() (*Surface, error) { return NewSurface(entries(reordered), SurfaceOptions{Agent: "a"}) },
		"agent":         func() (*Surface, error) { return NewSurface(entries(roster), SurfaceOptions{Agent: "b"}) },
		"profile version": func() (*Surface, error) {
			return NewSurface(entries(roster), SurfaceOptions{Agent: "a", ProfileVersion: 2})
		},
		"services": func() (*Surface, error) {
			return NewSurface(entries(roster), SurfaceOptions{Agent: "a", Services: []string{"github"}})
		},
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			s, err := mk()
			if err != nil {
				t.Fatal(err)
			}
			if s.Key() == base.Key() {
				t.Errorf("key did not move")
			}
		})
	}
}

// TestPinsDoNotMoveTheKey: pins choose what every step shows, not what
// the run may reach, so a receipt minted before a pin stays valid.
func TestPinsDoNotMoveTheKey(t *testing.T) {
	plain := builtinSurface(t, roster, nil)
	pinned := builtinSurface(t, roster, []string{"web_search"})
	if plain.Key() != pinned.Key() {
		t.Fatal("pins moved the surface key")
	}
	repinned, err := plain.WithPins([]string{"web_search"})
	if err != nil || repinned.Key() != plain.Key() || !slices.Equal(repinned.Pins(), pinned.Pins()) || repinned.Reachable() != pinned.Reachable() || plain.Reachable() != pinned.Reachable()+1 {
		t.Fatalf("WithPins: %v, pins %v, reachable %d vs %d", err, repinned.Pins(), repinned.Reachable(), pinned.Reachable())
	}
	if _, err := plain.WithPins([]string{"nope"}); err == nil {
		t.Fatal("WithPins accepted a pin outside the surface")
	}
	r := Mint(testKey, KindSearch, "r", plain.Key(), 0, []string{"web_search", "exec"})
	a, err := Reconstruct(testKey, "r", pinned, [][]json.RawMessage{{raw(t, r)}}, DefaultCeilings())
	if err != nil || len(a.Rejected) != 0 || !slices.Equal(a.Active(), []string{"ask_user", "web_search", "exec"}) {
		t.Fatalf("active %v, rejected %+v, %v", a.Active(), a.Rejected, err)
	}
}

func TestSurfaceRefusesPinsOutsideIt(t *testing.T) {
	cat := catalogtest.Full(t)
	e, _ := cat.Get("read_file")
	_, err := NewSurface([]*catalog.Entry{e}, SurfaceOptions{Pins: []string{"web_fetch"}})
	var pe *PinError
	if !errors.As(err, &pe) || pe.Pin != "web_fetch" {
		t.Fatalf("got %v, want a PinError for web_fetch", err)
	}
}

func TestSearchReachesOnlySearchableTools(t *testing.T) {
	s := builtinSurface(t, roster, []string{"web_fetch"})
	hits, err := s.Search("fetch web page issue ask user table", 25, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.ID == "web_fetch" || h.ID == "ask_user" || h.ID == "load_table" {
			t.Errorf("search returned %s (pinned, always-on or code-only)", h.ID)
		}
		if !s.Has(h.ID) {
			t.Errorf("search returned %s outside the surface", h.ID)
		}
	}
	if len(hits) == 0 {
		t.Fatal("no hits")
	}
}

func TestSearchCeilings(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	c := DefaultCeilings()
	c.QueryBytes, c.Results = 10, 3
	for _, tc := range []struct {
		query, field string
		limit        int
	}{
		{"an issue tracker query", "query", 1},
		{"issue", "limit", 4},
		{"issue", "limit", -1},
		{"   ", "query", 1},
	} {
		_, err := s.Search(tc.query, tc.limit, c)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Field != tc.field {
			t.Errorf("Search(%q, %d) = %v, want an error on %s", tc.query, tc.limit, err, tc.field)
		}
	}
	if hits, err := s.Search("issue", 0, c); err != nil || len(hits) > 3 {
		t.Errorf("default limit: %d hits, %v", len(hits), err)
	}
}

func TestClassify(t *testing.T) {
	s := builtinSurface(t, roster, []string{"read_file"})
	known := func(id string) bool { return id == "delete_file" || s.Has(id) }
	withExec, _ := Reconstruct(testKey, "r", s, [][]json.RawMessage{{raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, []string{"exec"}))}}, DefaultCeilings())
	none, _ := Reconstruct(testKey, "r", s, nil, DefaultCeilings())
	cases := []struct {
		name, tool, status, host string
		a                        Activation
	}{
		{"pinned", "read_file", CallActive, "", none},
		{"always on", "ask_user", CallActive, "", none},
		{"activated", "exec", CallActive, "", withExec},
		{"inactive", "exec", CallSearchRequired, "", none},
		{"helper with exec", "load_table", CallActive, "", withExec},
		{"helper without exec", "load_table", CallUnknown, HostCodeOnly, none},
		{"hidden", "delete_file", CallUnknown, HostOutside, none},
		{"nonexistent", "rm_rf", CallUnknown, HostNotInCatalog, none},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			v := Classify(testKey, "r", s, tc.a, 3, tc.tool, known)
			if v.Status != tc.status || v.HostReason != tc.host {
				t.Fatalf("got %+v, want %s (%s)", v, tc.status, tc.host)
			}
			if (v.Receipt != nil) != (tc.status == CallSearchRequired) {
				t.Fatalf("receipt %+v", v.Receipt)
			}
			if v.Receipt != nil {
				back, _ := Reconstruct(testKey, "r", s, [][]json.RawMessage{{raw(t, *v.Receipt)}}, DefaultCeilings())
				if len(back.Activated) != 0 || back.Rejected[0].Reason != ReasonSearchRequired {
					t.Fatalf("a SEARCH_REQUIRED receipt activated %v", back.Activated)
				}
			}
		})
	}
}

func TestCeilingsValidate(t *testing.T) {
	if err := DefaultCeilings().Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []Ceilings{{}, {QueryBytes: 1 << 20, Results: 1, Active: 1, SchemaBytes: 1, Receipts: 1}, {QueryBytes: 1, Results: 100, Active: 1, SchemaBytes: 1, Receipts: 1}} {
		if c.Validate() == nil {
			t.Errorf("%+v validated", c)
		}
	}
}
