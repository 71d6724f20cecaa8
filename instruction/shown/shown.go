// Package shown writes text that came from outside the console (a server's
// error, a tool's description, a connection's failure) so that it displays
// as what it is: every control character and every invisible format
// character (Unicode Cf: bidi overrides and isolates, zero-width
// characters) is written as a visible escape. A raw U+202E would display
// the text around it reversed, a zero-width space would split a word
// unseen, and a carriage return or newline would start a fake line on a
// page or a terminal.
package shown

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// Line is s with every control character (newlines included) and every
// format character escaped: "\n", "\r", "\t", "\u202e", one beyond U+FFFF
// as its UTF-16 surrogate pair ("\udb40\udc41", as JSON writes it, so an
// escape inside a JSON string keeps the JSON valid and its text the same);
// invalid UTF-8 bytes as "\xff". Text free of them comes back as it is.
func Line(s string) string { return escape(s, "") }

// Text is Line but keeps newlines, for text of several lines of the
// console's own (a CLI error that lists problems), whose lines may quote
// outside text: a carriage return is still escaped, so no quoted line can
// overwrite another on a terminal.
func Text(s string) string { return escape(s, "\n") }

// Layout is Text but keeps tabs too, for whole output of the console's
// own that lays out columns with tabs and lines with newlines (a CLI
// command's output): every other control and format character, as
// carriage return, escape or U+202E, is escaped.
func Layout(s string) string { return escape(s, "\n\t") }

// escape is s with every hidden character but those in keep escaped.
func escape(s string, keep string) string {
	bad := func(r rune) bool {
		return hidden(r) && !strings.ContainsRune(keep, r)
	}
	if utf8.ValidString(s) && !strings.ContainsFunc(s, bad) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case !bad(r):
			b.WriteString(s[i : i+n])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, hi, lo)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += n
	}
	return b.String()
}

// hidden: a control character or a format character.
func hidden(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }
