package main

import (
	"io"
	"os"

	"golang.org/x/term"
)

// composeOutput is where compose prints: its text is the exact instruction
// the agent receives, so written to a file or a pipe (compose > prompt.txt)
// it is byte for byte the API's; only a terminal gets the escaped form
// (escaped), where a server's control characters could act on the screen.
func composeOutput(stdout *os.File, escaped io.Writer) io.Writer {
	if stdout == nil || term.IsTerminal(int(stdout.Fd())) {
		return escaped
	}
	return stdout
}
