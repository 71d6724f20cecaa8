package deferred

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestASupersededReceiptNeverActivatesAgain: a run searched on a
// surface, the surface moved (a grant taken away) and the console carried
// the activation of the tools still on it; when the surface comes back
// exactly as it was (the grant given back), the first receipt's surface
// key is current again, but a later step superseded it: the tool the
// change took away stays inactive until a new search, and only what the
// latest step held is carried.
func TestASupersededReceiptNeverActivatesAgain(t *testing.T) {
	first := builtinSurface(t, roster, nil)
	without := builtinSurface(t, roster[1:], nil) // "exec" taken away
	again := builtinSurface(t, roster, nil)
	if again.Key() != first.Key() {
		t.Fatal("the surface given back differs from the first: the case needs them equal")
	}
	groups := [][]json.RawMessage{
		{raw(t, Mint(testKey, KindSearch, "r", first.Key(), 0, []string{"exec", "web_search"}))},
		{raw(t, Mint(testKey, KindSearch, "r", without.Key(), 1, []string{"web_search"}))},
	}
	a, err := Reconstruct(testKey, "r", again, groups, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(a.Active(), "exec") {
		t.Errorf("active %v: the receipt the carried step superseded activated exec again", a.Active())
	}
	if !slices.Equal(a.Carry, []string{"web_search"}) || a.CarryStep != 1 {
		t.Errorf("carry %v from step %d, want [web_search] from step 1", a.Carry, a.CarryStep)
	}
	// a later search on the surface given back activates again
	groups = append(groups, []json.RawMessage{raw(t, Mint(testKey, KindSearch, "r", again.Key(), 2, []string{"exec"}))})
	if a, err = Reconstruct(testKey, "r", again, groups, DefaultCeilings()); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Activated, []string{"exec"}) || len(a.Carry) != 0 {
		t.Errorf("after a new search: activated %v, carry %v; want [exec] and nothing to carry", a.Activated, a.Carry)
	}
}

// TestASurfaceMovedReceiptSupersedesAndActivatesNothing: the receipt a
// host mints when a move left nothing to carry names no tool, is valid on
// its own surface (activating nothing) and, once its surface is gone,
// keeps every earlier receipt from activating again.
func TestASurfaceMovedReceiptSupersedesAndActivatesNothing(t *testing.T) {
	first := builtinSurface(t, roster, nil)
	without := builtinSurface(t, roster[1:], nil)
	search := raw(t, Mint(testKey, KindSearch, "r", first.Key(), 0, []string{"exec"}))
	moved := raw(t, Mint(testKey, KindMoved, "r", without.Key(), 1, nil))
	a, err := Reconstruct(testKey, "r", without, [][]json.RawMessage{{search}}, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if !a.Moved || len(a.Carry) != 0 {
		t.Fatalf("before the move is recorded: moved %v, carry %v; want moved and nothing to carry", a.Moved, a.Carry)
	}
	a, err = Reconstruct(testKey, "r", without, [][]json.RawMessage{{search}, {moved}}, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if a.Moved || len(a.Rejected) != 1 || a.Step != 1 || len(a.Activated) != 0 {
		t.Fatalf("on its own surface: %+v, want it valid at step 1, activating nothing, the move recorded", a)
	}
	if !slices.Contains(a.Shown, "exec") {
		t.Errorf("shown %v: the run was shown exec before the move", a.Shown)
	}
	a, err = Reconstruct(testKey, "r", first, [][]json.RawMessage{{search}, {moved}}, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(a.Active(), "exec") || len(a.Carry) != 0 {
		t.Errorf("the surface back as it was: active %v, carry %v; want exec inactive and nothing to carry", a.Active(), a.Carry)
	}
	for _, bad := range []Receipt{Mint(testKey, KindMoved, "r", first.Key(), 0, []string{"exec"}), Mint(testKey, KindSearch, "r", first.Key(), 0, nil)} {
		if _, err := Parse(raw(t, bad), 25); !IsMalformed(err) {
			t.Errorf("kind %q with names %v: %v, want malformed", bad.Kind, bad.Names, err)
		}
	}
}
