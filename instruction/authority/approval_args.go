package authority

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxArgumentsView bounds, in bytes, the rendering of a call's arguments
// an approval request shows its reviewer (ArgumentsView). A request whose
// arguments do not fit cannot be approved (ViewIsCut): nobody approves
// what they cannot see.
const MaxArgumentsView = 16 << 10

// viewCutNote ends a view cut at MaxArgumentsView; a whole view is JSON,
// whose last line never ends so.
const viewCutNote = " more bytes not shown"

// ViewIsCut reports whether view (an ArgumentsView) was cut at
// MaxArgumentsView, so its reviewer cannot see every argument.
func ViewIsCut(view string) bool {
	return strings.HasSuffix(view, viewCutNote)
}

// MaskedValue stands in an arguments view for a value that looks secret.
const MaskedValue = "[masked]"

// secretNames are the parts of an argument's name (lowercased, without
// '_', '-', '.' and spaces) that mark its value secret.
var secretNames = []string{"password", "passwd", "passphrase", "secret", "token", "apikey", "accesskey", "privatekey",
	"authorization", "credential", "cookie", "bearer", "sessionid", "otp"}

// secretName reports whether an argument called name holds a secret.
func secretName(name string) bool {
	n := strings.NewReplacer("_", "", "-", "", ".", "", " ", "").Replace(strings.ToLower(name))
	for _, s := range secretNames {
		if strings.Contains(n, s) {
			return true
		}
	}
	return false
}

// secretValue reports whether a string value reads as a credential
// whatever its name: a bearer or basic authorization, or a JSON web token.
func secretValue(s string) bool {
	l := strings.ToLower(strings.TrimSpace(s))
	if strings.HasPrefix(l, "bearer ") || strings.HasPrefix(l, "basic ") {
		return true
	}
	return strings.HasPrefix(s, "eyJ") && strings.Count(s, ".") == 2 && !strings.ContainsAny(s, " \n")
}

// ArgumentsView renders a call's arguments (canonical JSON, object keys
// sorted) for the person who approves the call: indented JSON in which
// the value of every argument whose name marks a secret (password, token,
// api_key, authorization, …) and every string that reads as a credential
// is MaskedValue, and every invisible format character is escaped, at most
// MaxArgumentsView bytes; a longer rendering is cut there and says how
// many bytes were left out (ViewIsCut). The approval holds for
// the exact arguments (their digest), never for what the view shows.
func ArgumentsView(canonical []byte) string {
	d := json.NewDecoder(bytes.NewReader(canonical))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return "(the arguments are not JSON)"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(mask(v, false)); err != nil {
		return "(the arguments cannot be shown)"
	}
	out := escapeFormat(strings.TrimRight(b.String(), "\n"))
	if len(out) <= MaxArgumentsView {
		return out
	}
	// the note that ends a cut view takes well under 40 bytes
	cut := MaxArgumentsView - 40
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return out[:cut] + fmt.Sprintf("\n… %d%s", len(out)-cut, viewCutNote)
}

// escapeFormat writes every invisible format character of a JSON
// rendering (bidi overrides and isolates, zero-width characters: Unicode
// category Cf) as its \u escape, which JSON reads back as the same
// character: a reviewer sees "bob\u202e999" where the raw character would
// display the text reversed. JSON encoding already escapes the controls.
func escapeFormat(s string) string {
	if !strings.ContainsFunc(s, isFormat) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !isFormat(r) {
			b.WriteRune(r)
			continue
		}
		for _, u := range utf16.Encode([]rune{r}) {
			fmt.Fprintf(&b, "\\u%04x", u)
		}
	}
	return b.String()
}

func isFormat(r rune) bool { return unicode.Is(unicode.Cf, r) }

// mask is v with every secret value replaced (secret: v is the value of
// an argument whose name marks a secret).
func mask(v any, secret bool) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = mask(e, secret || secretName(k))
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mask(e, secret)
		}
		return out
	case nil:
		return nil
	case string:
		if secret || secretValue(x) {
			return MaskedValue
		}
	default:
		if secret {
			return MaskedValue
		}
	}
	return v
}
