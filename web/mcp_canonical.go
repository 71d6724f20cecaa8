package web

import (
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
)

// canonicalZeros bounds the zeros a canonical number writes out beside
// its digits (1e64 is written in full, 1e65 as 1e65): a number's
// canonical form is never much longer than its digits, whatever its
// exponent.
const canonicalZeros = 64

// canonicalValue replaces every number in a decoded JSON value (decoded
// with UseNumber) by its canonical spelling, in place where it can.
func canonicalValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = canonicalValue(e)
		}
	case []any:
		for i, e := range x {
			x[i] = canonicalValue(e)
		}
	case json.Number:
		return json.Number(canonicalNumber(string(x)))
	}
	return v
}

// canonicalNumber spells a JSON number by its value as a tool's server
// reads it, one spelling per value: no exponent, no trailing fraction
// zeros, no minus on zero (1.0, 1e0 and 10e-1 are 1; 1E+2 is 100; -0 is
// 0; 0.10 is 0.1), and a plain number already so spelled is unchanged.
// A number written with a fraction or an exponent is read as an IEEE
// double (every common server does), so it is spelled as that double's
// shortest decimal: 1.0000000000000000001 is 1, 0.10000000000000001 is
// 0.1. An integer written plainly keeps its exact value (a server may
// read it exactly), as does a number past a double's range. A value
// needing more than canonicalZeros zeros beside its digits is d.ddde±N,
// N its exact exponent. s must be a valid JSON number (the decoder
// checked it).
func canonicalNumber(s string) string {
	if strings.ContainsAny(s, ".eE") {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			s = strconv.FormatFloat(f, 'e', -1, 64)
		}
	}
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	mant, exp, _ := strings.Cut(strings.ToLower(s), "e")
	ip, fp, _ := strings.Cut(mant, ".")
	digits := ip + fp
	// the value is 0.digits × 10^point
	point := new(big.Int)
	if exp != "" {
		if _, ok := point.SetString(strings.TrimPrefix(exp, "+"), 10); !ok {
			return s // not a JSON number: left as written
		}
	}
	point.Add(point, big.NewInt(int64(len(ip))))
	lead := len(digits) - len(strings.TrimLeft(digits, "0"))
	digits = strings.TrimRight(digits[lead:], "0")
	if digits == "" {
		return "0"
	}
	point.Sub(point, big.NewInt(int64(lead)))
	n := int64(len(digits))
	var out string
	switch p := point.Int64(); {
	case point.IsInt64() && p >= n && p-n <= canonicalZeros: // an integer
		out = digits + strings.Repeat("0", int(p-n))
	case point.IsInt64() && p > 0 && p < n:
		out = digits[:p] + "." + digits[p:]
	case point.IsInt64() && p <= 0 && -p <= canonicalZeros:
		out = "0." + strings.Repeat("0", int(-p)) + digits
	default:
		out = digits[:1]
		if n > 1 {
			out += "." + digits[1:]
		}
		out += "e" + point.Sub(point, big.NewInt(1)).String()
	}
	if neg {
		out = "-" + out
	}
	return out
}
