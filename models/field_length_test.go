package models

import (
	"strings"
	"testing"
)

// TestTypedTextsAreBoundedInCharacters: a bound and its message speak of
// characters, so a text of exactly the bound in a two-byte script passes
// and one character more is refused, for every bounded text people type.
func TestTypedTextsAreBoundedInCharacters(t *testing.T) {
	at := func(n int) string { return strings.Repeat("é", n) } // 2 bytes each
	known := map[string]bool{"read_file": true}
	for _, c := range []struct {
		field string
		bound int
		check func(s string) bool // true: refused
	}{
		{"agent name", MaxName, func(s string) bool {
			return AgentInput{Slug: "a", Name: s, Declared: []string{"read_file"}}.Validate(known)["name"] != ""
		}},
		{"agent description", MaxDescription, func(s string) bool {
			return AgentInput{Slug: "a", Name: "A", Description: s, Declared: []string{"read_file"}}.Validate(known)["description"] != ""
		}},
		{"text of a bound", MaxMessage, func(s string) bool { return tooLong(s, MaxMessage) }},
	} {
		if c.check(at(c.bound)) {
			t.Errorf("%s: %d two-byte characters (the bound) refused", c.field, c.bound)
		}
		if !c.check(at(c.bound + 1)) {
			t.Errorf("%s: %d characters (over the bound) accepted", c.field, c.bound+1)
		}
	}
}
