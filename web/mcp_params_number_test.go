package web

import (
	"strings"
	"testing"
)

// TestAHugeNumberInParamsIsNamed: tools/call with a number no float64
// holds ({"id":1e400}) was answered "params must be a JSON object",
// although params was one. Now the answer names the number's place.
func TestAHugeNumberInParamsIsNamed(t *testing.T) {
	for _, c := range []struct{ params, want string }{
		{`{"name":"evil.lookup","arguments":{"id":1e400}}`, "params.arguments.id is a number out of range (1e400)"},
		{`{"name":"x","arguments":{"list":[1,2,-1e999]}}`, "params.arguments.list[2] is a number out of range"},
		{`{"name":"x","_meta":{"n":1e309},"arguments":{}}`, "params._meta.n is a number out of range"},
		{`[1,2]`, "params must be a JSON object"},
		{`"x"`, "params must be a JSON object"},
	} {
		if got := checkParams("tools/call", []byte(c.params)); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.params, got, c.want)
		}
	}
	if got := checkParams("tools/call", []byte(`{"name":"x","arguments":{"id":1e300}}`)); got != "" {
		t.Errorf("a number a float64 holds: %q", got)
	}
}
