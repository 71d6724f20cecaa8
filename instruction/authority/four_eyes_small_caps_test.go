package authority

import "testing"

// TestFourEyesTakesEveryLookAlikeLetterAsItself: a name with one letter
// swapped for one drawn like it — a small capital (ʀ for r: it draws as
// R at the height of r, and a name's case is not its identity), a
// Cyrillic, Greek or fullwidth letter, a dotless or modifier form — is
// the same person to the four-eyes rule, whichever letter of the name it
// stands for; a different letter is someone else.
func TestFourEyesTakesEveryLookAlikeLetterAsItself(t *testing.T) {
	for _, c := range []struct{ like, letter string }{
		{"\u0280", "r"}, {"\u1D00", "a"}, {"\u0299", "b"}, {"\u1D04", "c"}, {"\u1D05", "d"}, {"\u1D07", "e"},
		{"\uA730", "f"}, {"\u0262", "g"}, {"\u029C", "h"}, {"\u026A", "i"}, {"\u1D0A", "j"}, {"\u1D0B", "k"},
		{"\u029F", "l"}, {"\u1D0D", "m"}, {"\u0274", "n"}, {"\u1D0F", "o"}, {"\u1D18", "p"}, {"\uA7AF", "q"},
		{"\uA731", "s"}, {"\u1D1B", "t"}, {"\u1D1C", "u"}, {"\u1D20", "v"}, {"\u1D21", "w"}, {"\u028F", "y"},
		{"\u1D22", "z"}, {"\uAB71", "r"}, {"\u1D26", "r"}, // small capitals (and a small capital's look-alike)
		{"\u0433", "r"}, {"\u0456", "i"}, {"\u043E", "o"}, {"\u0430", "a"}, {"\u0435", "e"}, {"\u0441", "c"},
		{"\u0440", "p"}, {"\u0445", "x"}, {"\u0443", "y"}, {"\u0455", "s"}, {"\u0458", "j"}, // Cyrillic
		{"\u03BF", "o"}, {"\u03B9", "i"}, {"\u03BD", "v"}, // Greek
		{"\uFF52", "r"}, {"\uFF41", "a"}, {"\u02B3", "r"}, {"\u24E1", "r"}, {"\U0001D42B", "r"}, // compatibility forms
		{"\u0131", "i"}, {"\u0237", "j"}, {"\u0251", "a"}, {"\u0261", "g"}, {"R", "r"}, {"\u0130", "i"},
	} {
		for _, name := range []string{"rita", "maria", "jack", "yves", "quinn", "bob", "zoe", "dave", "hugo", "fowler", "ann", "kix", "pat"} {
			for i := range len(name) {
				if name[i] != c.letter[0] {
					continue
				}
				subject := name[:i] + c.like + name[i+1:]
				if CanDecideApproval(name, subject) {
					t.Errorf("%q may decide %q (%U for %s): keys %q %q", name, subject, []rune(c.like)[0], c.letter, identityKey(name), identityKey(subject))
				}
			}
		}
	}
	for _, c := range [][2]string{{"rita", "\u0280ina"}, {"rita", "\u1D00ita"}, {"bob", "\u0299ub"}} {
		if !CanDecideApproval(c[0], c[1]) {
			t.Errorf("%q may not decide %q: keys %q %q", c[0], c[1], identityKey(c[0]), identityKey(c[1]))
		}
	}
}
