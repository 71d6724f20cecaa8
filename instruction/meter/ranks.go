package meter

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"hash/maphash"
	"strconv"
)

// rankTable is one encoding's mergeable ranks (token bytes → rank) held
// without a pointer per token: every token's bytes in one []byte in rank
// order, the end of each token in ends, and an open-addressing hash table
// of ranks. The garbage collector marks three objects instead of a map's
// hundreds of thousands of strings and buckets — a warm tokenizer as
// tiktoken-go holds it (map[string]int, its inverse and a sorted copy)
// cost about 16 ms of marking per collection, on every collection. The
// ranks of the embedded files are dense (0 to n-1), so a rank is the
// token's index.
type rankTable struct {
	data  []byte
	ends  []uint32 // token r is data[ends[r-1]:ends[r]] (from 0 for r = 0)
	slots []uint32 // rank+1 of the token hashed there, 0 for an empty slot
	seed  maphash.Seed
}

// parseRanks reads a .tiktoken file: one "base64-token rank" a line, rank
// i on line i.
func parseRanks(file []byte) (*rankTable, error) {
	n := bytes.Count(file, []byte{'\n'})
	t := &rankTable{data: make([]byte, 0, n*8), ends: make([]uint32, 0, n), seed: maphash.MakeSeed()}
	for len(file) > 0 {
		line, rest, _ := bytes.Cut(file, []byte{'\n'})
		file = rest
		if len(line) == 0 {
			continue
		}
		tok, num, ok := bytes.Cut(line, []byte{' '})
		rank, err := strconv.Atoi(string(num))
		if !ok || err != nil || rank != len(t.ends) {
			return nil, fmt.Errorf("meter: rank file line %d: want %q, got %q", len(t.ends)+1, "<base64> "+strconv.Itoa(len(t.ends)), line)
		}
		start := len(t.data)
		t.data = append(t.data, make([]byte, base64.StdEncoding.DecodedLen(len(tok)))...)
		m, err := base64.StdEncoding.Decode(t.data[start:], tok)
		if err != nil || m == 0 {
			return nil, fmt.Errorf("meter: rank file line %d: bad token %q", len(t.ends)+1, tok)
		}
		t.data = t.data[:start+m]
		t.ends = append(t.ends, uint32(len(t.data)))
	}
	t.data = bytes.Clone(t.data) // drop the spare capacity
	size := 1
	for size < 2*len(t.ends) {
		size <<= 1
	}
	t.slots = make([]uint32, size)
	mask := uint64(size - 1)
	for r := range t.ends {
		tok := t.token(r)
		i := maphash.Bytes(t.seed, tok) & mask
		for ; t.slots[i] != 0; i = (i + 1) & mask {
			if bytes.Equal(t.token(int(t.slots[i]-1)), tok) {
				return nil, fmt.Errorf("meter: rank file: token %q has ranks %d and %d", tok, t.slots[i]-1, r)
			}
		}
		t.slots[i] = uint32(r + 1)
	}
	return t, nil
}

// token is the bytes of rank r.
func (t *rankTable) token(r int) []byte {
	start := uint32(0)
	if r > 0 {
		start = t.ends[r-1]
	}
	return t.data[start:t.ends[r]]
}

// rank is b's rank, and false when b is no token.
func (t *rankTable) rank(b []byte) (int, bool) {
	mask := uint64(len(t.slots) - 1)
	for i := maphash.Bytes(t.seed, b) & mask; t.slots[i] != 0; i = (i + 1) & mask {
		r := int(t.slots[i] - 1)
		if bytes.Equal(t.token(r), b) {
			return r, true
		}
	}
	return 0, false
}

// len is the number of tokens.
func (t *rankTable) len() int { return len(t.ends) }
