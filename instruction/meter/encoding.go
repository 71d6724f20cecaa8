package meter

import (
	"fmt"
	"sync"

	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
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

// tokenizers loads each encoding's ranks once per process; the loader is
// the offline one, so nothing is downloaded.
type tokenizers struct {
	once sync.Once
	mu   sync.Mutex
	encs map[string]*tiktoken.Tiktoken
	errs map[string]error
	load map[string]*sync.Once
}

func newTokenizers() *tokenizers {
	t := &tokenizers{encs: map[string]*tiktoken.Tiktoken{}, errs: map[string]error{}, load: map[string]*sync.Once{}}
	for _, e := range Encodings {
		t.load[e] = &sync.Once{}
	}
	return t
}

func (t *tokenizers) get(enc string) (*tiktoken.Tiktoken, error) {
	once, ok := t.load[enc]
	if !ok {
		return nil, fmt.Errorf("meter: unknown encoding %q", enc)
	}
	t.once.Do(func() { tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader()) })
	once.Do(func() {
		tk, err := tiktoken.GetEncoding(enc)
		t.mu.Lock()
		t.encs[enc], t.errs[enc] = tk, err
		t.mu.Unlock()
	})
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.encs[enc], t.errs[enc]
}
