package args_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestAnyOfReportsTheBestBranch: arguments that broke an anyOf or oneOf
// were reported with every branch's problems, so an allowed branch's
// "got array, want string" stood next to the real problem. Only the
// problems of the branch that matches best are reported now (the one
// whose type fits, with the fewest problems).
func TestAnyOfReportsTheBestBranch(t *testing.T) {
	for _, key := range []string{"anyOf", "oneOf"} {
		c := contract(t, `{"type":"object","properties":{"paths":{"description":"One path or a list.","`+key+`":[
			{"type":"string","minLength":1},
			{"type":"array","items":{"type":"string"}}]}}}`)
		d := catalog.Digest(c)
		got := args.Check(d, &c, []byte(`{"paths":["a",7]}`))
		want := []args.Problem{{Pointer: "/paths/1", Message: "got number, want string"}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want only %+v", key, got, want)
		}
		if got := args.Check(d, &c, []byte(`{"paths":7}`)); len(got) == 0 || got[0].Pointer != "/paths" {
			t.Errorf("%s: a value no branch's type fits: %+v", key, got)
		}
	}
}
