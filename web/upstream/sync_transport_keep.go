package upstream

import (
	"io"
	"time"
)

// sweep closes the kept connections of every host unused longer than
// idleFor (a server removed or restarted is never asked again, so its
// connections would stay open), at most once per idleFor; t.mu is held.
func (t *syncTransport) sweep(now time.Time) {
	if t.idleFor <= 0 || now.Sub(t.swept) < t.idleFor {
		return
	}
	t.swept = now
	for addr, l := range t.idle {
		kept := l[:0]
		for _, sc := range l {
			if now.Sub(sc.usedAt) > t.idleFor {
				_ = sc.c.Close()
				continue
			}
			kept = append(kept, sc)
		}
		clear(l[len(kept):])
		if len(kept) == 0 {
			delete(t.idle, addr)
		} else {
			t.idle[addr] = kept
		}
	}
}

// sentCounter counts what a kept connection's writer passed on.
type sentCounter struct {
	w io.Writer
	n *int64
}

func (s sentCounter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	*s.n += int64(n)
	return n, err
}
