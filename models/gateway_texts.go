package models

import "sync"

// textIntern hands out one string per text the gateway's session reads
// meet again: a session's agent, run, receipts and shown tools are the
// same bytes read after read until the session moves, and each read
// converted every one of them into a new string (about 3 KB a request,
// all of it garbage by the next). A text seen before is given as the
// string kept for it; a new text is kept. The table is bounded by the
// bytes it holds and emptied when full, so a text that stops coming
// back leaves with the next emptying.
type textIntern struct {
	mu    sync.Mutex
	m     map[string]string
	bytes int
}

const (
	// maxInternBytes bounds the texts the table holds.
	maxInternBytes = 4 << 20
	// maxInternText is the longest text kept; a longer one is converted
	// afresh each time.
	maxInternText = maxInternBytes / 16
)

// gatewayTexts interns the gateway session reads' texts (one table for
// the process: a text is the same string whichever store read it).
var gatewayTexts textIntern

// of is b as a string: the kept one when b was seen before. The caller
// holds t.mu.
func (t *textIntern) of(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if s, ok := t.m[string(b)]; ok {
		return s
	}
	s := string(b)
	if len(s) > maxInternText {
		return s
	}
	if t.m == nil || t.bytes+len(s) > maxInternBytes {
		t.m, t.bytes = map[string]string{}, 0
	}
	t.m[s] = s
	t.bytes += len(s)
	return s
}
