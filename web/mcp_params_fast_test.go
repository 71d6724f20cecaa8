package web

import (
	"strings"
	"testing"
)

// TestCheckParamsRawAnswersAsTheDecoder: every params the one-level read
// answers for is answered as the whole decode answers it, method by
// method; a huge number, a non-object or broken JSON is left to the
// decode.
func TestCheckParamsRawAnswersAsTheDecoder(t *testing.T) {
	methods := []string{"tools/call", "tools/list", "resources/list", "resources/templates/list", "resources/read", "initialize", "ping"}
	params := []string{
		`{}`, `{"name":"demo.echo","arguments":{"text":"hello"}}`, `{"name":"x"}`, `{"name":1}`, `{"name":null}`, `{"name":{"a":1}}`,
		`{"name":"x","arguments":[1]}`, `{"name":"x","arguments":"s"}`, `{"name":"x","arguments":null}`, `{"name":"x","arguments":3.5}`,
		`{"name":"x","arguments":{"n":1e300,"s":"1e999","list":[1,-2.5e-3,"x\"y"]}}`, `{"name":"x","_meta":{"idempotency_key":"k"}}`,
		`{"name":"x","_meta":[]}`, `{"name":"x","_meta":true}`, `{"cursor":""}`, `{"cursor":null}`, `{"cursor":"abc"}`, `{"cursor":0}`,
		`{"cursor":false}`, `{"uri":"console://manifest"}`, `{"uri":5}`, `{"level":"info"}`, `{"level":"loud"}`, `{"level":"\u0069nfo"}`,
		`{"level":7}`, `{"level":null}`, `{"other":1,"more":[{}]}`, ` {"name":"x"}`, `{"name":"x","arguments":{"a":` + strings.Repeat("9", 320) + `}}`,
		`{"name":"x","arguments":{"a":-` + strings.Repeat("9", 280) + `}}`, `{"name":"x","arguments":{"id":1e400}}`, `[1]`, `"x"`, `{"name":`, `{"name":"x",}`,
	}
	fast := 0
	for _, m := range methods {
		for _, p := range params {
			got, ok := checkParamsRaw(m, []byte(p))
			if !ok {
				continue
			}
			fast++
			if want := checkParamsDecoded(m, []byte(p)); got != want {
				t.Errorf("%s %s: %q, the decode answers %q", m, p, got, want)
			}
		}
	}
	if fast < len(methods)*(len(params)-8) {
		t.Errorf("the one-level read answered %d of %d", fast, len(methods)*len(params))
	}
	for _, p := range []string{`{"name":"x","arguments":{"id":1e400}}`, `{"name":"x","arguments":{"a":` + strings.Repeat("9", 320) + `}}`, `[1]`, `{"name":`} {
		if _, ok := checkParamsRaw("tools/call", []byte(p)); ok {
			t.Errorf("%s: answered by the one-level read, want the decode", p)
		}
	}
}
