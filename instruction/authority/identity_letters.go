package authority

import "strings"

// A small capital (ʀ, ᴀ, ʙ, ᴋ) draws as its capital at the height of a
// small letter, and a dotless small letter (ȷ) as its dotted one: with
// case folded, each reads as that letter. UTS #39 leaves most of them to
// themselves, so the four-eyes rule maps each to its small letter by the
// Unicode names ("LATIN LETTER SMALL CAPITAL R" is "LATIN SMALL LETTER
// R", "LATIN SMALL LETTER DOTLESS J" is "LATIN SMALL LETTER J"), for
// every script and letter the names cover. One the skeleton already
// reads as an ASCII letter keeps that reading (ᴦ, a small capital gamma,
// draws as r, not as γ's skeleton y).

// sameLetters is the letter each small capital or dotless letter reads
// as. It is written out, not built from the Unicode names at first use
// (tens of milliseconds on the first approval a process checked, and the
// names' table in the binary); TestSameLettersAreTheUnicodeNames builds it
// from the names and the skeleton and compares.
var sameLetters = map[rune]rune{
	0x0237:  0x006A,
	0x025F:  0x0249,
	0x0262:  0x0067,
	0x0274:  0x006E,
	0x0280:  0x0072,
	0x0299:  0x0062,
	0x029B:  0x0260,
	0x029C:  0x0068,
	0x029F:  0x006C,
	0x1D00:  0x0061,
	0x1D01:  0x00E6,
	0x1D05:  0x0064,
	0x1D06:  0x00F0,
	0x1D07:  0x0065,
	0x1D0A:  0x006A,
	0x1D0B:  0x006B,
	0x1D0C:  0x0142,
	0x1D0D:  0x006D,
	0x1D10:  0x0254,
	0x1D15:  0x0223,
	0x1D18:  0x0070,
	0x1D1A:  0x0279,
	0x1D1B:  0x0074,
	0x1D23:  0x0292,
	0x1D27:  0x03BB,
	0x1D28:  0x03C0,
	0x1D29:  0x03C1,
	0x1D2A:  0x03C8,
	0x1D2B:  0x043B,
	0x1D7B:  0x0268,
	0x1D7E:  0xA7B9,
	0x1DDB:  0x1DDA,
	0x1DDE:  0x1DDD,
	0x1DDF:  0x036B,
	0x1DE1:  0x1DE0,
	0x1DE2:  0x036C,
	0x2C7B:  0x01DD,
	0xA730:  0x0066,
	0xA776:  0xA775,
	0xA7AF:  0x0071,
	0xA7FA:  0x026F,
	0xAB65:  0x03C9,
	0x1DF02: 0x1D77,
	0x1DF04: 0x026C,
	0x1DF10: 0x029E,
}

// asLetters is s with each small capital and dotless letter read as its
// letter.
func asLetters(s string) string {
	return strings.Map(func(r rune) rune {
		if to, ok := sameLetters[r]; ok {
			return to
		}
		return r
	}, s)
}
