package upstream

import (
	"bytes"
	"encoding/json"
	"strings"
)

// A secret is masked in what a server says so that nobody learns it from
// the server; text the caller itself sent in the call's arguments is
// already the caller's. Masking it there would answer "is this guess a
// secret?" (a right guess echoed back "[secret]", a wrong one as sent):
// an unthrottled equality test of the console's own secrets and every
// connection's. So a call's result and error texts are masked with the
// secrets its arguments do not hold (exceptSent); a secret the server
// writes unprompted is masked as before.

// exceptSent is s without every secret the call's arguments args hold
// (as itself or as one of its encoded forms, in any string, member name
// or the arguments' text as sent), each dropped with all its forms, so a
// tool that echoes or encodes its input answers a right guess and a
// wrong one alike. s itself when the arguments hold none.
func (s *secretSet) exceptSent(args []byte) *secretSet {
	if len(args) == 0 || len(s.groups) == 0 {
		return s
	}
	texts := sentTexts(args)
	var keep [][]string
	dropped := false
	for _, g := range s.groups {
		if sentHolds(texts, g) {
			dropped = true
			continue
		}
		keep = append(keep, g)
	}
	if !dropped {
		return s
	}
	return setOf(keep)
}

// sentTexts are the texts of a call's arguments: as sent, and every
// string and member name they hold at any depth once decoded.
func sentTexts(args []byte) []string {
	out := []string{string(args)}
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return out
	}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				out = append(out, k)
				walk(e)
			}
		}
	}
	walk(v)
	return out
}

// sentHolds says whether one of texts holds one of the values where
// masking would write it over (maskSecret: a short console secret only
// as a word of its own).
func sentHolds(texts, values []string) bool {
	for _, v := range values {
		for _, t := range texts {
			if strings.Contains(t, v) && maskSecret(t, v) != t {
				return true
			}
		}
	}
	return false
}
