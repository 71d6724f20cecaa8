package views

import "strings"

// stderrMark starts the tail of a server's stderr in a start error; its
// lines are joined by stderrJoin.
const (
	stderrMark = "the server's stderr ends: "
	stderrJoin = " | "
)

// StderrLines is an error as a field shows it: the tail of a server's
// stderr it carries one line a line (an error box keeps line breaks).
func StderrLines(msg string) string {
	i := strings.Index(msg, stderrMark)
	if i < 0 {
		return msg
	}
	head, tail := msg[:i+len(stderrMark)], msg[i+len(stderrMark):]
	return strings.TrimRight(head, " ") + "\n" + strings.ReplaceAll(tail, stderrJoin, "\n")
}
