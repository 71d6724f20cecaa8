package authority

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestArgumentsViewKeepsEveryArgument: masking a credential written into
// an argument's name never merges two arguments in the reviewer's view:
// names that mask to the same text, or to the name of another argument,
// each stay visible as their own member, and the view has as many
// members as the call has arguments, at any depth.
func TestArgumentsViewKeepsEveryArgument(t *testing.T) {
	for _, c := range []struct {
		name, args string
		members    int
	}{
		{"two token= names", `{"token=a":1,"token=b":2}`, 2},
		{"masked name meets a real name", `{"token=a":1,"token=[masked]":2}`, 2},
		{"three credentials in names", `{"ghp_abcdefghijklmnopqrstuvwxyz0123456789":"x","ghp_bcdefghijklmnopqrstuvwxyz0123456789a":"y","ghp_cdefghijklmnopqrstuvwxyz0123456789ab":"z"}`, 3},
		{"nested", `{"h":{"token=a":"1","token=b":"2","token=[masked] (2)":"3"}}`, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			view := ArgumentsView([]byte(c.args))
			var v map[string]any
			if err := json.Unmarshal([]byte(view), &v); err != nil {
				t.Fatalf("view is not JSON: %v\n%s", err, view)
			}
			if h, ok := v["h"].(map[string]any); ok {
				v = h
			}
			if len(v) != c.members {
				t.Errorf("view has %d members, want %d:\n%s", len(v), c.members, view)
			}
			for _, secret := range []string{"token=a", "token=b", "ghp_"} {
				if strings.Contains(view, secret) {
					t.Errorf("view shows %q:\n%s", secret, view)
				}
			}
		})
	}
}
