package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestComposeToAFileIsExact: compose's text written to a file or a pipe is
// the instruction byte for byte (a soft hyphen, an emoji's joiner and a
// character beyond U+FFFF stay as they are); other commands' output and a
// terminal keep the escaped form.
func TestComposeToAFileIsExact(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "prompt.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	text := "co\u00adoperate 👩\u200d💻 \U000e0041\n"
	escaped := newShownWriter(f)
	w := composeOutput(f, escaped)
	if _, err := w.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := escaped.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, []byte(text)) {
		t.Errorf("compose to a file wrote %q, want %q", got, text)
	}
	var buf bytes.Buffer
	other := newShownWriter(&buf)
	other.Write([]byte(text))
	other.Flush()
	if buf.String() == text {
		t.Errorf("the escaping writer left %q as it was", text)
	}
}
