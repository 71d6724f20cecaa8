package meter

import (
	"fmt"
	"sync"

	"github.com/pkoukk/tiktoken-go-loader/assets"
)

// Encodings the meter supports.
const (
	O200k  = "o200k_base"
	Cl100k = "cl100k_base"
)

// Encodings lists the supported encodings, default first.
var Encodings = []string{O200k, Cl100k}

// ValidEncoding reports whether the encoding is supported.
func ValidEncoding(e string) bool { return e == O200k || e == Cl100k }

// patterns are the encodings' split patterns.
var patterns = map[string]string{O200k: o200kPattern, Cl100k: cl100kPattern}

// tokenizers loads each encoding's ranks once per process, from the rank
// files embedded in the binary: counting never touches the network.
type tokenizers struct {
	load map[string]func() (*bpe, error)
}

func newTokenizers() *tokenizers {
	t := &tokenizers{load: map[string]func() (*bpe, error){}}
	for _, e := range Encodings {
		t.load[e] = sync.OnceValues(func() (*bpe, error) { return loadBPE(e) })
	}
	return t
}

// loadBPE reads an encoding's embedded rank file.
func loadBPE(enc string) (*bpe, error) {
	file, err := assets.Assets.ReadFile(enc + ".tiktoken")
	if err != nil {
		return nil, fmt.Errorf("meter: %s ranks: %w", enc, err)
	}
	b, err := newBPE(patterns[enc], file)
	if err != nil {
		return nil, fmt.Errorf("meter: %s: %w", enc, err)
	}
	return b, nil
}

func (t *tokenizers) get(enc string) (*bpe, error) {
	load, ok := t.load[enc]
	if !ok {
		return nil, fmt.Errorf("meter: unknown encoding %q", enc)
	}
	return load()
}
