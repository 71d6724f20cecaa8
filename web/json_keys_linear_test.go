package web

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// manyKeys is an object of n distinct keys, as an API body's map field
// (a call's arguments) can hold.
func manyKeys(n int) []byte {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"key_%d":1`, i)
	}
	b.WriteString("}")
	return []byte(b.String())
}

// keyCompares is the number of key comparisons and look-ups checkJSONKeys
// makes on body.
func keyCompares(t *testing.T, body []byte, typ reflect.Type) int {
	t.Helper()
	w := keyWalk{b: body}
	if err := w.value(typ, "", 0); err != nil {
		t.Fatal(err)
	}
	return w.compares
}

// Checking an object's keys for repeats
// compared each key with every earlier one (20,000 keys: 200 million
// comparisons, 3.8 s). The work is counted, not timed: at most the short
// list's length per key, so ten times the keys make at most ten times the
// comparisons (pairwise makes a hundred times).
func TestJSONKeysCostLinearWork(t *testing.T) {
	typ := reflect.TypeOf(map[string]any{})
	small, large := keyCompares(t, manyKeys(2000), typ), keyCompares(t, manyKeys(20000), typ)
	t.Logf("%d comparisons at 2,000 keys, %d at 20,000", small, large)
	for n, c := range map[int]int{2000: small, 20000: large} {
		if c > keySetFew*n {
			t.Errorf("%d keys: %d comparisons, want at most %d per key", n, c, keySetFew)
		}
	}
	if large > 10*small {
		t.Errorf("ten times the keys made %.1f times the comparisons, want at most ten", float64(large)/float64(small))
	}
	if err := checkJSONKeys([]byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"a":19}`), typ); err == nil {
		t.Error("a key repeated after the set became a map is not refused")
	}
}

// BenchmarkCheckJSONKeys times the key check (not asserted anywhere):
// go test ./web -run '^$' -bench CheckJSONKeys
func BenchmarkCheckJSONKeys(b *testing.B) {
	typ := reflect.TypeOf(map[string]any{})
	for _, n := range []int{2000, 20000} {
		body := manyKeys(n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := checkJSONKeys(body, typ); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
