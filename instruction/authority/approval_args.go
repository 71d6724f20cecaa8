package authority

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/credential"
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
// api_key, authorization, …), of every name/value pair whose name does
// ({"name":"API_KEY","value":…}, ["Cookie", …]) and every string that
// reads as a credential is MaskedValue, every credential written into
// free text (credential.Find: ghp_…, AKIA…, a URL's token=, …) is
// MaskedValue within its text, and every invisible format character is escaped, at most
// MaxArgumentsView bytes; a longer rendering is cut there and says how
// many bytes were left out (ViewIsCut). The approval holds for
// the exact arguments (their digest), never for what the view shows.
func ArgumentsView(canonical []byte) string { return ArgumentsViewFor(canonical, nil) }

// ArgumentsViewFor is ArgumentsView for a call of the tool whose reviewed
// contract is c (nil: none at hand): besides, every value its schema
// marks secret (writeOnly: true, format: password) is MaskedValue, at any
// depth.
func ArgumentsViewFor(canonical []byte, c *catalog.Contract) string {
	return ArgumentsViewOf(canonical, "", c)
}

// ArgumentsViewOf is ArgumentsViewFor for the reviewed contract c of
// digest: what c's schema needs for masking (its $ref places, its
// pattern properties compiled) is made once per digest and kept
// (bounded), so neither the arguments nor the calls drive that work. A
// "" digest makes it for this call alone.
func ArgumentsViewOf(canonical []byte, digest string, c *catalog.Contract) string {
	return ArgumentsViewReport(canonical, digest, c).Text
}

// View is what a reviewer sees of a call's arguments (Text) and whether
// it hides anything of what the call would send (Hides): a value masked,
// the rendering cut, or the arguments not shown at all. A request whose
// view hides anything can only be denied: nobody approves what they
// cannot see.
type View struct {
	Text  string
	Hides bool
}

// Hidden is the view of arguments that cannot be shown at all: text says
// why.
func Hidden(text string) View { return View{Text: text, Hides: true} }

// ArgumentsViewReport is ArgumentsViewOf, reporting whether the view
// hides anything: it does whenever it differs from the faithful
// rendering of the arguments (whatever masking rule changed it) or was
// cut, so no list of marks has to be kept in step with the maskers.
func ArgumentsViewReport(canonical []byte, digest string, c *catalog.Contract) View {
	d := json.NewDecoder(bytes.NewReader(canonical))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return Hidden("(the arguments are not JSON)")
	}
	faithful, err := render(v)
	if err != nil {
		return Hidden("(the arguments cannot be shown)")
	}
	if c != nil {
		pl := planFor(digest, c)
		v = maskBySchema(v, pl.root, pl, 0)
	}
	out, err := render(mask(v, false))
	if err != nil {
		return Hidden("(the arguments cannot be shown)")
	}
	hides := out != faithful
	out = escapeFormat(out)
	if len(out) <= MaxArgumentsView {
		return View{Text: out, Hides: hides}
	}
	// the note that ends a cut view takes well under 40 bytes
	cut := MaxArgumentsView - 40
	for cut > 0 && !utf8.RuneStart(out[cut]) {
		cut--
	}
	return View{Text: out[:cut] + fmt.Sprintf("\n… %d%s", len(out)-cut, viewCutNote), Hides: true}
}

// render is v as indented JSON, HTML characters as they are.
func render(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimRight(b.String(), "\n"), nil
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
		pair := namesSecret(x)
		return credential.MaskKeys(x, func(k string) string { return credential.Mask(k, MaskedValue) }, func(k string, e any) any {
			// the member naming a pair holds a name, not a secret, though
			// its own name may read as one ("key")
			return mask(e, secret || k != pair && (pair != "" || namedMember(k, e)))
		})
	case []any:
		// a pair: ["Cookie", "…"]
		pair := len(x) == 2 && isSecretName(x[0])
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = mask(e, secret || pair && i == 1)
		}
		return out
	case nil:
		return nil
	case string:
		if secret || secretValue(x) {
			return MaskedValue
		}
		if line, ok := secretLine(x); ok {
			return line
		}
		return credential.Mask(x, MaskedValue)
	default:
		if secret {
			return MaskedValue
		}
	}
	return v
}

// namedMember reports whether member k's name marks its value e secret
// (credential.NamedValue, an argument's strength of the one name rule:
// a name ending in a short mark, projectKey or sort_key, holding a number,
// an object or a list is judged by its own members).
func namedMember(k string, e any) bool {
	if s, ok := e.(string); ok {
		return credential.NamedValue(k, s)
	}
	return credential.NamedValue(k, "")
}

// pairNames are the members that name the value of a name/value pair.
var pairNames = []string{"name", "key", "header", "variable", "var", "field"}

// namesSecret is the member of x that names its other members' value
// secret ({"name":"API_KEY","value":…}); "" when none does.
func namesSecret(x map[string]any) string {
	for _, k := range pairNames {
		for m, e := range x {
			if strings.EqualFold(m, k) && isSecretName(e) {
				return m
			}
		}
	}
	return ""
}

// isSecretName reports whether v is a bare name (letters, digits, '_',
// '-', '.') that marks a secret.
func isSecretName(v any) bool {
	s, ok := v.(string)
	return ok && len(s) <= 128 && bareName().MatchString(s) && credential.ArgumentNamed(s)
}

var bareName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]+$`) })

// secretLine is s with its value masked when s is one "Name: value"
// header or NAME=value environment line (no space in the value) whose
// name marks a secret: its value is secret whatever it looks like.
func secretLine(s string) (string, bool) {
	i := strings.IndexAny(s, ":=")
	if i <= 0 || i > 128 || strings.Contains(s, "\n") {
		return "", false
	}
	name := strings.TrimSpace(s[:i])
	if name == "" || strings.ContainsAny(name, " \t\"'") || !credential.ArgumentNamed(name) {
		return "", false
	}
	sep := s[i : i+1]
	if sep == "=" && strings.ContainsAny(s[i:], " \t") {
		return "", false // a command line: credential.Mask reads it
	}
	if sep == ":" {
		sep = ": "
	}
	return name + sep + MaskedValue, true
}
