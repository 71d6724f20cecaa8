package web

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestCanonicalArgumentsSpellings: arguments that hold the same values
// however a client spells them — numbers as 1.0, 1e2, 1E+2, -0, 0.10,
// strings with escapes — digest the same, so an idempotent retry gets
// the recorded outcome; other values never do; the forms that were
// already canonical (the digests records of migration 134 hold) come out
// byte for byte as before; an absurd exponent stays short.
func TestCanonicalArgumentsSpellings(t *testing.T) {
	same := [][]string{
		{`{"n":1}`, `{"n":1.0}`, `{"n":1.000}`, `{"n":1e0}`, `{"n":10e-1}`, `{"n":0.1e1}`},
		{`{"n":100}`, `{"n":1e2}`, `{"n":1E+2}`, `{"n":100.00}`, `{"n":0.001e5}`},
		{`{"n":0}`, `{"n":-0}`, `{"n":0.0}`, `{"n":0e10}`, `{"n":-0.0e-3}`},
		{`{"n":0.1}`, `{"n":0.10}`, `{"n":1e-1}`, `{"n":10E-2}`},
		{`{"n":-0.0015}`, `{"n":-1.5e-3}`, `{"n":-15E-4}`},
		{`{"n":1e100}`, `{"n":10e99}`, `{"n":1.0E+100}`},
		{`{"s":"é"}`, `{"s":"\u00e9"}`, `{"s":"\u00E9"}`},
		{`{"s":"a/b\"c"}`, `{"s":"a\/b\u0022c"}`},
		{`{"a":[1,{"b":2.50}],"c":"x"}`, `{"c":"\u0078","a":[1.0,{"b":25e-1}]}`},
	}
	canonicalAlike(t, same)
	differ := [][2]string{
		{`{"n":1}`, `{"n":2}`},
		{`{"n":1}`, `{"n":"1"}`},
		{`{"n":12345678901234567890}`, `{"n":12345678901234567891}`},
		{`{"n":1e400}`, `{"n":1e401}`},
		{`{"n":-1}`, `{"n":1}`},
		{`{"s":"e\u0301"}`, `{"s":"é"}`}, // another sequence of code points
	}
	canonicalApart(t, differ)
	// already canonical: unchanged, as records keep their digests
	for _, in := range []string{
		`{}`, `{"a":1,"b":[0.5,-3,"é"],"c":{"d":12345678901234567890}}`, `{"n":-0.0015}`, `{"n":3.14159}`,
		`{"n":1000000000000000000000000000000}`, `{"s":"\u003c\u003e\u0026"}`, `{"n":0.000001}`,
	} {
		if got := string(canonicalArguments(json.RawMessage(in))); got != in {
			t.Errorf("canonical %s became %s", in, got)
		}
	}
	if got := canonicalArguments(json.RawMessage(`{"n":1e999999999999999999999}`)); len(got) > 64 || !strings.Contains(string(got), "e") {
		t.Errorf("an absurd exponent: %d bytes %.80s", len(got), got)
	}
	if a, b := canonicalArguments(json.RawMessage(`{"n":1e999999999999999999999}`)), canonicalArguments(json.RawMessage(`{"n":10e999999999999999999998}`)); string(a) != string(b) {
		t.Errorf("one huge value, two spellings: %s and %s", a, b)
	}
}

// canonicalAlike checks that every spelling in a group has the group
// first's canonical form.
func canonicalAlike(t *testing.T, groups [][]string) {
	t.Helper()
	for _, group := range groups {
		want := string(canonicalArguments(json.RawMessage(group[0])))
		for _, in := range group[1:] {
			if got := string(canonicalArguments(json.RawMessage(in))); got != want {
				t.Errorf("%s canonical %s, want %s (as %s)", in, got, want, group[0])
			}
		}
	}
}

// canonicalApart checks that the two of each pair keep different
// canonical forms.
func canonicalApart(t *testing.T, pairs [][2]string) {
	t.Helper()
	for _, d := range pairs {
		if a, b := string(canonicalArguments(json.RawMessage(d[0]))), string(canonicalArguments(json.RawMessage(d[1]))); a == b {
			t.Errorf("%s and %s both canonical %s", d[0], d[1], a)
		}
	}
}
