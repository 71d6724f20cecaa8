package upstream

import (
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// spacedOut is v with sep between each two of its characters.
func spacedOut(v, sep string) string {
	return strings.Join(strings.Split(v, ""), sep)
}

// TestConsoleSecretAlteredFormsAreWithheld: a console secret that is
// itself an encoding of bytes (the secrets key, base64) is found in any
// other encoding of those bytes — without its padding, in the URL-safe
// alphabet, as hex of either case — and every console secret is found
// with separators (spaces, dashes, dots, zero-width characters) between
// its characters, in one string or across two content items. Ordinary
// text (spaced words, other hex and base64, a near miss) is served as it
// came, and a call whose arguments held the spaced form has its echo
// answered as any text (the form counts as sent).
func TestConsoleSecretAlteredFormsAreWithheld(t *testing.T) {
	raw := []byte("\x8f\x01\xa7k\x9c\xfe\x10 sealing-key-bytes\x00\xffZq7!?")
	key := base64.StdEncoding.EncodeToString(raw)
	const pw = "Adm1n-Pass!w0rd"
	SetConsoleSecrets(key, pw)
	t.Cleanup(func() { SetConsoleSecrets() })
	up := upstreamtest.New()
	defer up.Close()
	p := NewPool(nil)
	defer p.Close()
	sp := Spec{Name: "plain", URL: up.URL}
	ctx := context.Background()
	call := func(text, args string) (*mcp.CallToolResult, error) {
		up.Say.Store(&text)
		return p.Call(ctx, sp, "echo", json.RawMessage(args))
	}
	for name, text := range map[string]string{
		"key without padding":  "k " + strings.TrimRight(key, "="),
		"key base64url":        "k " + base64.URLEncoding.EncodeToString(raw),
		"key base64url raw":    "k=" + base64.RawURLEncoding.EncodeToString(raw) + ".",
		"key hex":              "k " + hex.EncodeToString(raw),
		"key HEX":              "k " + strings.ToUpper(hex.EncodeToString(raw)),
		"password spaced":      "pw: " + spacedOut(pw, " "),
		"password dashed":      "pw: " + spacedOut(pw, "-"),
		"password dotted":      "pw: " + spacedOut(pw, "."),
		"password zero-width":  "pw: " + spacedOut(pw, "\u200b"),
		"password mixed":       "pw: " + spacedOut(pw[:6], " . ") + "\u200d" + spacedOut(pw[6:], "\t"),
		"password spaced cut":  "pw: " + spacedOut(pw[:7], " ") + "\x00" + spacedOut(pw[7:], " "),
		"key spaced":           "k " + spacedOut(key, " "),
		"key hex spaced pairs": "k " + spacedOut(hex.EncodeToString(raw), " "),
	} {
		items := []map[string]string{}
		for _, part := range strings.Split(text, "\x00") {
			// a cut text is two content items, joined as a client shows them
			items = append(items, map[string]string{"type": "text", "text": part})
		}
		b, _ := json.Marshal(map[string]any{"content": items})
		result := string(b)
		up.Result.Store(&result)
		res, err := p.Call(ctx, sp, "echo", json.RawMessage(`{"text":"hello"}`))
		var ee *ExposureError
		if !errors.As(err, &ee) || res != nil {
			t.Errorf("%s: a server saying %q: %v, %v; want the answer withheld", name, text, res, err)
		}
	}
	up.Result.Store(nil)
	for _, text := range []string{
		"H e l l o ,  w o r l d . the A-d-m-i-n page, P.a.s.s.w.o.r.d reset",
		"sha256 " + hex.EncodeToString([]byte("some other bytes that are not the key")),
		"blob " + base64.RawURLEncoding.EncodeToString([]byte("some other bytes that are not the key")),
		"pw: " + spacedOut("Adm1n-Pass!w0rX", " "),
		"id 0123-4567-89ab-cdef-0123-4567-89ab-cdef",
	} {
		res, err := call(text, `{"text":"hello"}`)
		if err != nil || res.Content[0].(*mcp.TextContent).Text != text {
			t.Errorf("a server saying %q: %v, %v; want it as it is", text, res, err)
		}
	}
	spaced := spacedOut(pw, " ")
	args, _ := json.Marshal(map[string]string{"text": "is it " + spaced})
	if res, err := call("is it "+spaced, string(args)); err != nil || res.Content[0].(*mcp.TextContent).Text != "is it "+spaced {
		t.Errorf("an echo of the spaced form the call sent: %v, %v; want it as it is", res, err)
	}
}
