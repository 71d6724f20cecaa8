package instruction

import (
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
)

// TestDigestIsTheTextsSHA256: Digest and SumStrings hash from lent
// buffers; their sums are those of the text's bytes (and of the parts
// joined), for texts from empty to 200 KB, from goroutines at once, each
// call after one with a longer text (a lent buffer holding its bytes).
func TestDigestIsTheTextsSHA256(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(28, uint64(g)))
			for i := range 200 {
				n := rng.IntN(1 << (1 + i%18))
				var b strings.Builder
				for b.Len() < n {
					b.WriteString([]string{"a", "é", "\\n", "\x00", "テキスト", " the catalog "}[rng.IntN(6)])
				}
				text := b.String()
				want := sha256.Sum256([]byte(text))
				if got := Digest(text); got != hex.EncodeToString(want[:]) {
					t.Errorf("Digest of %d bytes: %s, want %x", len(text), got, want)
					return
				}
				cut := rng.IntN(len(text) + 1)
				parts := []string{text[:cut], "", text[cut:]}
				if got := SumStrings(func(add func(string)) {
					for _, p := range parts {
						add(p)
					}
				}); got != want {
					t.Errorf("SumStrings of %d bytes in three parts: %x, want %x", len(text), got, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
