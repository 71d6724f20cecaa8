package upstream

import (
	"bytes"
	"log/slog"
	"slices"
	"sort"
	"strings"
	"sync"
)

// lineLog writes a child's stderr to the log at debug level (servers
// print the arguments they are called with), a record per line (long
// lines cut at maxLine bytes), and keeps its last lines (the spec's
// StderrLines, else tailLines; each
// cut at tailLine bytes) for the error of a server that did not start.
// The values of the child's environment (secrets) are masked in both.
type lineLog struct {
	log     *slog.Logger
	name    string
	secrets []string // longest first, so a value that holds another is masked whole
	pieces  *pieces  // the secrets' pieces, reversed and spaced out too
	mu      sync.Mutex
	buf     []byte
	skip    bool // the rest of a line already cut at maxLine
	tail    []string
	keep    int // how many tail lines are kept
}

// DefaultStderrLines is how many stderr lines a start error keeps when
// the connection sets none.
const DefaultStderrLines = tailLines

const (
	maxLine   = 2000
	tailLines = 12
	tailLine  = 240
	// minSecret: a connection's --env or --header value shorter than this
	// is not masked in text (it stays write-only in storage and display):
	// a port, a flag or a mode word is ordinary text that masking would
	// corrupt, and a masked short value is found by echoing guesses. The
	// console's own secrets use the same floor (minConsoleSecret).
	minSecret = 8
)

// newLineLog is the stderr of the server spec starts.
func newLineLog(log *slog.Logger, spec Spec) *lineLog {
	l := &lineLog{log: log, name: spec.Name, keep: tailLines}
	if spec.StderrLines > 0 {
		l.keep = spec.StderrLines
	}
	for _, v := range spec.Env {
		if len(v) >= minSecret {
			l.secrets = append(l.secrets, v)
		}
	}
	l.secrets = append(l.secrets, consoleSecretValues()...)
	sort.Slice(l.secrets, func(i, j int) bool { return len(l.secrets[i]) > len(l.secrets[j]) })
	l.pieces = newPieces(slices.DeleteFunc(slices.Clone(l.secrets), wordSecret))
	return l
}

func (l *lineLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			// a line longer than maxLine is cut, once enough of it is in
			// that no secret can cross the cut unseen; its rest is dropped
			if !l.skip && len(l.buf) >= maxLine+l.longest() {
				l.emit(l.buf)
				l.skip = true
			}
			if l.skip {
				l.buf = l.buf[:0]
			}
			return len(p), nil
		}
		if !l.skip {
			l.emit(l.buf[:i])
		}
		l.skip = false
		l.buf = l.buf[i+1:]
	}
}

// longest is the length of the longest secret (0 when none).
func (l *lineLog) longest() int {
	if len(l.secrets) == 0 {
		return 0
	}
	return len(l.secrets[0])
}

// flush emits a last line the child wrote without a newline.
func (l *lineLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.skip {
		l.emit(l.buf)
	}
	l.buf, l.skip = nil, false
}

// emit logs a line, cut at maxLine bytes where no secret crosses the cut,
// then masked: a secret is never shown in part.
func (l *lineLog) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	line = line[:l.safeCut(line, maxLine)]
	text := l.mask(string(line))
	if strings.TrimSpace(text) == "" {
		return
	}
	// debug level only: servers print the arguments they are called
	// with, and arguments are never logged (the console logs at info)
	l.log.Debug("upstream stderr", "connection", l.name, "line", text)
	if len(text) > tailLine {
		text = text[:tailLine] + "…"
	}
	l.tail = append(l.tail, strings.TrimSpace(text))
	if len(l.tail) > l.keep {
		l.tail = l.tail[len(l.tail)-l.keep:]
	}
}

// safeCut is the length at most n of line's head that ends inside no
// occurrence of a secret: a cut that would split one moves to its start.
func (l *lineLog) safeCut(line []byte, n int) int {
	if len(line) <= n {
		return len(line)
	}
	for moved := true; moved; {
		moved = false
		for _, v := range l.secrets {
			from := max(0, n-len(v)+1)
			if j := bytes.Index(line[from:min(len(line), n+len(v)-1)], []byte(v)); j >= 0 && from+j < n {
				n, moved = from+j, true
			}
		}
	}
	return n
}

// mask replaces every secret value in s, longest first.
func (l *lineLog) mask(s string) string {
	for _, v := range l.secrets {
		s = maskSecret(s, v)
	}
	return l.pieces.mask(s)
}

// Tail is the child's last stderr lines, joined by " | " ("" when none).
func (l *lineLog) Tail() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.tail, " | ")
}
