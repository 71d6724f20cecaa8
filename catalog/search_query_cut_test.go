package catalog

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A query over the ceiling is cut at a character boundary, never inside
// a character: what the search reads is valid UTF-8 (when the query is),
// a prefix of the query, at most MaxQueryBytes long, and loses no more
// than the one character the ceiling falls in.
func TestSearchCutsQueryAtACharacterBoundary(t *testing.T) {
	for _, r := range []string{"é", "文", "𝓯", "a", "é文𝓯"} {
		for pad := MaxQueryBytes - 8; pad <= MaxQueryBytes; pad++ {
			q := strings.Repeat("a", pad) + strings.Repeat(r, 8)
			got := queryText(q)
			if !utf8.ValidString(got) {
				t.Fatalf("pad %d, %q: cut inside a character (ends %q)", pad, r, got[max(0, len(got)-4):])
			}
			if !strings.HasPrefix(q, got) || len(got) > MaxQueryBytes || len(got) < MaxQueryBytes-utf8.UTFMax+1 {
				t.Fatalf("pad %d, %q: read %d bytes of %d, want a prefix of %d-%d", pad, r, len(got), len(q), MaxQueryBytes-utf8.UTFMax+1, MaxQueryBytes)
			}
		}
	}
	if short := "fix the link in notes.md"; queryText(short) != short {
		t.Error("a query under the ceiling is cut")
	}
}
