package web

import "testing"

// TestCanonicalNumbersAsTheServerReadsThem: a number written with a
// fraction or an exponent is read by a tool's server as an IEEE double,
// so its canonical form is that double's shortest spelling: a call whose
// number differs from a denied (or approved, or recorded) one only past
// a double's precision has the same canonical arguments, and files no
// new request. An integer written plainly stays exact (servers that
// read integers exactly see two values). Failed first: "delay":
// 1.0000000000000000001 was canonical as itself, a new request after
// "delay":1 was denied.
func TestCanonicalNumbersAsTheServerReadsThem(t *testing.T) {
	same := [][]string{
		{`{"delay":1,"text":"xyz"}`, `{"text":"xyz","delay":1.0000000000000000001}`, `{"delay":0.99999999999999999999,"text":"xyz"}`, `{"text":"xyz","delay":1.0000000000000000001e0}`},
		{`{"n":0.1}`, `{"n":0.10000000000000001}`, `{"n":1.0000000000000000555e-1}`},
		{`{"n":0.3}`, `{"n":0.299999999999999988897769753748}`},
		{`{"n":-2.5}`, `{"n":-2.50000000000000000001}`},
		{`{"n":100}`, `{"n":100.00000000000000000001}`, `{"n":1.0000000000000000000001e2}`},
		{`{"n":9007199254740992}`, `{"n":9007199254740993.0}`},
		{`{"n":1e300}`, `{"n":1.00000000000000000001e300}`},
	}
	canonicalAlike(t, same)
	differ := [][2]string{
		{`{"n":1}`, `{"n":1.0000000000000002}`},              // the next double
		{`{"n":9007199254740992}`, `{"n":9007199254740993}`}, // plain integers stay exact
		{`{"n":12345678901234567890}`, `{"n":12345678901234567891}`},
		{`{"n":1e400}`, `{"n":1e401}`}, // past a double: left exact
	}
	canonicalApart(t, differ)
}
