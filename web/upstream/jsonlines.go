package upstream

import (
	"bytes"
	"io"
	"log/slog"
)

// jsonLines passes on the lines of a stdio server's stdout that may be
// JSON-RPC messages (their first byte other than a space is '{'; blank
// lines pass as space) and drops every other line whole — a banner, a
// log line ("[warn] …"), a stray "true" — as the official TypeScript
// client skips a line it cannot read. (A batch, a line opening with '[',
// answers only a batch the console never sends.) Without it one such line ends the SDK's decoder,
// so the session, and every call waiting on it fails.
// A dropped line is logged by its count only (it may hold anything).
type jsonLines struct {
	r       io.Reader
	state   int
	dropped int
	log     *slog.Logger
	name    string
}

const (
	lineStart = iota // no byte of the line but space seen yet
	linePass         // a line that may be JSON
	lineDrop         // a line that is not
)

func (j *jsonLines) Read(p []byte) (int, error) {
	for {
		n, err := j.r.Read(p)
		w := j.filter(p[:n], p)
		if w > 0 || err != nil || n == 0 {
			return w, err
		}
		// every byte read was dropped: read on rather than answer 0, nil
	}
}

// filter writes the bytes of b to keep into out (b's own storage: out
// is never ahead of b) and returns how many.
func (j *jsonLines) filter(b, out []byte) int {
	w := 0
	for len(b) > 0 {
		switch j.state {
		case lineStart:
			switch c := b[0]; c {
			case ' ', '\t', '\r', '\n':
				out[w] = c
				w++
				b = b[1:]
				continue
			case '{':
				j.state = linePass
			default:
				j.state = lineDrop
				j.dropped++
				if j.log != nil && (j.dropped == 1 || j.dropped%1000 == 0) {
					j.log.Warn("upstream wrote lines that are not JSON-RPC on stdout; skipped", "connection", j.name, "lines", j.dropped)
				}
			}
		case linePass:
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				w += copy(out[w:], b)
				return w
			}
			w += copy(out[w:], b[:i+1])
			b = b[i+1:]
			j.state = lineStart
		case lineDrop:
			i := bytes.IndexByte(b, '\n')
			if i < 0 {
				return w
			}
			b = b[i+1:]
			j.state = lineStart
		}
	}
	return w
}
