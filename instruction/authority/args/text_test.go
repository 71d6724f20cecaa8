package args_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestInvalidTextIsAProblem: a string (a key or a value, at any depth)
// that is not valid UTF-8, or that escapes half of a UTF-16 surrogate
// pair, is a problem at its pointer: a decoder reads it as U+FFFD, so the
// server would get other text than the caller sent and the schema checked.
// Paired surrogates and every valid character pass.
// Failing test first.
func TestInvalidTextIsAProblem(t *testing.T) {
	c := contract(t, `{"type":"object","additionalProperties":true}`)
	d := catalog.Digest(c)
	cases := []struct {
		raw  string
		want []string // pointers
	}{
		{"{\"text\":\"a\xffb\"}", []string{"/text"}},
		{`{"text":"\ud800"}`, []string{"/text"}},
		{`{"text":"x\udc00y"}`, []string{"/text"}},
		{`{"text":"\ud800\u0041"}`, []string{"/text"}},
		{"{\"l\":[\"ok\",{\"k\":\"\xc3\"}]}", []string{"/l/1/k"}},
		{"{\"k\xff\":1}", []string{"/k\ufffd"}},
		// valid
		{`{"text":"\ud83d\ude00 caf\u00e9 \u4e2d"}`, nil},
		{"{\"text\":\"😀 café 中 \\\\ud800\"}", nil},
	}
	for _, tc := range cases {
		var got []string
		for _, p := range args.Check(d, &c, []byte(tc.raw)) {
			if !strings.Contains(p.Message, "UTF-8") {
				t.Errorf("%q: %+v", tc.raw, p)
			}
			got = append(got, p.Pointer)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: pointers %q, want %q", tc.raw, got, tc.want)
		}
	}
}
