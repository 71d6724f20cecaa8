package fidelity

import (
	"strings"
	"unicode/utf8"
)

// lookalikes maps lower-case Cyrillic and Greek letters that render like
// Latin ones to those letters (the common confusables of Unicode's
// confusables.txt for Latin's a–z).
var lookalikes = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j',
	'ѕ': 's', 'ԁ': 'd', 'һ': 'h', 'ӏ': 'l', 'ԛ': 'q', 'ԝ': 'w', 'ү': 'y', 'ѵ': 'v', 'ɡ': 'g',
	'ο': 'o', 'α': 'a', 'ρ': 'p', 'ν': 'v', 'ι': 'i', 'κ': 'k', 'τ': 't', 'υ': 'u', 'χ': 'x',
	'ı': 'i', 'ℓ': 'l',
}

// disguised returns the Latin spelling of a word written with look-alike
// letters or in full-width forms ("purgе_order" with a Cyrillic е,
// "ｐｕｒｇｅ_order"), and whether it was disguised: the word must mix in
// some ASCII (a whole word in Cyrillic or Greek is that language's word)
// or use full-width forms.
func disguised(w string) (string, bool) {
	ascii := true
	for i := 0; i < len(w); i++ {
		ascii = ascii && w[i] < utf8.RuneSelf
	}
	if ascii {
		return "", false // nearly every word: nothing to build
	}
	var b strings.Builder
	ascii, mapped, wide := false, false, false
	b.Grow(len(w))
	for _, r := range w {
		switch {
		case r < utf8.RuneSelf:
			ascii = true
		case r >= 0xFF01 && r <= 0xFF5E:
			wide = true
			r -= 0xFEE0
			if r >= 'A' && r <= 'Z' {
				r += 'a' - 'A'
			}
		default:
			if l, ok := lookalikes[r]; ok {
				mapped = true
				r = l
			} else {
				return "", false // a letter with no Latin look-alike
			}
		}
		b.WriteRune(r)
	}
	if !wide && !(mapped && ascii) {
		return "", false
	}
	return b.String(), true
}

// wholeLookalike returns the Latin spelling of a word written wholly in
// look-alike letters ("ехес" in Cyrillic), which disguised leaves to its
// own script: the caller counts it only among Latin words.
func wholeLookalike(w string) (string, bool) {
	if len(w) == 0 || w[0] < utf8.RuneSelf {
		return "", false // an ASCII letter first: not wholly look-alikes
	}
	var b strings.Builder
	b.Grow(len(w))
	for _, r := range w {
		l, ok := lookalikes[r]
		if !ok {
			return "", false
		}
		b.WriteRune(l)
	}
	return b.String(), b.Len() > 0
}

// latinNeighbour reports whether a word next to word i, in its sentence,
// is written in Latin letters: the word stands in Latin text.
func latinNeighbour(ts []token, i int) bool {
	latin := func(t token) bool {
		letter := false
		for _, r := range t.text {
			if r >= utf8.RuneSelf {
				return false
			}
			letter = letter || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		}
		return letter
	}
	return i > 0 && !ts[i].sentence && latin(ts[i-1]) || i+1 < len(ts) && !ts[i+1].sentence && latin(ts[i+1])
}
