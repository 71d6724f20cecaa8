package loadgen

import (
	"fmt"
	"io"
	"slices"
	"sync"
	"time"
)

// Ms is quantile p of ls, in milliseconds (0 for none).
func Ms(ls []time.Duration, p float64) float64 {
	if len(ls) == 0 {
		return 0
	}
	s := slices.Clone(ls)
	slices.Sort(s)
	return float64(s[int(p*float64(len(s)-1))]) / float64(time.Millisecond)
}

// maxFailuresShown is how many distinct failures a FailureLog prints.
const maxFailuresShown = 5

// FailureLog prints the text of each distinct failure the first time it
// is seen, five at most: the count of failures alone says nothing of
// their cause. It is safe for concurrent use.
type FailureLog struct {
	w    io.Writer
	mu   sync.Mutex
	seen map[string]bool
}

// NewFailureLog prints to w.
func NewFailureLog(w io.Writer) *FailureLog {
	return &FailureLog{w: w, seen: map[string]bool{}}
}

// Note prints err's text ("gateway load failure: …") the first time it
// is seen.
func (f *FailureLog) Note(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if msg := Clip([]byte(err.Error())); !f.seen[msg] && len(f.seen) < maxFailuresShown {
		f.seen[msg] = true
		fmt.Fprintf(f.w, "gateway load failure: %s\n", msg)
	}
}

// clipAt is the most bytes of an answer an error message quotes.
const clipAt = 200

// Clip is b cut to 200 bytes for an error message.
func Clip(b []byte) string {
	if len(b) > clipAt {
		return string(b[:clipAt]) + "…"
	}
	return string(b)
}
