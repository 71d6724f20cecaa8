package upstream

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// grouped is v cut into groups of n characters joined by sep, as a
// server writes a long hex or base64 value for people to read.
func grouped(v string, n int, sep string) string {
	var parts []string
	for len(v) > n {
		parts = append(parts, v[:n])
		v = v[n:]
	}
	return strings.Join(append(parts, v), sep)
}

// TestConnectionSecretAlteredFormsAreMasked: a connection's own secrets
// (a header's value, the credential of an Authorization header) are
// masked in a call's result written with separators, as the console's own
// are found so written: the value spaced or dashed, its hex or unpadded
// base64url in groups with dashes or spaces between them, zero-width
// characters between its characters, in text and in structured content
// (an encoding's edge characters, which padding or neighbours decide, may
// stay). The text around each stays; ordinary text is served as it came; and a
// call whose arguments held the spaced form has its echo answered as a
// wrong guess's is (the echo as sent, the server's own copy masked).
func TestConnectionSecretAlteredFormsAreMasked(t *testing.T) {
	const key, token = "kQ7-vZ3pX9wL2mR8", "tok_9fH2kLmQ4zXw7Rp1"
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "plain", URL: up.URL, Headers: map[string]string{"X-Api-Key": key, "Authorization": "Bearer " + token}}
	ctx := context.Background()
	for name, form := range map[string]string{
		"key spaced":                 spacedOut(key, " "),
		"key dashed":                 spacedOut(key, "-"),
		"key zero-width":             spacedOut(key, "\u200b"),
		"key hex in dashed groups":   grouped(hex.EncodeToString([]byte(key)), 4, "-"),
		"key hex spaced pairs":       grouped(hex.EncodeToString([]byte(key)), 2, " "),
		"token base64url in groups":  grouped(base64.RawURLEncoding.EncodeToString([]byte(token)), 4, " "),
		"token HEX in dashed groups": grouped(strings.ToUpper(hex.EncodeToString([]byte(token))), 8, "-"),
		"token dotted":               spacedOut(token, "."),
		"key no-break spaced":        spacedOut(key, "\u00a0"),
		"key line-separated":         spacedOut(key, "\u2028"),
		"key ideographic spaced":     spacedOut(key, "\u3000"),
		"key thin spaced":            spacedOut(key, "\u2009"),
		"key ogham spaced":           spacedOut(key, "\u1680"),
		"key next-line spaced":       spacedOut(key, "\u0085"),
		"key vertical-tab spaced":    spacedOut(key, "\v"),
		"key form-feed spaced":       spacedOut(key, "\f"),
		"key hex no-break pairs":     grouped(hex.EncodeToString([]byte(key)), 2, "\u00a0"),
		"key hex paragraph pairs":    grouped(hex.EncodeToString([]byte(key)), 2, "\u2029"),
	} {
		result, _ := json.Marshal(map[string]any{
			"content":           []map[string]string{{"type": "text", "text": "cfg: " + form + " end"}},
			"structuredContent": map[string]any{"cfg": form, "n": 1},
		})
		s := string(result)
		up.Result.Store(&s)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b, _ := ResultJSON(res)
		// an encoding's edge characters may stay (padding or neighbours
		// decide them), never more
		text, core := res.Content[0].(*mcp.TextContent).Text, form[2:len(form)-2]
		if strings.Contains(string(b), core) || !strings.HasPrefix(text, "cfg: "+SecretMark) || !strings.HasSuffix(text, " end") || len(text) > len("cfg: "+SecretMark+" end")+2 || !strings.Contains(string(b), `"cfg":"`+SecretMark) {
			t.Errorf("%s: a server writing %q answers %s", name, form, b)
		}
	}
	up.Result.Store(nil)
	for _, text := range []string{
		"H e l l o ,  w o r l d . the k-Q-7 page",
		"id 0123-4567-89ab-cdef-0123-4567-89ab-cdef",
		"sha256 " + grouped(hex.EncodeToString([]byte("some other bytes than the key")), 4, "-"),
		"near " + spacedOut(key[:len(key)-1]+"X", " "),
	} {
		up.Say.Store(&text)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		if err != nil || res.Content[0].(*mcp.TextContent).Text != text {
			t.Errorf("a server saying %q: %v, %v; want it as it is", text, res, err)
		}
	}
	answer := func(guess string) string {
		args, _ := json.Marshal(map[string]string{"text": "is it " + guess})
		say := "is it " + guess + " (cfg=" + spacedOut(key, " ") + ")"
		up.Say.Store(&say)
		res, err := p.Call(ctx, sp, "echo", args)
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(res.Content[0].(*mcp.TextContent).Text, guess, "GUESS")
	}
	right, wrong := answer(spacedOut(key, " ")), answer(spacedOut("wrongguess12345!", " "))
	if right != wrong || right != "is it GUESS (cfg="+SecretMark+")" {
		t.Errorf("an echoed spaced guess: right %q, wrong %q", right, wrong)
	}
}

// TestEveryUnicodeSpaceSeparates: every character of Unicode's
// White_Space, raw and as JSON writes it inside a string, is one
// separator (spaceWidth) of its whole length.
func TestEveryUnicodeSpaceSeparates(t *testing.T) {
	for _, rt := range unicode.White_Space.R16 {
		for r := rune(rt.Lo); r <= rune(rt.Hi); r += rune(rt.Stride) {
			for _, form := range []string{string(r), string(encodedInString(string(r)))} {
				if got := spaceWidth(form, 0); got != len(form) {
					t.Errorf("U+%04X written %q: a separator of %d bytes, want %d", r, form, got, len(form))
				}
			}
		}
	}
}
