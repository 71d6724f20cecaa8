package authority

import "testing"

// TestFourEyesReadsAnEmailAsItsUsername: a subject id that is a user's
// name with an @domain suffix is that user, whatever the domain or its
// case, so rita cannot decide a request made for rita@corp.example; a
// different local part is someone else. The local part ends at the
// first @: "rita@@x" and "ritA@corp@x" are rita.
func TestFourEyesReadsAnEmailAsItsUsername(t *testing.T) {
	for _, c := range []struct {
		actor, subject string
		may            bool
	}{
		{"rita", "rita@corp.example", false},
		{"rita", "RITA@Corp.Example", false},
		{"rita", " rita@corp.example ", false},
		{"rita@corp.example", "rita", false},
		{"rita@corp.example", "rita@other.example", false},
		{"rita", "ｒｉｔａ＠corp.example", false},
		{"rita", "rita.m@corp.example", true},
		{"rita", "sam@corp.example", true},
		{"rita", "@corp.example", true},
		{"sam", "rita@sam", true},
		{"rita", "rita@@x", false},
		{"rita", "ritA@corp@x", false},
		{"rita@x", "rita@corp@x", false},
		{"rita", "sam@rita@x", true},
	} {
		if got := CanDecideApproval(c.actor, c.subject); got != c.may {
			t.Errorf("CanDecideApproval(%q, %q) = %v, want %v", c.actor, c.subject, got, c.may)
		}
	}
}
