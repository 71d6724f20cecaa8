package credential

import (
	"math"
	"strings"
)

func (p Prefix) allows(c byte) bool {
	if p.Upper {
		return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	return alnum(c) || c == '_' || c == '-' || p.Dot && c == '.'
}

func alnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// random reports whether a token body reads as random: at least n bytes,
// a digit or both letter cases, and MinEntropy bits per character (or,
// shorter than 12 bytes, 0.85 of the most its length allows).
func random(s string, n int) bool {
	if len(s) < n {
		return false
	}
	var digit, upper, lower bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		digit = digit || c >= '0' && c <= '9'
		upper = upper || c >= 'A' && c <= 'Z'
		lower = lower || c >= 'a' && c <= 'z'
	}
	// a short string cannot reach MinEntropy: it needs most of its
	// characters distinct instead
	return (digit || upper && lower) && entropy(s) >= min(MinEntropy, 0.85*math.Log2(float64(len(s))))
}

// entropy is the Shannon entropy of s's bytes, in bits per byte.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / float64(len(s))
			h -= p * math.Log2(p)
		}
	}
	return h
}

// signedValues are the spans of the values of a presigned URL's
// signature and credential parameters (signedParam) in s.
func signedValues(s string) [][2]int {
	if !hasFold(s, "x-amz-") && !hasFold(s, "x-goog-") {
		return nil
	}
	var out [][2]int
	for from := 0; ; {
		i := strings.IndexByte(s[from:], '=')
		if i < 0 {
			return out
		}
		i += from
		from = i + 1
		k := i
		for k > 0 && (alnum(s[k-1]) || s[k-1] == '-') {
			k--
		}
		if !signedParam(s[k:i]) {
			continue
		}
		b := i + 1
		for b < len(s) && !strings.ContainsRune(" \t\r\n\"'&;,)}<>", rune(s[b])) {
			b++
		}
		out = append(out, [2]int{i + 1, b})
	}
}

// randomWord is random(s, n) for a value that is not a count: it holds a
// letter.
func randomWord(s string, n int) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return random(s, n)
		}
	}
	return false
}

// findAssignments adds the value of every NAME=VALUE whose whole name is
// a secret's (exactName) or whose name holds a secret's word
// (ArgumentNamed: free text takes an argument's strength) and whose value
// reads as random (randomWord, 8+), of every NAME: VALUE whose name is
// ArgumentNamed and whose value is random, and of either whose name ends
// in a short mark and whose value reads as a secret (NamedValue); never a
// presigned URL's signature or credential (signedParam).
func findAssignments(s string, add func(a, b int)) {
	for from := 0; ; {
		i := strings.IndexAny(s[from:], "=:")
		if i < 0 {
			return
		}
		i += from
		from = i + 1
		op := s[i]
		// the name: back over an optional closing quote and spaces
		j := i
		for j > 0 && s[j-1] == ' ' {
			j--
		}
		if j > 0 && (s[j-1] == '"' || s[j-1] == '\'') {
			j--
		}
		k := j
		for k > 0 && (alnum(s[k-1]) || s[k-1] == '_' || s[k-1] == '-' || s[k-1] == '.') {
			k--
		}
		name := s[k:j]
		if name == "" || len(name) > 64 || op == '=' && signedParam(name) {
			continue
		}
		exact := op == '=' && exactName(name)
		named := exact || ArgumentNamed(name)
		if !named && !markedLast(name) {
			continue
		}
		// the value: after spaces and an optional opening quote, up to a
		// space, quote or separator
		a := i + 1
		if op == ':' && a < len(s) && s[a] == '/' {
			continue // scheme://: a URL, not an assignment
		}
		for a < len(s) && s[a] == ' ' {
			a++
		}
		if a < len(s) && (s[a] == '"' || s[a] == '\'') {
			a++
		}
		b := a
		for b < len(s) && !strings.ContainsRune(" \t\r\n\"'&;,)}<>", rune(s[b])) {
			b++
		}
		if b == a || s[a] == '[' || !named && !NamedValue(name, s[a:b]) ||
			named && (op == ':' && !random(s[a:b], 6) || op == '=' && !exact && !randomWord(s[a:b], 8)) {
			// none, a list or a mark already masked ("[secret]"), a
			// colon's value that does not read as random, or the value
			// of a name that only holds a secret's word (prompt_tokens=120)
			// that is not random, or a short mark's (S3 key: reports/q3.pdf)
			// that is neither a credential nor a random token run
			continue
		}
		add(a, b)
		from = b
	}
}

// LooksRandom reports whether s reads as a random token (at least 8
// bytes, a digit or both letter cases, high entropy): the test Find
// applies to a value after a credential's name, for callers that find
// such a value by its place (a URL path segment after "token").
func LooksRandom(s string) bool { return random(s, 8) }
