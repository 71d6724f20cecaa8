package upstream

import (
	"reflect"
	"testing"
	"time"
)

// TestSpecSameComparesEveryField: a spec differing from another in any
// one field (a secret header's value, say) is not the same spec, so the
// pool makes it a new client; an equal spec with its own maps is.
func TestSpecSameComparesEveryField(t *testing.T) {
	base := Spec{Name: "n", Command: []string{"a"}, Env: map[string]string{"K": "v"}, PlainEnv: map[string]string{"P": "v"}, URL: "http://x",
		Headers: map[string]string{"H": "v"}, Dir: "/d", Timeout: time.Second, MaxBackoff: time.Second, StderrLines: 3}
	if !base.same(base.clone()) {
		t.Fatal("a spec is not the same as its clone")
	}
	rt := reflect.TypeOf(base)
	for i := range rt.NumField() {
		o := base.clone()
		f := reflect.ValueOf(&o).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "x")
		case reflect.Int, reflect.Int64:
			f.SetInt(f.Int() + 1)
		case reflect.Slice:
			f.Set(reflect.Append(f, reflect.ValueOf("x")))
		case reflect.Map:
			f.SetMapIndex(reflect.ValueOf("K"), reflect.ValueOf("changed"))
		default:
			t.Fatalf("field %s: kind %s is not compared by this test", rt.Field(i).Name, f.Kind())
		}
		if base.same(o) {
			t.Errorf("a spec with another %s is the same spec", rt.Field(i).Name)
		}
		if base.key() == o.key() {
			t.Errorf("a spec with another %s has the same key", rt.Field(i).Name)
		}
	}
}

// TestPoolClientOfItsSpecAllocatesNothing: the client of a spec the pool
// holds is found without encoding and hashing the spec (it was, on every
// call); a changed secret gets a new client.
func TestPoolClientOfItsSpecAllocatesNothing(t *testing.T) {
	p := NewPool(nil)
	defer p.Close()
	spec := Spec{Name: "n", URL: "http://127.0.0.1:1/mcp", Headers: map[string]string{"Authorization": "Bearer a"}}
	c, err := p.client(spec)
	if err != nil {
		t.Fatal(err)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.client(spec) }); n != 0 {
		t.Errorf("the client of a held spec: %.0f allocations, want 0", n)
	}
	spec.Headers["Authorization"] = "Bearer b" // the caller's map, changed
	c2, err := p.client(spec)
	if err != nil {
		t.Fatal(err)
	}
	if c2 == c {
		t.Error("a spec with a changed header got the old client")
	}
	if again, _ := p.client(spec); again != c2 {
		t.Error("the same spec again got another client")
	}
}
