package main

import (
	"io"
	"unicode/utf8"

	"github.com/agentforge/console/instruction/shown"
)

// shownWriter is a command's output with every control and format
// character but tab and newline escaped (shown.Layout) on its way to the
// terminal, whatever a server said or the console stored: an escape
// sequence in a tool's description, a server's error or an approval's
// summary cannot clear the screen, retitle the window, overwrite a line
// or reverse the text around it, on any command. A character cut between
// two writes waits for its other bytes; Flush writes what is left.
type shownWriter struct {
	w    io.Writer
	tail []byte
}

func newShownWriter(w io.Writer) *shownWriter { return &shownWriter{w: w} }

// Write writes p escaped; it reports p's length written.
func (s *shownWriter) Write(p []byte) (int, error) {
	b := append(s.tail, p...)
	cut := len(b) - partialRune(b)
	s.tail = append([]byte(nil), b[cut:]...)
	if _, err := io.WriteString(s.w, shown.Layout(string(b[:cut]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes the bytes held back for a character that never completed
// (escaped as the invalid bytes they are).
func (s *shownWriter) Flush() error {
	if len(s.tail) == 0 {
		return nil
	}
	_, err := io.WriteString(s.w, shown.Layout(string(s.tail)))
	s.tail = nil
	return err
}

// partialRune is how many bytes at b's end begin a UTF-8 character that
// is not complete yet (0 to 3).
func partialRune(b []byte) int {
	for n := 1; n <= 3 && n <= len(b); n++ {
		c := b[len(b)-n]
		if c < utf8.RuneSelf {
			return 0
		}
		if utf8.RuneStart(c) {
			if utf8.FullRune(b[len(b)-n:]) {
				return 0
			}
			return n
		}
	}
	return 0
}
