package authority_test

import (
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestAKeyNamedKeyIsShownUnlessItLooksLikeOne: a key-value store's "key"
// (a cache key, an object's path, a memory's name) is what a reviewer
// must see to approve the call; only a random-looking value under a bare
// "key" is masked. Names of two words ending in "key" stay secret whatever
// their value.
func TestAKeyNamedKeyIsShownUnlessItLooksLikeOne(t *testing.T) {
	for _, c := range []struct {
		args  string
		hides bool
	}{
		{`{"key":"user:42:cart","value":"3 apples"}`, false},
		{`{"key":"reports/2026/q3.pdf"}`, false},
		{`{"Key":"orders"}`, false},
		{`{"key":"a9F3kQ7zR2mX8vL1pT6w"}`, true},
		{`{"api_key":"orders"}`, true},
		{`{"private_key":"short"}`, true},
		{`{"key":{"token":"x"}}`, true},
	} {
		v := authority.ArgumentsViewReport([]byte(c.args), "", nil)
		if v.Hides != c.hides {
			t.Errorf("%s: hides %v, want %v (view %s)", c.args, v.Hides, c.hides, v.Text)
		}
	}
}
