package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

// TestCheckJSONKeysMatchesTheTokenWalk: the byte scanner refuses exactly
// what the json.Decoder token walk it replaced refused (the reference
// model below), with the same field and message, on random valid bodies
// for the request types of the API: miscased, unknown and repeated keys
// at every depth, escaped keys, nested arrays and every value kind.
func TestCheckJSONKeysMatchesTheTokenWalk(t *testing.T) {
	types := []reflect.Type{reflect.TypeOf(&authorizeRequest{}), reflect.TypeOf(&runCallRequest{}), reflect.TypeOf(&ComposeRequest{}), reflect.TypeOf(&map[string]any{})}
	keys := []string{"agent", "tool", "subject", "id", "groups", "binding", "profile", "receipts", "pins", "tools", "Agent", "AGENT", "x", `\u0061gent`, `to\"ol`, "ttl_seconds"}
	r := rand.New(rand.NewPCG(1, 2))
	var gen func(depth int) string
	gen = func(depth int) string {
		switch n := r.IntN(10); {
		case depth > 4 || n < 3:
			return []string{`"s"`, `1.5e3`, `true`, `null`, `"a\"b"`, `-0`, `"\\"`}[r.IntN(7)]
		case n < 5:
			var items []string
			for range r.IntN(4) {
				items = append(items, gen(depth+1))
			}
			return "[ " + strings.Join(items, " , ") + "]"
		default:
			var items []string
			for range r.IntN(5) {
				items = append(items, fmt.Sprintf("\"%s\" :%s", keys[r.IntN(len(keys))], gen(depth+1)))
			}
			return "{" + strings.Join(items, ",\n") + " }"
		}
	}
	differ := 0
	for i := range 20000 {
		body := []byte(gen(0))
		if i%3 == 0 { // mostly well-formed requests with one twist
			body = []byte(fmt.Sprintf(`{"agent":"analyst","tool":"x","subject":{"id":"u","groups":["a"]},"%s":%s}`, keys[r.IntN(len(keys))], gen(1)))
		}
		if !json.Valid(body) {
			t.Fatalf("generated invalid JSON: %s", body)
		}
		typ := types[r.IntN(len(types))]
		got, want := describeKeyErr(checkJSONKeys(body, typ)), describeKeyErr(tokenWalkKeys(body, typ))
		if got != want {
			differ++
			if differ < 5 {
				t.Errorf("%s as %v: got %q, want %q", body, typ, got, want)
			}
		}
	}
	if differ > 0 {
		t.Fatalf("%d of 20000 bodies answered differently", differ)
	}
	// malformed bodies never panic and leave the error to the decoder
	for _, b := range []string{``, `{`, `{"agent"`, `{"agent":`, `{"agent":"a",`, `[1,`, `{"agent":"b\`, `{"agent" "b"}`, `{"agent":"a"}}`, strings.Repeat("[", 20000)} {
		if err := checkJSONKeys([]byte(b), reflect.TypeOf(&authorizeRequest{})); err != nil {
			t.Errorf("%q: %v", b, err)
		}
	}
}

func describeKeyErr(err error) string {
	if err == nil {
		return ""
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		if b, ok := he.Message.(apiErrorBody); ok {
			return fmt.Sprintf("%d %s: %s", he.Code, b.Field, b.Message)
		}
	}
	return err.Error()
}

// tokenWalkKeys is the json.Decoder token walk checkJSONKeys replaced,
// kept as the reference model.
func tokenWalkKeys(body []byte, t reflect.Type) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	return tokenWalk(dec, t, "", "")
}

func tokenWalk(dec *json.Decoder, t reflect.Type, path, ptr string) error {
	tok, err := dec.Token()
	if err != nil {
		return nil // the decoder reports it
	}
	if t == rawMessage {
		// a raw value is its consumer's to judge: skip it whole
		for depth := 0; ; {
			if d, ok := tok.(json.Delim); ok {
				if d == '[' || d == '{' {
					depth++
				} else {
					depth--
				}
			}
			if depth == 0 {
				return nil
			}
			if tok, err = dec.Token(); err != nil {
				return nil
			}
		}
	}
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	switch d {
	case '[':
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; dec.More(); i++ {
			if err := tokenWalk(dec, elem, path, fmt.Sprintf("%s/%d", ptr, i)); err != nil {
				return err
			}
		}
	case '{':
		var fields map[string]reflect.Type
		if t != nil && t.Kind() == reflect.Struct {
			fields = map[string]reflect.Type{}
			jsonFields(t, fields)
		}
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil
			}
			k, _ := kt.(string)
			name := k
			if path != "" {
				name = path + "." + k
			}
			p := ptr + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
			if seen[k] {
				return &echo.HTTPError{Code: http.StatusBadRequest, Message: apiErrorBody{Code: "bad_request", Field: name, Pointer: p,
					Message: fmt.Sprintf("field %s is given twice (JSON pointer %s): a key appears once in an object, or readers disagree on which value holds", name, p)}}
			}
			seen[k] = true
			var ft reflect.Type
			switch {
			case fields != nil:
				f, known := fields[k]
				if !known {
					return apiErr(http.StatusBadRequest, "bad_request", name, "unknown field "+name+" (field names are case-sensitive)")
				}
				ft = f
			case t != nil && t.Kind() == reflect.Map:
				ft = t.Elem()
			}
			if err := tokenWalk(dec, ft, name, p); err != nil {
				return err
			}
		}
	}
	_, _ = dec.Token() // the closing delimiter
	return nil
}

// BenchmarkCheckJSONKeysRunStep: a deferred step's body with three
// receipts, the runtime's most frequent request.
func BenchmarkCheckJSONKeysRunStep(b *testing.B) {
	r := `{"v":1,"run":"load-7f3a-1234","surface":"` + strings.Repeat("ab", 32) + `","step":%d,"names":["github.create_issue","github.list_issues","read_file"],"mac":"47sSGE1MgSWz6dzWhns-YbEa7qUeiXSHFyPxOxrlzKE"}`
	body := []byte(`{"agent":"dev-helper","receipts":[[` + fmt.Sprintf(r, 0) + `],[` + fmt.Sprintf(r, 1) + `],[` + fmt.Sprintf(r, 2) + `]]}`)
	t := reflect.TypeOf(&runStepRequest{})
	b.ReportAllocs()
	for range b.N {
		if err := checkJSONKeys(body, t); err != nil {
			b.Fatal(err)
		}
	}
}

// TestKeyWalkAllocatesOnce: the key walk over a step body with three
// receipts allocates its walk once and a string per nested value's
// field path (receipts, and each receipt's names): its stacks of keys
// and of pointer steps live in the walk's own room. It allocated 13
// times before (a key list per object, the pointer steps' growth).
func TestKeyWalkAllocatesOnce(t *testing.T) {
	r := `{"v":1,"run":"load-7f3a-1234","surface":"` + strings.Repeat("ab", 32) + `","step":%d,"names":["github.create_issue","read_file"],"mac":"47sSGE1MgSWz6dzWhns-YbEa7qUeiXSHFyPxOxrlzKE"}`
	body := []byte(`{"agent":"dev-helper","receipts":[[` + fmt.Sprintf(r, 0) + `],[` + fmt.Sprintf(r, 1) + `],[` + fmt.Sprintf(r, 2) + `]]}`)
	typ := reflect.TypeOf(&runStepRequest{})
	if err := checkJSONKeys(body, typ); err != nil {
		t.Fatal(err)
	}
	n := testing.AllocsPerRun(100, func() { _ = checkJSONKeys(body, typ) })
	if want := 5 + raceAllocSlack; n > float64(want) {
		t.Errorf("%v allocations a walk, want at most %d (the walk and 4 field paths)", n, want)
	}
}
