package upstream

import (
	"bytes"
	"log/slog"
	"sync"
)

// lineLog writes a child's stderr to the log, a record per line (long
// lines cut at maxLine bytes).
type lineLog struct {
	log  *slog.Logger
	name string
	mu   sync.Mutex
	buf  []byte
}

const maxLine = 2000

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

func (l *lineLog) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if len(line) > maxLine {
		line = line[:maxLine]
	}
	if len(line) > 0 {
		l.log.Info("upstream stderr", "connection", l.name, "line", string(line))
	}
}
