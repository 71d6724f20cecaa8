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

// Issue 26, finding 5 (its class): checking an object's keys for repeats
// compared each key with every earlier one. Ten times the keys must cost
// about ten times the time (pairwise gives about a hundred).
func TestJSONKeysCostLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("benchmarks")
	}
	typ := reflect.TypeOf(map[string]any{})
	ns := func(n int) float64 {
		body := manyKeys(n)
		return float64(testing.Benchmark(func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := checkJSONKeys(body, typ); err != nil {
					b.Fatal(err)
				}
			}
		}).NsPerOp())
	}
	small, large := ns(2000), ns(20000)
	t.Logf("%.0f ns at 2,000 keys, %.0f ns at 20,000: ratio %.1f", small, large, large/small)
	if large/small > 35 {
		t.Errorf("ten times the keys cost %.0f times the time, want about ten", large/small)
	}
	if err := checkJSONKeys([]byte(`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"r":18,"a":19}`), typ); err == nil {
		t.Error("a key repeated after the set became a map is not refused")
	}
}
