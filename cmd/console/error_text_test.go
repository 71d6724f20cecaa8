package main

import (
	"errors"
	"testing"
)

// TestErrorTextEscapesHiddenCharacters: the error the CLI prints (which
// may quote a server's text) shows bidi overrides, zero-width characters
// and carriage returns as escapes; the console's own line breaks stay.
func TestErrorTextEscapesHiddenCharacters(t *testing.T) {
	got := errorText(errors.New("sync bidic: server said ok\u202edeliaf\u200b\r\nconsole: sync ok"))
	if want := `sync bidic: server said ok\u202edeliaf\u200b\r` + "\nconsole: sync ok"; got != want {
		t.Errorf("errorText = %q, want %q", got, want)
	}
}
