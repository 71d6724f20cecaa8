package upstream

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestEchoedGuessesAreAnsweredAlike: for servers that echo a call's
// argument in the ways servers do (as JSON, Python's ASCII-only JSON,
// JSON inside JSON, the text alone amid the rest of the argument, an
// array's elements joined or listed, a structured member) and write
// their own secret unprompted (before or after the echo, in text or in a
// member of its own), a right guess of the secret — sent as itself or
// base64-encoded — is answered exactly as a wrong one once the guess is
// replaced: the echo as sent, the server's own copy masked.
func TestEchoedGuessesAreAnsweredAlike(t *testing.T) {
	const secret = "zQ9xK2mP7vL4nR8w"
	set := newSecretSet(Spec{Env: map[string]string{"SECRET_TOKEN": secret}})
	jsonOf := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	cases := []struct {
		name string
		args func(g string) any
		text func(g string) string
	}{
		{"json echo", func(g string) any { return map[string]any{"note": g} }, func(g string) string { return `wrote {"note": "` + g + `"} cfg=` + secret }},
		{"secret first", func(g string) any { return map[string]any{"note": g} }, func(g string) string { return "cfg=" + secret + ` {"note":"` + g + `"}` }},
		{"text amid the argument", func(g string) any { return map[string]any{"note": "is it " + g + " then"} }, func(g string) string { return "cfg=" + secret + " noted: is it " + g + " then" }},
		{"argument ends with it", func(g string) any { return map[string]any{"note": "try " + g} }, func(g string) string { return "noted: try " + g + " (cfg=" + secret + ")" }},
		{"ascii json", func(g string) any { return map[string]any{"note": "café " + g} }, func(g string) string { return `{"note": "caf\u00e9 ` + g + `", "cfg": "` + secret + `"}` }},
		{"json in json", func(g string) any { return map[string]any{"note": g} }, func(g string) string { return `{"out": "{\"note\": \"` + g + `\"}", "cfg": "` + secret + `"}` }},
		{"elements joined", func(g string) any { return map[string]any{"items": []any{"c1", g, "c3"}} }, func(g string) string { return "c1, " + g + ", c3 | token " + secret }},
		{"elements listed", func(g string) any { return map[string]any{"items": []any{g}} }, func(g string) string { return `["` + g + `"] token "` + secret + `"` }},
		{"a member of its own", func(g string) any { return map[string]any{"note": g} }, func(g string) string { return `{"note": "` + g + `", "token": "` + secret + `"}` }},
		{"base64 guess", func(g string) any { return map[string]any{"note": base64.StdEncoding.EncodeToString([]byte(g))} }, func(g string) string {
			return `wrote {"note": "` + base64.StdEncoding.EncodeToString([]byte(g)) + `"} cfg=` + secret
		}},
	}
	for _, c := range cases {
		answer := func(g string) string {
			cs := set.forCall([]byte(jsonOf(c.args(g))))
			text := cs.maskIn(c.text(g), cs.conn, "text", true)
			text = strings.ReplaceAll(text, base64.StdEncoding.EncodeToString([]byte(g)), "GUESS")
			return strings.ReplaceAll(text, g, "GUESS")
		}
		right, wrong := answer(secret), answer("wrongguess123456")
		if right != wrong || !strings.Contains(right, SecretMark) {
			t.Errorf("%s: right guess %q, wrong %q", c.name, right, wrong)
		}
	}
	// structured content: the echoing member spared, the server's own masked
	structured := func(g string) string {
		cs := set.forCall([]byte(jsonOf(map[string]any{"note": g})))
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, StructuredContent: map[string]any{"note": g, "cfg": secret}}
		b, _ := ResultJSON(res)
		out, _, _, err := connMasked(cs, res, nil, b)
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(fmt.Sprint(out.StructuredContent), g, "GUESS")
	}
	if right, wrong := structured(secret), structured("wrongguess123456"); right != wrong {
		t.Errorf("structured: right guess %s, wrong %s", right, wrong)
	}
}

// TestUnpromptedCopiesOfASentSecretAreMasked: a call whose argument is a
// right guess, to a server that never echoes it but writes its secret
// (alone, after a name, as a JSON member of another name, as the whole
// answer), gets every copy masked, as a wrong guess does; so does a
// guess written next to the template of the server's copy, but for the
// one copy the argument's text surrounds.
func TestUnpromptedCopiesOfASentSecretAreMasked(t *testing.T) {
	const secret = "zQ9xK2mP7vL4nR8w"
	set := newSecretSet(Spec{Env: map[string]string{"SECRET_TOKEN": secret}})
	for _, text := range []string{secret, "token " + secret + " loaded", `{"SECRET_TOKEN": "` + secret + `"}`, "cfg=" + secret, secret + " " + secret} {
		for _, args := range []string{`{"note":"` + secret + `"}`, `{"q":["` + secret + `"]}`, `{"` + secret + `":1}`} {
			cs := set.forCall([]byte(args))
			if got := cs.maskIn(text, cs.conn, "text", true); strings.Contains(got, secret) {
				t.Errorf("args %s, answer %q: %q", args, text, got)
			}
		}
	}
	// many candidates in one argument: only a copy the whole argument
	// surrounds is spared, never the server's own
	cands := "aaaaaaaaaaaaaaaa " + secret + " bbbbbbbbbbbbbbbb"
	cs := set.forCall([]byte(`{"note":"` + cands + `"}`))
	if got := cs.maskIn("cfg="+secret+" noted "+cands, cs.conn, "text", true); got != "cfg=[secret] noted "+cands {
		t.Errorf("candidates: %q", got)
	}
	cs = set.forCall([]byte(`{"items":["aaaaaaaaaaaaaaaa","` + secret + `","bbbbbbbbbbbbbbbb"]}`))
	if got := cs.maskIn("token "+secret+" loaded", cs.conn, "text", true); strings.Contains(got, secret) {
		t.Errorf("candidate elements: %q", got)
	}
}
