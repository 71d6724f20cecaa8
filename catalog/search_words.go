package catalog

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// thousands matches a thousands separator inside a number ("2,400",
// "1,250,000").
var thousands = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(\d),(\d{3})\b`) })

// digitComma reports whether s has a comma between two digits.
func digitComma(s string) bool {
	for i := 1; i+1 < len(s); i++ {
		if s[i] == ',' && s[i-1] >= '0' && s[i-1] <= '9' && s[i+1] >= '0' && s[i+1] <= '9' {
			return true
		}
	}
	return false
}

// compoundCandidates are the whitespace-separated words of s with a
// hyphen or an upper-case letter after a lower-case one, the only ones
// joinedCompound or brandName may join.
func compoundCandidates(s string) []string {
	// most text has neither: no need to split it
	some := false
	for i := 1; i < len(s) && !some; i++ {
		some = s[i] == '-' || s[i] >= 'A' && s[i] <= 'Z' && s[i-1] >= 'a' && s[i-1] <= 'z'
	}
	if !some {
		return nil
	}
	var out []string
	for _, f := range strings.Fields(s) {
		for i := 1; i < len(f); i++ {
			if f[i] == '-' || f[i] >= 'A' && f[i] <= 'Z' && f[i-1] >= 'a' && f[i-1] <= 'z' {
				out = append(out, f)
				break
			}
		}
	}
	return out
}

// joinedCompound is a hyphenated word written as one ("to-do": todo,
// "e-mail": email, "follow-up": followup) when one of its parts is a stop
// word or shorter than three letters; "" otherwise.
func joinedCompound(f string) string {
	f = strings.Trim(f, ",;.!?:()[]{}\"'")
	if !strings.Contains(f, "-") {
		return ""
	}
	parts := strings.Split(strings.ToLower(f), "-")
	weak := false
	for _, p := range parts {
		if p == "" {
			return ""
		}
		for _, r := range p {
			if r < 'a' || r > 'z' {
				return ""
			}
		}
		weak = weak || len(p) < 3 || english.IsStopWord(p)
	}
	if !weak {
		return ""
	}
	return strings.Join(parts, "")
}

// brandName is a word of two capitalized humps, lower-cased as one
// ("GitHub": github, "YouTube": youtube); "" otherwise. Splitting it
// ("git", "hub") loses the name.
func brandName(f string) string {
	f = strings.Trim(f, ",;.!?:()[]{}\"'’”")
	f = strings.TrimSuffix(strings.TrimSuffix(f, "'s"), "’s")
	humps := 0
	prev := rune(0)
	for i, r := range f {
		switch {
		case unicode.IsUpper(r):
			if i > 0 && !unicode.IsLower(prev) {
				return ""
			}
			humps++
		case !unicode.IsLower(r):
			return ""
		}
		prev = r
	}
	if humps != 2 || !unicode.IsUpper([]rune(f)[0]) {
		return ""
	}
	return strings.ToLower(f)
}

// fileExtensions are the common extensions of files a task may name.
const fileExtensions = `md|txt|csv|tsv|json|ya?ml|toml|ini|cfg|conf|xml|html?|pdf|docx?|odt|xlsx?|ods|pptx?|parquet|log|py|go|js|ts|java|rb|rs|sh|sql|zip|png|jpe?g|svg`

// reference matches, in this order, a web address ("https://x.org/a",
// group 1), a file name or path with a common extension ("notes.md",
// "docs/index.html", group 2), a folder written with a trailing slash
// ("old/", group 3) and an owner/name pair ("acme/web"): the forms by
// which a task names a thing rather than asks for something (see
// plainFiles).
var reference = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`((?:https?://|www\.)[^\s"'<>]*[^\s"'<>.,;:!?)\]])` +
		`|(\b[\w-]+(?:/[\w.-]+)*\.(?:` + fileExtensions + `)\b)` +
		`|(\b[A-Za-z][\w-]*(?:/[\w-]+)*/)(?:[\s,;.!?:)]|$)` +
		`|\b[A-Za-z][\w.-]*[A-Za-z0-9]/[A-Za-z0-9][\w.-]*[A-Za-z0-9]\b`)
})

// splitWords splits at non-alphanumerics and camelCase boundaries and
// lower-cases.
func splitWords(s string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return splitRunes(s)
		}
	}
	// ASCII text, the common case: each word is a piece of s, lower-cased
	// only when it has a capital
	var out []string
	start, capital := -1, false
	flush := func(end int) {
		if start >= 0 {
			w := s[start:end]
			if capital {
				w = strings.ToLower(w)
			}
			out = append(out, w)
		}
		start, capital = -1, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		lower, upper := c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z'
		switch {
		case !lower && !upper && (c < '0' || c > '9'):
			flush(i)
		case upper && i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z':
			flush(i)
			start, capital = i, true
		default:
			if start < 0 {
				start = i
			}
			capital = capital || upper
		}
	}
	flush(len(s))
	return out
}

// splitRunes is splitWords for text beyond ASCII.
func splitRunes(s string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		if unspaced(r) {
			// a script written without spaces: each pair of neighbouring
			// characters is a word (a lone character is one)
			flush()
			j := i + 1
			for j < len(rs) && unspaced(rs[j]) {
				j++
			}
			if j-i == 1 {
				out = append(out, string(rs[i]))
			}
			for k := i; k+1 < j; k++ {
				out = append(out, string(rs[k:k+2]))
			}
			i = j - 1
			continue
		}
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r):
			flush()
		case unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]):
			flush()
			cur = append(cur, r)
		default:
			cur = append(cur, r)
		}
	}
	flush()
	return out
}
