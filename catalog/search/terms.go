package search

import (
	"strings"
	"unicode"

	"github.com/agentforge/console/catalog"
)

// Terms turns text into search terms: words split at anything that is
// not a letter or digit and at camelCase humps ("getFileContents": get,
// file, contents), lower-cased, stop words dropped, each reduced to its
// stem (catalog.Stem), in order, repeats kept.
func Terms(s string) []string { return stems(nil).terms(s) }

// stems caches the stems of the words it has seen (nil: no cache).
type stems map[string]string

func (st stems) terms(s string) []string {
	var out []string
	for _, w := range words(s) {
		if st != nil {
			if t, ok := st[w]; ok {
				if t != "" {
					out = append(out, t)
				}
				continue
			}
		}
		t := ""
		if len(w) >= 2 && !catalog.StopWord(w) {
			t = catalog.Stem(w)
		}
		if st != nil {
			st[w] = t
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// words splits text into lower-case words.
func words(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	prev := rune(0)
	for _, r := range s {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
		prev = r
	}
	flush()
	return out
}
