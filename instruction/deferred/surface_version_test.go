package deferred

import "testing"

// TestSurfaceVersion: surfaces built alike share a version; other pins or
// skills (which the key leaves out) give another.
func TestSurfaceVersion(t *testing.T) {
	roster := builtinSurface(t, []string{"read_file", "render_chart", "ask_user"}, nil).Roster()
	build := func(pins []string, skills [][]string) *Surface {
		s, err := NewSurface(roster, SurfaceOptions{Agent: "a", Pins: pins, Skills: skills})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := build(nil, nil), build(nil, nil)
	if a == b || a.Version() != b.Version() {
		t.Errorf("surfaces built alike: versions %s and %s, want one", a.Version(), b.Version())
	}
	id := roster[0].ID()
	if build([]string{id}, nil).Version() == a.Version() {
		t.Error("a pin does not move the version")
	}
	if build(nil, [][]string{{id}}).Version() == a.Version() {
		t.Error("a skill does not move the version")
	}
	if p, _ := a.WithPins([]string{id}); p.Version() != build([]string{id}, nil).Version() {
		t.Error("WithPins and NewSurface with the same pin differ")
	}
}
