package args_test

import (
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestNumbersHoldAsAServerReadsThem: a server reads a JSON number as a
// 64-bit float, so a number is checked as sent and as that float, each
// problem naming its pointer; a number no float holds as anything near
// it (a nonzero one that reads 0, one past the float range) is refused.
// Numbers a float holds exactly, or that read within the rules, pass.
func TestNumbersHoldAsAServerReadsThem(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{
		"amount":{"type":"number","description":"Positive.","exclusiveMinimum":0},
		"ratio":{"type":"number","description":"Below one.","exclusiveMaximum":1},
		"id":{"type":"integer","description":"An id.","maximum":9007199254740992},
		"step":{"type":"number","description":"Tenths.","multipleOf":0.5},
		"any":{"description":"Anything."},
		"list":{"type":"array","description":"Numbers.","items":{"type":"number","description":"One.","exclusiveMinimum":0}}
	},"additionalProperties":false}`)
	d := catalog.Digest(c)
	cases := []struct {
		raw  string
		want []args.Problem
	}{
		{`{"amount":1e-400}`, []args.Problem{{Pointer: "/amount", Message: "is 1e-400, which a 64-bit float reads as 0 (a server gets 0); send 0 or a larger number, or a string"}}},
		{`{"ratio":0.99999999999999999999}`, []args.Problem{{Pointer: "/ratio", Message: "must be less than 1, got 1 (as a server reads it: a 64-bit float)"}}},
		{`{"list":[1,0.5,1e-400]}`, []args.Problem{{Pointer: "/list/2", Message: "is 1e-400, which a 64-bit float reads as 0 (a server gets 0); send 0 or a larger number, or a string"}}},
		{`{"any":-1e400}`, []args.Problem{{Pointer: "/any", Message: "is -1e400, beyond what a 64-bit float holds (a server cannot read it); send a smaller number, or a string"}}},
		{`{"id":9007199254740993}`, []args.Problem{{Pointer: "/id", Message: "must be at most 9007199254740992, got 9007199254740993"}}},
		// what a float reads within the rules passes
		{`{"amount":1e-300,"ratio":0.5,"id":9007199254740992,"step":2.5,"any":0.1,"list":[0.1,3]}`, nil},
		{`{"amount":0.30000000000000000001,"ratio":-0e5,"any":0E-400}`, nil},
	}
	for _, tc := range cases {
		if got := args.Check(d, &c, []byte(tc.raw)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", tc.raw, got, tc.want)
		}
	}
}
