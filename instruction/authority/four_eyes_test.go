package authority

import "testing"

// TestFourEyesComparesIdentitiesNotSpellings: the four-eyes
// rule reads two spellings of one name as one person — case, surrounding
// spaces, Unicode compatibility forms (full-width letters, ligatures) —
// and still lets another person decide.
func TestFourEyesComparesIdentitiesNotSpellings(t *testing.T) {
	for _, c := range []struct {
		actor, subject string
		may            bool
	}{
		{"rita", "rita", false},
		{"rita", "RITA", false},
		{"rita", " rita ", false},
		{"Rita", "rita\t", false},
		{"rita", "ｒｉｔａ", false},
		{"ﬁona", "fiona", false},
		{"straße", "STRASSE", false},
		{"رضا", "ر\u200cضا", false},
		{"rita", "ri\u3164ta", false},
		{"rita", "rit a", true},
		{"rita", "sam", true},
		{"", "sam", false},
	} {
		if got := CanDecideApproval(c.actor, c.subject); got != c.may {
			t.Errorf("CanDecideApproval(%q, %q) = %v, want %v", c.actor, c.subject, got, c.may)
		}
	}
	if !SameIdentity("Bob", "bob ") || SameIdentity("bob", "bobby") {
		t.Error("SameIdentity")
	}
}
