package web

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeStrictFastPathAgrees: decodeStrict (json.Unmarshal first,
// the strict decoder for what it refuses) answers every body exactly as
// the strict decoder alone did — the same value or the same error — for
// the runtime API's request types, on random request-shaped bodies with
// wrong types, unknown and miscased keys, trailing data and cut bodies.
func TestDecodeStrictFastPathAgrees(t *testing.T) {
	types := []reflect.Type{reflect.TypeOf(runStepRequest{}), reflect.TypeOf(runCallRequest{}), reflect.TypeOf(runSearchRequest{}),
		reflect.TypeOf(authorizeRequest{}), reflect.TypeOf(ComposeRequest{})}
	keys := []string{"agent", "tool", "subject", "id", "groups", "receipts", "pins", "tools", "tier", "query", "step", "limit", "encoding", "binding", "Agent", "x"}
	values := []string{`"s"`, `"analyst"`, `7`, `-1`, `1.5`, `true`, `null`, `[]`, `["a","b"]`, `[[{"v":1}],[]]`, `{"id":"u","groups":["g"]}`, `{}`, `{"id":7}`, `"\u00e9"`}
	tails := []string{"", " ", "\n", "}", " {}", "x", "[1]", `,"a":1}`}
	r := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for range 30000 {
		var parts []string
		for range r.IntN(5) {
			parts = append(parts, fmt.Sprintf("%q:%s", keys[r.IntN(len(keys))], values[r.IntN(len(values))]))
		}
		body := "{" + strings.Join(parts, ",") + "}"
		switch r.IntN(6) {
		case 0:
			body += tails[r.IntN(len(tails))]
		case 1:
			body = body[:r.IntN(len(body)+1)]
		case 2:
			body = values[r.IntN(len(values))]
		}
		typ := types[r.IntN(len(types))]
		got, want := reflect.New(typ), reflect.New(typ)
		gotErr := describeKeyErr(decodeStrict([]byte(body), got.Interface()))
		wantErr := describeKeyErr(decodeStrictReference([]byte(body), want.Interface()))
		if gotErr != wantErr {
			t.Fatalf("%s as %v: error %q, want %q", body, typ, gotErr, wantErr)
		}
		if gotErr == "" {
			checked++
			if !reflect.DeepEqual(got.Interface(), want.Interface()) {
				t.Fatalf("%s as %v: decoded %+v, want %+v", body, typ, got.Elem(), want.Elem())
			}
		}
	}
	if checked < 3000 {
		t.Fatalf("only %d bodies decoded: the generator tests too little", checked)
	}
}

// decodeStrictReference is decodeStrict before its json.Unmarshal fast
// path: the checks, then the strict decoder alone.
func decodeStrictReference(body []byte, v any) error {
	if err := checkJSONKeys(body, reflect.TypeOf(v)); err != nil {
		return err
	}
	return decodeStrictly(body, v)
}

// BenchmarkDecodeStrictRunStep: a step body with three receipts through
// decodeStrict against the strict decoder alone, in one run.
func BenchmarkDecodeStrictRunStep(b *testing.B) {
	r := `{"v":1,"run":"load-7f3a-1234","surface":"` + strings.Repeat("ab", 32) + `","step":%d,"names":["github.create_issue","github.list_issues","read_file"],"mac":"47sSGE1MgSWz6dzWhns-YbEa7qUeiXSHFyPxOxrlzKE"}`
	body := []byte(`{"agent":"dev-helper","receipts":[[` + fmt.Sprintf(r, 0) + `],[` + fmt.Sprintf(r, 1) + `],[` + fmt.Sprintf(r, 2) + `]]}`)
	for name, decode := range map[string]func([]byte, any) error{"decodeStrict": decodeStrict, "strict-decoder-only": decodeStrictReference} {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for range b.N {
				var req runStepRequest
				if err := decode(body, &req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
