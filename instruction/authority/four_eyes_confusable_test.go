package authority

import "testing"

// TestFourEyesTakesLookAlikesAsOnePerson: a subject id spelled with a
// confusable character (Cyrillic і for i, Greek ο for o, a dotted capital
// İ) reads on a page as the approver's own name: the four-eyes rule takes
// it as the same person (a UTS #39 skeleton), so nobody approves their own
// request under a look-alike id; distinct names stay distinct.
func TestFourEyesTakesLookAlikesAsOnePerson(t *testing.T) {
	for _, c := range []struct {
		actor, subject string
		may            bool
	}{
		{"rita", "r\u0456ta", false},     // Cyrillic і
		{"rita", "R\u0406TA", false},     // Cyrillic capital І
		{"rita", "r\u0130ta", false},     // İ: folds to i with a dot above
		{"bob", "b\u03bfb", false},       // Greek ο
		{"paypal", "p\u0430ypal", false}, // Cyrillic а
		{"rita", "r\u0131ta", false},     // dotless ı
		{"rita", "rina", true},
		{"rené", "rene", false}, // one name with or without its accent: asked of another reviewer
		{"rita", "sam", true},
	} {
		if got := CanDecideApproval(c.actor, c.subject); got != c.may {
			t.Errorf("CanDecideApproval(%q, %q) = %v, want %v (keys %q %q)", c.actor, c.subject, got, c.may, identityKey(c.actor), identityKey(c.subject))
		}
	}
}
