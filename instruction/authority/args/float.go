package args

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A call's arguments reach the server as sent, and a server reads a JSON
// number as a 64-bit float (JSON.parse, Python's json, Go's
// encoding/json): a number the schema holds by its exact decimal value
// may break it as the float the server gets (1e-400 reads 0, past
// exclusiveMinimum 0; 0.99999999999999999999 reads 1, past
// exclusiveMaximum 1). The arguments are therefore checked in both
// readings, and a number no float holds as anything near it — one past
// the float range, or a nonzero one that reads 0 — is refused outright.

// floatNote marks a problem only the float reading has.
const floatNote = " (as a server reads it: a 64-bit float)"

// numbers walks v (a decoded document, numbers as json.Number) and
// reports whether some number reads otherwise as a float64 (inexact),
// with a problem at the pointer of each number no float holds.
func numbers(v any, at []string, inexact *bool, bad *[]Problem) {
	switch x := v.(type) {
	case json.Number:
		f, ok, why := asFloat(x)
		if why != "" {
			*bad = append(*bad, Problem{Pointer: pointer(at), Message: why})
			return
		}
		if !ok || !exactly(x, f) {
			*inexact = true
		}
	case []any:
		for i, e := range x {
			numbers(e, append(at, strconv.Itoa(i)), inexact, bad)
		}
	case map[string]any:
		for k, e := range x {
			numbers(e, append(at, k), inexact, bad)
		}
	}
}

// asFloat is n as a float64 reads it; why says why no float holds it
// ("" when one does; ok false when n is no number strconv reads).
func asFloat(n json.Number) (f float64, ok bool, why string) {
	f, err := strconv.ParseFloat(string(n), 64)
	switch {
	case math.IsInf(f, 0):
		return f, true, fmt.Sprintf("is %s, beyond what a 64-bit float holds (a server cannot read it); send a smaller number, or a string", short(n))
	case err != nil:
		return f, false, ""
	case f == 0 && nonzero(string(n)):
		return f, true, fmt.Sprintf("is %s, which a 64-bit float reads as 0 (a server gets 0); send 0 or a larger number, or a string", short(n))
	}
	return f, true, ""
}

// nonzero reports whether a JSON number's digits hold one other than 0.
func nonzero(s string) bool {
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		s = s[:i]
	}
	return strings.ContainsAny(s, "123456789")
}

// exactly reports whether the float f is exactly the number n.
func exactly(n json.Number, f float64) bool {
	s := string(n)
	if len(s) <= 15 && !strings.ContainsAny(s, ".eE") {
		return true // an integer of at most 15 digits: a float holds it
	}
	r, ok := new(big.Rat).SetString(s)
	return ok && r.Cmp(new(big.Rat).SetFloat64(f)) == 0
}

// asRead is v with every number replaced by the float64 a server reads.
func asRead(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := strconv.ParseFloat(string(x), 64)
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = asRead(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = asRead(e)
		}
		return out
	}
	return v
}

// short is a number's text, bounded.
func short(n json.Number) string {
	if len(n) > 40 {
		return string(n[:40]) + "…"
	}
	return string(n)
}

// validate lists the problems of v against the leased schema (err: the
// schema could not be applied).
func (l *lease) validate(v any) ([]Problem, error) {
	err := l.schema.Validate(v)
	if err == nil {
		return nil, nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, err
	}
	return problems(ve), nil
}

// onlyRead is the problems of the float reading that the exact one does
// not have at their pointers, marked as the float reading's.
func onlyRead(exact, read []Problem) []Problem {
	at := map[string]bool{}
	for _, p := range exact {
		at[p.Pointer] = true
	}
	var out []Problem
	for _, p := range read {
		if !at[p.Pointer] {
			p.Message = clip(p.Message + floatNote)
			out = append(out, p)
		}
	}
	return out
}
