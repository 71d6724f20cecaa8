package deferred

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestReconstructRejectsEachKindWithItsReason(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	other := builtinSurface(t, roster[1:], nil)
	good := Mint(testKey, KindSearch, "run-1", s.Key(), 0, []string{"web_search"})
	forged := good
	forged.Names = []string{"web_search", "exec"}
	tampered := good
	tampered.Run = "run-2"
	cases := []struct {
		name   string
		raw    json.RawMessage
		reason string
	}{
		{"valid", raw(t, good), ""},
		{"not an object", json.RawMessage(`"hello"`), ReasonMalformed},
		{"unknown field", json.RawMessage(strings.Replace(string(raw(t, good)), `"v":1`, `"v":1,"x":2`, 1)), ReasonMalformed},
		{"miscased key", json.RawMessage(strings.Replace(string(raw(t, good)), `"v":1`, `"V":1`, 1)), ReasonMalformed},
		{"miscased names", json.RawMessage(strings.Replace(string(raw(t, good)), `"names":`, `"NAMES":`, 1)), ReasonMalformed},
		{"names and Names", json.RawMessage(strings.Replace(string(raw(t, good)), `"v":1`, `"v":1,"Names":["exec"]`, 1)), ReasonMalformed},
		{"names twice", json.RawMessage(strings.Replace(string(raw(t, good)), `"v":1`, `"v":1,"names":["exec"]`, 1)), ReasonMalformed},
		{"spaced valid receipt", json.RawMessage(strings.Replace(string(raw(t, good)), `"v":1`, ` "v" : 1 `, 1)), ""},
		{"version 2", raw(t, Receipt{V: 2, Run: "run-1", Surface: s.Key(), Step: 0, Names: []string{"web_search"}, MAC: good.MAC}), ReasonMalformed},
		{"no names", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), 1, nil)), ReasonMalformed},
		{"duplicate names", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), 1, []string{"exec", "exec"})), ReasonMalformed},
		{"negative step", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), -1, []string{"exec"})), ReasonMalformed},
		{"bad surface", raw(t, Mint(testKey, KindSearch, "run-1", "abc", 1, []string{"exec"})), ReasonMalformed},
		{"forged names", raw(t, forged), ReasonForged},
		{"forged run", raw(t, tampered), ReasonForged},
		{"other key", raw(t, Mint([]byte("another key"), KindSearch, "run-1", s.Key(), 1, []string{"exec"})), ReasonForged},
		{"cross run", raw(t, Mint(testKey, KindSearch, "run-2", s.Key(), 1, []string{"exec"})), ReasonCrossRun},
		{"stale surface", raw(t, Mint(testKey, KindSearch, "run-1", other.Key(), 1, []string{"exec"})), ReasonStaleSurface},
		{"unknown name", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), 0, []string{"no_such_tool"})), ReasonUnknownName},
		{"code-only name", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), 0, []string{"load_table"})), ReasonUnknownName},
		{"search required", raw(t, Mint(testKey, KindSearchRequired, "run-1", s.Key(), 1, []string{"exec"})), ReasonSearchRequired},
		{"future step", raw(t, Mint(testKey, KindSearch, "run-1", s.Key(), 1, []string{"exec"})), ReasonFutureStep},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			a, err := Reconstruct(testKey, "run-1", s, [][]json.RawMessage{{tc.raw}}, DefaultCeilings())
			if err != nil {
				t.Fatal(err)
			}
			if tc.reason == "" {
				if len(a.Rejected) != 0 || !slices.Equal(a.Activated, []string{"web_search"}) {
					t.Fatalf("got %+v, want web_search active", a)
				}
				return
			}
			if len(a.Rejected) != 1 || a.Rejected[0].Reason != tc.reason || a.Rejected[0].Index != 0 {
				t.Fatalf("rejected = %+v, want one %s at index 0", a.Rejected, tc.reason)
			}
			if len(a.Activated) != 0 || a.Step != -1 {
				t.Fatalf("activated %v from a %s receipt", a.Activated, tc.reason)
			}
			// only an authentic receipt of this run shows its names
			if shown := a.ShownBefore("exec", nil, false); shown != (tc.reason == ReasonStaleSurface) {
				t.Errorf("a %s receipt: exec shown before = %v", tc.reason, shown)
			}
		})
	}
}

