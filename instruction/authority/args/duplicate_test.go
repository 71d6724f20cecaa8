package args_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestDuplicateKeysAreProblems: a key an object holds twice, at any
// depth, is one problem at its JSON pointer, whatever the schema; the
// same key in two different objects, and braces, quotes and commas
// inside strings, are not. Failing test first (the decoder kept the
// last value and the schema checked only it).
func TestDuplicateKeysAreProblems(t *testing.T) {
	c := contract(t, `{"type":"object"}`)
	d := catalog.Digest(c)
	many := make([]string, 40)
	for i := range many {
		many[i] = fmt.Sprintf(`"k%d":%d`, i, i)
	}
	cases := []struct {
		raw  string
		want []string // pointers
	}{
		{`{"a":1,"a":2}`, []string{"/a"}},
		{`{"a":1,"\u0061":2}`, []string{"/a"}},
		{`{"a":{"b":[1,{"c":1,"d":{},"c":2}]}}`, []string{"/a/b/1/c"}},
		{`{"x/y":1,"m~n":{"q":1},"x/y":2,"m~n":3}`, []string{"/x~1y", "/m~0n"}},
		{`{"l":[[],[{"z":1}],[{"z":1,"z":1}]]}`, []string{"/l/2/0/z"}},
		{`{` + strings.Join(many, ",") + `,"k39":0}`, []string{"/k39"}},
		// not duplicates
		{`{"a":{"k":1},"b":{"k":1},"c":[{"k":1},{"k":2}]}`, nil},
		{`{"s":"{\"s\":1,\"s\":2}","t":"a,\"b\":c","u":"\\"}`, nil},
		{`{"a":"a","b":["a","a"]}`, nil},
		{`{"l":[{"a":1},{"a":1}]}`, nil},
	}
	for _, tc := range cases {
		var got []string
		for _, p := range args.Check(d, &c, []byte(tc.raw)) {
			if !strings.Contains(p.Message, "more than once") {
				t.Errorf("%s: %+v", tc.raw, p)
			}
			got = append(got, p.Pointer)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: pointers %q, want %q", tc.raw, got, tc.want)
		}
	}
}
