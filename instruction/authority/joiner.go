package authority

import (
	"unicode"
	"unicode/utf8"
)

// The zero-width joiner and non-joiner: Persian writes words with the
// non-joiner, Indic scripts pick half forms with either after a virama,
// and emoji sequences (a family, a flag, a profession) are emoji joined
// by the joiner.
const (
	zwj  = '\u200d'
	zwnj = '\u200c'
)

// joiningScripts are the scripts where a joiner or non-joiner between
// two of their letters or marks changes what is drawn: the cursive ones
// (a letter takes a joined or an unjoined form) and the ones that build
// conjuncts after a virama (a half form, a ligature or a visible
// virama). In any other script (Latin, Cyrillic, Greek, Han…) a joiner
// draws nothing, so `И\u200dван` would look exactly like `Иван`.
var joiningScripts = []*unicode.RangeTable{
	// cursive joining
	unicode.Arabic, unicode.Syriac, unicode.Nko, unicode.Mongolian,
	unicode.Mandaic, unicode.Manichaean, unicode.Psalter_Pahlavi,
	unicode.Adlam, unicode.Hanifi_Rohingya, unicode.Sogdian,
	unicode.Old_Uyghur, unicode.Phags_Pa, unicode.Chorasmian,
	// virama and conjuncts
	unicode.Devanagari, unicode.Bengali, unicode.Gurmukhi,
	unicode.Gujarati, unicode.Oriya, unicode.Tamil, unicode.Telugu,
	unicode.Kannada, unicode.Malayalam, unicode.Sinhala, unicode.Khmer,
	unicode.Myanmar, unicode.Tibetan, unicode.Balinese,
	unicode.Javanese, unicode.Sundanese, unicode.Tai_Tham,
	unicode.Brahmi, unicode.Grantha, unicode.Newa, unicode.Tirhuta,
}

// Joins reports whether a zero-width joiner or non-joiner standing
// between before and after (the text on either side of it) changes what
// a reader sees:
//   - either joiner between two letters or marks of the same script from
//     joiningScripts (a mark of no script of its own, such as an Arabic
//     vowel sign, counts as part of the letter it sits on);
//   - the joiner inside an emoji sequence: after an emoji, a skin-tone
//     modifier or an emoji's variation selector, and before an emoji.
//
// Anywhere else (Latin, Cyrillic, Greek, between two scripts, at either
// end, beside another format character) it is invisible, so it would
// make two ids that look alike.
func Joins(joiner rune, before, after string) bool {
	next, _ := utf8.DecodeRuneInString(after)
	prev, _ := utf8.DecodeLastRuneInString(before)
	if joiner == zwj && emoji(next) && emojiEnd(before) {
		return true
	}
	base := before
	for isInheritedMark(prev) {
		base = base[:len(base)-utf8.RuneLen(prev)]
		prev, _ = utf8.DecodeLastRuneInString(base)
	}
	if !letterOrMark(prev) || !letterOrMark(next) {
		return false
	}
	for _, script := range joiningScripts {
		if unicode.Is(script, prev) {
			return unicode.Is(script, next)
		}
	}
	return false
}

// letterOrMark is a letter or a mark (a virama, a vowel sign).
func letterOrMark(r rune) bool {
	return r != utf8.RuneError && unicode.In(r, unicode.L, unicode.M)
}

// isInheritedMark is a combining mark that takes the script of the
// letter it sits on (Arabic vowel signs, some Vedic signs).
func isInheritedMark(r rune) bool {
	return unicode.Is(unicode.M, r) && (unicode.Is(unicode.Inherited, r) || unicode.Is(unicode.Common, r))
}

// emojiEnd reports whether before ends with an emoji, optionally
// followed by a skin-tone modifier and an emoji variation selector
// (U+FE0F), the things a joiner may follow in an emoji sequence.
func emojiEnd(before string) bool {
	r, n := utf8.DecodeLastRuneInString(before)
	if r == '\ufe0f' {
		before = before[:len(before)-n]
		r, n = utf8.DecodeLastRuneInString(before)
	}
	if r >= 0x1F3FB && r <= 0x1F3FF { // skin tone
		before = before[:len(before)-n]
		r, _ = utf8.DecodeLastRuneInString(before)
	}
	return emoji(r)
}

// emoji is a pictographic symbol from the blocks emoji come from (the
// symbol, dingbat and arrow blocks and the supplementary pictographs);
// other symbols (©, box drawing, CJK signs)
// are not joined by U+200D.
func emoji(r rune) bool {
	if !unicode.Is(unicode.So, r) {
		return false
	}
	return (r >= 0x2190 && r <= 0x2BFF) || (r >= 0x1F000 && r <= 0x1FAFF) ||
		r == 0x3030 || r == 0x303D || r == 0x3297 || r == 0x3299
}
