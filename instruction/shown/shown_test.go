package shown

import "testing"

// TestLineEscapesHiddenCharacters: bidi overrides, zero-width characters,
// carriage returns and newlines are written as escapes, so outside text
// can neither reverse nor split what is shown nor start a fake line.
func TestLineEscapesHiddenCharacters(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, ünïcode":                "plain text, ünïcode",
		"pay \u202eevil":                     `pay \u202eevil`,
		"ad\u200bmin":                        `ad\u200bmin`,
		"failed\r\nconsole: sync ok":         `failed\r\nconsole: sync ok`,
		"tab\there \x1b[2J bell\x07 bad\xff": `tab\there \u001b[2J bell\u0007 bad\xff`,
		"tag \U000E0041":                     `tag \udb40\udc41`,
	} {
		if got := Line(in); got != want {
			t.Errorf("Line(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := Text("two\nlines\r\u202e"), "two\nlines\\r\\u202e"; got != want {
		t.Errorf("Text = %q, want %q", got, want)
	}
}

// TestLayoutKeepsTabsAndNewlines: Layout keeps the columns and lines of
// the console's own output and escapes every other hidden character.
func TestLayoutKeepsTabsAndNewlines(t *testing.T) {
	if got, want := Layout("name\tstatus\nx\x1b[2J\r\u202e\n"), "name\tstatus\nx\\u001b[2J\\r\\u202e\n"; got != want {
		t.Errorf("Layout = %q, want %q", got, want)
	}
}
