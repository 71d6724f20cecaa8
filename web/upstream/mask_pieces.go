package upstream

import (
	"encoding/binary"
	"strings"
)

// minPiece is the shortest piece of a secret a log line has masked: a
// stretch of at least this many of its characters, in order or reversed,
// whatever spaces or separators were written between them.
const minPiece = 8

// pieces masks, in a line a server writes to its log (stderr: read by
// admins only, never echoed to a caller, so masking a piece of a secret
// answers nobody's guess), every stretch that is a piece of a secret of
// at least minPiece bytes: the secret written whole, cut, reversed or
// spaced out ("k e y - 1 2 3 4") all leave the log as [secret]. The
// secrets' pieces are kept as their minPiece-byte windows; a line is one
// pass over its own windows, its separators skipped.
type pieces struct {
	grams map[uint64]struct{}
	// seen has a bit set for every window's hash: a line's window whose
	// bit is clear (nearly all) skips the map
	seen [1024]uint64
}

// bit is a window's place in pieces.seen.
func bit(g uint64) (int, uint64) {
	h := (g * 0x9E3779B97F4A7C15) >> 48
	return int(h >> 6), 1 << (h & 63)
}

// separator reports a byte a writer may put between a secret's
// characters to space it out; it is skipped on both sides of the match.
func separator(b byte) bool {
	switch b {
	case ' ', '\t', '-', '.', '_', ',', ';', ':', '|', '/':
		return true
	}
	return false
}

// newPieces holds the windows of every secret, forwards and reversed.
func newPieces(secrets []string) *pieces {
	p := &pieces{grams: map[uint64]struct{}{}}
	for _, v := range secrets {
		c := compact(v, nil)
		if len(c) < minPiece {
			continue
		}
		rev := make([]byte, len(c))
		for i := range c {
			rev[len(c)-1-i] = c[i]
		}
		for _, b := range [][]byte{c, rev} {
			for i := 0; i+minPiece <= len(b); i++ {
				g := binary.LittleEndian.Uint64(b[i:])
				p.grams[g] = struct{}{}
				w, m := bit(g)
				p.seen[w] |= m
			}
		}
	}
	return p
}

// compact is s without its separators; at, when given, gets each kept
// byte's index in s.
func compact(s string, at *[]int) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if separator(s[i]) {
			continue
		}
		out = append(out, s[i])
		if at != nil {
			*at = append(*at, i)
		}
	}
	return out
}

// mask is s with every stretch made of a secret's pieces replaced by
// SecretMark.
func (p *pieces) mask(s string) string {
	if p == nil || len(p.grams) == 0 || len(s) < minPiece {
		return s
	}
	at := make([]int, 0, len(s))
	c := compact(s, &at)
	var covered []bool
	for i := 0; i+minPiece <= len(c); i++ {
		g := binary.LittleEndian.Uint64(c[i:])
		if w, m := bit(g); p.seen[w]&m == 0 {
			continue
		}
		if _, ok := p.grams[g]; !ok {
			continue
		}
		if covered == nil {
			covered = make([]bool, len(s))
		}
		for j := at[i]; j <= at[i+minPiece-1]; j++ {
			covered[j] = true
		}
	}
	if covered == nil {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if !covered[i] {
			b.WriteByte(s[i])
			i++
			continue
		}
		b.WriteString(SecretMark)
		for i < len(s) && covered[i] {
			i++
		}
	}
	return b.String()
}

// wordSecret reports a short console secret, masked only as a whole word
// (maskSecret): its pieces are ordinary words a log holds ("postgres" in
// postgresql), so they are not masked.
func wordSecret(v string) bool {
	p := consoleSecrets.Load()
	return p != nil && p.words[v]
}
