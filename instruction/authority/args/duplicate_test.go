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
	c := contract(t, `{"type":"object","additionalProperties":true}`)
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

// TestDuplicateKeysSkipLeavesOutOnlyWhatLiesUnder: leaving out a
// message's arguments leaves out what lies under them, never a second
// member holding them: a message with two arguments members is refused
// at the member's own pointer (a reader in front may take the first).
func TestDuplicateKeysSkipLeavesOutOnlyWhatLiesUnder(t *testing.T) {
	cases := []struct {
		raw  string
		want []string
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{"path":"safe"},"arguments":{"path":"/etc/passwd"}}}`, []string{"/params/arguments"}},
		{`{"params":{"arguments":{"a":1,"a":2}}}`, nil},
		{`{"params":{"arguments":{"a":1},"name":"x","arguments":{"a":1,"a":2}}}`, []string{"/params/arguments"}},
		{`{"params":{"arguments":1,"name":"x","name":"y"}}`, []string{"/params/name"}},
	}
	for _, tc := range cases {
		var got []string
		for _, p := range args.DuplicateKeys([]byte(tc.raw), "/params/arguments") {
			got = append(got, p.Pointer)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: pointers %q, want %q", tc.raw, got, tc.want)
		}
	}
}
