package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// hiddenSample holds a character of each kind the output escapes: a
// joiner inside an emoji, a soft hyphen, a direction override, a tag
// character and a musical format character (beyond U+FFFF), delete and
// a C1 control.
const hiddenSample = "Family 👨\u200d👩 co\u00adop \u202eltr tag \U000E0041 note \U0001D173 del \x7f c1 \u0085 end"

// TestShownWriterKeepsJSONValid: JSON written through the command output
// (compose --json, eval --json) stays valid JSON that reads back as the
// same text, whatever characters it holds: each escape is one JSON
// string escape (a surrogate pair beyond U+FFFF), and nothing hidden
// reaches the terminal raw.
func TestShownWriterKeepsJSONValid(t *testing.T) {
	var b strings.Builder
	w := newShownWriter(&b)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(map[string]string{"description": hiddenSample}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	var back map[string]string
	if err := json.Unmarshal([]byte(b.String()), &back); err != nil || back["description"] != hiddenSample {
		t.Fatalf("written %s: %v, read back %q", b.String(), err, back["description"])
	}
	if strings.ContainsAny(b.String(), "\u200d\u00ad\u202e\U000E0041\U0001D173\x7f\u0085") {
		t.Errorf("a hidden character reached the output raw: %q", b.String())
	}
}
