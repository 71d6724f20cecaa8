package upstream

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
)

// lineLog writes a child's stderr to the log, a record per line (long
// lines cut at maxLine bytes), and keeps its last lines (tailLines, each
// cut at tailLine bytes) for the error of a server that did not start.
// The values of the child's environment (secrets) are masked in both.
type lineLog struct {
	log     *slog.Logger
	name    string
	secrets []string
	mu      sync.Mutex
	buf     []byte
	tail    []string
}

const (
	maxLine   = 2000
	tailLines = 12
	tailLine  = 240
	// minSecret: shorter values are not masked (masking every "1" would
	// make the text unreadable, and so short a value hides nothing)
	minSecret = 3
)

// newLineLog is the stderr of the server spec starts.
func newLineLog(log *slog.Logger, spec Spec) *lineLog {
	l := &lineLog{log: log, name: spec.Name}
	for _, v := range spec.Env {
		if len(v) >= minSecret {
			l.secrets = append(l.secrets, v)
		}
	}
	return l
}

func (l *lineLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			if len(l.buf) > maxLine {
				l.emit(l.buf[:maxLine])
				l.buf = l.buf[:0]
			}
			return len(p), nil
		}
		l.emit(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

// flush emits a last line the child wrote without a newline.
func (l *lineLog) flush() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.emit(l.buf)
	l.buf = nil
}

func (l *lineLog) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if len(line) > maxLine {
		line = line[:maxLine]
	}
	text := l.mask(string(line))
	if strings.TrimSpace(text) == "" {
		return
	}
	l.log.Info("upstream stderr", "connection", l.name, "line", text)
	if len(text) > tailLine {
		text = text[:tailLine] + "…"
	}
	l.tail = append(l.tail, strings.TrimSpace(text))
	if len(l.tail) > tailLines {
		l.tail = l.tail[len(l.tail)-tailLines:]
	}
}

// mask replaces every secret value in s.
func (l *lineLog) mask(s string) string {
	for _, v := range l.secrets {
		s = strings.ReplaceAll(s, v, "[secret]")
	}
	return s
}

// Tail is the child's last stderr lines, joined by " | " ("" when none).
func (l *lineLog) Tail() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.tail, " | ")
}
