package web

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
)

// FuzzCheckJSONKeys: the key check every API body goes through stays
// within the per-input budget (catalogtest.WithinBudget) and its work is
// linear: at most keySetFew comparisons per key (a key begins with a
// quote, so per quote in the body).
func FuzzCheckJSONKeys(f *testing.F) {
	for _, s := range []string{
		`{"agent":"analyst","tools":["a"],"pins":["a"]}`,
		`{"arguments":{"a":1,"b":2,"a":3}}`,
		string(manyKeys(100)),
		`{"a":` + strings.Repeat(`{"b":`, 2000) + "1" + strings.Repeat("}", 2001),
		`{"agent\u0000":1}`, "\xff{", `[[[[`,
	} {
		f.Add([]byte(s))
	}
	types := []reflect.Type{reflect.TypeOf(runStepRequest{}), reflect.TypeOf(map[string]any{})}
	f.Fuzz(func(t *testing.T, body []byte) {
		quotes := bytes.Count(body, []byte(`"`))
		for _, typ := range types {
			w := keyWalk{b: body}
			catalogtest.WithinBudget(t, body, func() { _ = w.value(typ, "", 0) })
			if w.compares > keySetFew*quotes {
				t.Fatalf("%v: %d comparisons for %d quotes: more than %d per key", typ, w.compares, quotes, keySetFew)
			}
		}
	})
}
