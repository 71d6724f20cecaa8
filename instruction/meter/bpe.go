package meter

import (
	"math"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// bpe counts the tokens of a text as tiktoken-go's EncodeOrdinary encodes
// it (special-token strings are ordinary text): the encoding's pattern
// splits the text into pieces, a piece that is a token is one, and any
// other piece is merged byte pair by byte pair, lowest rank first. The
// steps, the pattern engine and the tie-breaks are tiktoken-go's, so every
// count is the same (TestCountsMatchTiktoken, FuzzCountMatchesTiktoken);
// only the ranks are held differently (rankTable).
type bpe struct {
	pattern *regexp2.Regexp
	ranks   *rankTable
}

// The encodings' split patterns, as tiktoken-go (and OpenAI's tiktoken)
// define them.
const (
	o200kPattern = `[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?` +
		`|\p{N}{1,3}` +
		`| ?[^\s\p{L}\p{N}]+[\r\n/]*` +
		`|\s*[\r\n]+` +
		`|\s+(?!\S)` +
		`|\s+`
	cl100kPattern = `(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+`
)

// newBPE makes a counter from a split pattern and a rank file.
func newBPE(pattern string, rankFile []byte) (*bpe, error) {
	re, err := regexp2.Compile(pattern, regexp2.None)
	if err != nil {
		return nil, err
	}
	ranks, err := parseRanks(rankFile)
	if err != nil {
		return nil, err
	}
	return &bpe{pattern: re, ranks: ranks}, nil
}

// count is the number of tokens of text. Like tiktoken-go it matches the
// pattern over the text's runes (an invalid byte reads as U+FFFD) and
// stops at the first match error.
func (b *bpe) count(text string) int {
	runes := []rune(text)
	var stack [64]byte
	piece := stack[:0]
	n := 0
	m, _ := b.pattern.FindRunesMatch(runes)
	for m != nil {
		piece = piece[:0]
		for _, r := range runes[m.Index : m.Index+m.Length] {
			piece = utf8.AppendRune(piece, r)
		}
		n += b.pieceTokens(piece)
		m, _ = b.pattern.FindNextMatch(m)
	}
	return n
}

// part is one part of a piece being merged: where it starts and the rank
// of it merged with the next part (math.MaxInt: no such token).
type part struct {
	start, rank int
}

// pieceTokens is the number of tokens of one piece: 1 when it is a token,
// else what merging its bytes leaves, merged exactly as tiktoken-go's
// bytePairMerge merges them (the lowest rank first, the leftmost of equal
// ranks, the neighbours' ranks looked up again after each merge).
func (b *bpe) pieceTokens(piece []byte) int {
	if _, ok := b.ranks.rank(piece); ok || len(piece) == 1 {
		return 1
	}
	var stack [65]part
	parts := stack[:0]
	if len(piece)+1 > len(stack) {
		parts = make([]part, 0, len(piece)+1)
	}
	for i := 0; i <= len(piece); i++ {
		parts = append(parts, part{i, math.MaxInt})
	}
	// rankAt is the rank of parts i to i+skip+1 merged, or -1
	rankAt := func(parts []part, i, skip int) int {
		if i+skip+2 < len(parts) {
			if r, ok := b.ranks.rank(piece[parts[i].start:parts[i+skip+2].start]); ok {
				return r
			}
		}
		return -1
	}
	for i := 0; i < len(parts)-2; i++ {
		if r := rankAt(parts, i, 0); r >= 0 {
			parts[i].rank = r
		}
	}
	for len(parts) > 1 {
		minRank, minIdx := math.MaxInt, -1
		for i := 0; i < len(parts)-1; i++ {
			if parts[i].rank < minRank {
				minRank, minIdx = parts[i].rank, i
			}
		}
		if minRank == math.MaxInt {
			break
		}
		i := minIdx
		parts[i].rank = orMax(rankAt(parts, i, 1))
		if i > 0 {
			parts[i-1].rank = orMax(rankAt(parts, i-1, 1))
		}
		parts = append(parts[:i+1], parts[i+2:]...)
	}
	return len(parts) - 1
}

// orMax is r, or math.MaxInt for -1 (no token).
func orMax(r int) int {
	if r < 0 {
		return math.MaxInt
	}
	return r
}
