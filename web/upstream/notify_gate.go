package upstream

import (
	"bytes"
	"log/slog"
	"sync/atomic"

	"golang.org/x/time/rate"
)

// lineGate drops a stdio server's notifications past twice the session's
// rate (notifyRate, notifyBurst) before they are decoded: a flood of
// notifications costs a byte scan a line, not a decode (twice: the line
// filter's and the SDK's), so the calls of the session, and the console,
// stay responsive. Below it the session's own limiter (notifyLimited)
// keeps the exact rate. A line the scan cannot tell is a notification
// (any top-level "id", an escaped method name) is decoded as before.
type lineGate struct {
	lim     *rate.Limiter
	dropped *atomic.Int64
	log     *slog.Logger
	name    string
	stale   func()
}

func newLineGate(dropped *atomic.Int64, log *slog.Logger, name string, stale func()) *lineGate {
	return &lineGate{lim: rate.NewLimiter(2*notifyRate, 2*notifyBurst), dropped: dropped, log: log, name: name, stale: stale}
}

// drops reports whether line is a notification past the gate's rate,
// counting it (and marking the listing stale for a changesState one).
func (g *lineGate) drops(line []byte) bool {
	method, ok := notificationMethod(line)
	if !ok || g.lim.Allow() {
		return false
	}
	noteDropped(g.dropped, g.log, g.name)
	if changesState(method) && g.stale != nil {
		g.stale()
	}
	return true
}

// noteDropped counts a dropped notification and logs the first and every
// notifyLogEvery-th.
func noteDropped(dropped *atomic.Int64, log *slog.Logger, name string) {
	if n := dropped.Add(1); (n == 1 || n%notifyLogEvery == 0) && log != nil {
		log.Warn("upstream sends notifications faster than the console takes them; dropped", "connection", name, "dropped", n, "per_second", notifyRate)
	}
}

// notificationMethod is the method of a JSON-RPC notification line: an
// object with a top-level "method" string (without escapes) and no
// top-level "id". ok is false for anything else, or anything it cannot
// tell without decoding.
func notificationMethod(line []byte) (method string, ok bool) {
	line = bytes.TrimSpace(line)
	if len(line) < 2 || line[0] != '{' || line[len(line)-1] != '}' {
		return "", false
	}
	depth, inString, escaped := 0, false, false
	keyStart, valueOf := -1, ""
	var m []byte
	for i := 0; i < len(line); i++ {
		b := line[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
				if depth == 1 && keyStart >= 0 {
					switch key := string(line[keyStart:i]); key {
					case "id":
						return "", false
					case "method":
						valueOf = key
					}
				}
				keyStart = -1
			}
			continue
		}
		switch b {
		case '"':
			inString = true
			if depth == 1 && keyStart == -2 {
				keyStart = i + 1
			} else if depth == 1 && valueOf == "method" {
				end := bytes.IndexByte(line[i+1:], '"')
				if end < 0 || m != nil || bytes.IndexByte(line[i+1:i+1+end], '\\') >= 0 {
					return "", false
				}
				m = line[i+1 : i+1+end]
				i += end + 1
				inString, valueOf = false, ""
			}
		case '{', '[':
			depth++
			if depth == 1 {
				keyStart = -2
			}
		case '}', ']':
			depth--
		case ',':
			if depth == 1 {
				keyStart, valueOf = -2, ""
			}
		case ':':
			if depth == 1 {
				keyStart = -1
			}
		}
	}
	if m == nil || depth != 0 {
		return "", false
	}
	return string(m), true
}
