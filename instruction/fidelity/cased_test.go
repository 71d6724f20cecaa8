package fidelity

import (
	"strings"
	"testing"
)

// upperCased answers as strings.ToUpper(s) == s on every kind of word.
func TestUpperCasedIsToUpperUnchanged(t *testing.T) {
	for _, s := range []string{"", "A", "a", "API_KEY", "api_key", "Api", "HTTP2", "_", "ÉTÉ", "été", "ÉTé", "STRAẞE", "ǅ", "A\xffB", "\xff", "ﬁ", "İ", "ß", "GROẞ", "X-Y", "a_B", "Σ", "σ", "ς", "123", "ID_é"} {
		if got, want := upperCased(s), strings.ToUpper(s) == s; got != want {
			t.Errorf("upperCased(%q) = %v, strings.ToUpper says %v", s, got, want)
		}
	}
}

// deedSnake reads a word's parts in place as splitting it at "_" would.
func TestDeedSnakeParts(t *testing.T) {
	for w, want := range map[string]bool{"void_invoice": true, "escalate_to_legal": true, "created_at": false, "page_id": false, "refund_requested": false, "void": false, "": false, "void_x": false, "Void_invoice": false, "void__invoice": false} {
		if got := deedSnake(w); got != want {
			t.Errorf("deedSnake(%q) = %v, want %v", w, got, want)
		}
	}
}
