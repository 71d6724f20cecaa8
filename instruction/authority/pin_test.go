package authority

import "testing"

func TestPinChanged(t *testing.T) {
	now := Pin{Grants: "g1", Roster: "r1", Contract: "c1"}
	for _, tc := range []struct {
		name, pinned, want string
	}{
		{"made before pins", "", ""},
		{"unchanged", now.String(), ""},
		{"grants changed", Pin{"g0", "r1", "c1"}.String(), TypeRevoked},
		{"roster changed", Pin{"g1", "r0", "c1"}.String(), TypeRevoked},
		{"reviewed again", Pin{"g1", "r1", "c0"}.String(), TypeBindingStale},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, stop := pinChanged(tc.pinned, now)
			got := ""
			if stop {
				got = d.Error.Type
				if !d.Invalidates {
					t.Errorf("a changed pin does not invalidate the binding for good")
				}
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
	if ParsePin(now.String()) != now {
		t.Errorf("ParsePin(%q) = %+v", now.String(), ParsePin(now.String()))
	}
}