func TestReconstructLatestStepWinsAndParallelMerge(t *testing.T) {
	s := builtinSurface(t, roster, []string{"read_file"})
	m := func(step int, names ...string) json.RawMessage {
		return raw(t, Mint(testKey, KindSearch, "r", s.Key(), step, names))
	}
	forged := Mint(testKey, KindSearch, "r", s.Key(), 9, []string{"exec"})
	forged.MAC = Mint(testKey, KindSearch, "r", s.Key(), 9, []string{"web_fetch"}).MAC
	groups := [][]json.RawMessage{
		{m(0, "exec", "web_search")},
		{m(1, "web_fetch"), m(1, "github.issue_read", "web_fetch")},
		{raw(t, forged), m(2, "render_chart")[:10]},
	}
	a, err := Reconstruct(testKey, "r", s, groups, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"web_fetch", "github.issue_read"}; !slices.Equal(a.Activated, want) || a.Step != 1 {
		t.Errorf("activated %v at step %d, want %v at 1", a.Activated, a.Step, want)
	}
	if want := []string{"ask_user", "read_file", "web_fetch", "github.issue_read"}; !slices.Equal(a.Active(), want) {
		t.Errorf("active %v, want %v", a.Active(), want)
	}
	if len(a.Rejected) != 2 || a.Rejected[0].Index != 3 || a.Rejected[0].Reason != ReasonForged || a.Rejected[1].Group != 2 || a.Rejected[1].Position != 1 || a.Rejected[1].Reason != ReasonMalformed {
		t.Errorf("rejected %+v", a.Rejected)
	}
	if len(a.Accepted) != 3 || a.Accepted[0].Used || !a.Accepted[1].Used || a.Accepted[0].ID == a.Accepted[1].ID {
		t.Errorf("accepted %+v", a.Accepted)
	}
}

func TestReconstructCeilings(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	all := []string{"exec", "read_file", "workspace_write", "web_search"}
	groups := [][]json.RawMessage{{raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, all))}}
	// too many receipts is the request's fault: a 4xx naming receipts
	_, err := Reconstruct(testKey, "r", s, groups, Ceilings{QueryBytes: 10, Results: 10, Active: 40, SchemaBytes: 1 << 20, Receipts: 0})
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "receipts" || ie.Limit != 0 {
		t.Fatalf("receipts: got %v", err)
	}
	// a receipt that would take the step over the active or schema-bytes
	// ceiling activates nothing, reported with its index
	baseBytes := 0
	for _, id := range s.AlwaysOn() {
		baseBytes += s.SchemaBytes(id)
	}
	for name, c := range map[string]Ceilings{
		"active": {QueryBytes: 10, Results: 10, Active: len(s.AlwaysOn()) + 3, SchemaBytes: 1 << 20, Receipts: 10},
		"schema": {QueryBytes: 10, Results: 10, Active: 40, SchemaBytes: baseBytes + 100, Receipts: 10},
	} {
		a, err := Reconstruct(testKey, "r", s, groups, c)
		if err != nil || len(a.Activated) != 0 || len(a.Rejected) != 1 || a.Rejected[0].Reason != ReasonOverCeiling || a.Rejected[0].Index != 0 {
			t.Errorf("%s: %v, activated %v, rejected %+v", name, err, a.Activated, a.Rejected)
		}
	}
	if _, err := Reconstruct(testKey, "r", s, groups, DefaultCeilings()); err != nil {
		t.Fatal(err)
	}
}

// TestParallelSearchesOverTheCeiling: two
// parallel searches in one step, each within the results ceiling, whose
// names together pass the active ceiling. Before, the whole step was a
// 4xx and the run could not go on; now the first merges, the second is
// over_ceiling, and a third that fits still merges after it.
func TestParallelSearchesOverTheCeiling(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	base := len(s.AlwaysOn())
	c := DefaultCeilings()
	c.Active = base + 3
	first := raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, []string{"exec", "read_file"}))
	second := raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, []string{"workspace_write", "web_search"}))
	third := raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, []string{"read_file", "web_search"}))
	a, err := Reconstruct(testKey, "r", s, [][]json.RawMessage{{first, second, third}}, c)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Activated, []string{"exec", "read_file", "web_search"}) {
		t.Errorf("activated %v", a.Activated)
	}
	if len(a.Rejected) != 1 || a.Rejected[0].Index != 1 || a.Rejected[0].Reason != ReasonOverCeiling {
		t.Errorf("rejected %+v", a.Rejected)
	}
	if len(a.Active()) > c.Active {
		t.Errorf("%d active, over the ceiling of %d", len(a.Active()), c.Active)
	}
	// pins alone over the ceiling stay the runtime's error
	pinned := builtinSurface(t, roster, []string{"exec", "read_file", "workspace_write", "web_search"})
	if _, err := Reconstruct(testKey, "r", pinned, nil, c); err == nil {
		t.Error("pins over the active ceiling were accepted")
	}
}
