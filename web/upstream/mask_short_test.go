package upstream

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestShortSettingsAreNotMasked: a connection's --env or --header value
// shorter than 8 bytes (a port, a flag, a mode word) stays
// write-only in storage but is not masked in a tool's text, a result, a
// server's error: masking it would
// corrupt ordinary text and let echoed guesses find it. Values of
// 8 bytes and more are masked everywhere.
func TestShortSettingsAreNotMasked(t *testing.T) {
	const pw = "sunshine42"
	spec := Spec{Name: "s", Env: map[string]string{"PORT": "8080", "FLAG": "true", "MODE": "say", "NODE_ENV": "product", "DB_PASSWORD": pw},
		Headers: map[string]string{"X-Mode": "comment", "Authorization": "Bearer abc1234"}}
	text := "say hello on port 8080, flag true/false, $comment in product mode, token abc1234 then " + pw
	want := "say hello on port 8080, flag true/false, $comment in product mode, token abc1234 then " + SecretMark
	set := newSecretSet(spec)
	if got := set.maskText(text); got != want {
		t.Errorf("result text:\n got %q\nwant %q", got, want)
	}
	if got := maskSecrets(newSecretSet(spec), text, MaxServerMessage); got != want {
		t.Errorf("server error:\n got %q\nwant %q", got, want)
	}
	tools, err := maskTools(set, []*mcp.Tool{{Name: "say", Description: text, InputSchema: map[string]any{"type": "object", "properties": map[string]any{"$comment": map[string]any{"type": "string"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	if tools[0].Name != "say" || tools[0].Description != want {
		t.Errorf("tool: name %q, description %q", tools[0].Name, tools[0].Description)
	}
	// the reviewer's view of arguments masks no secret by its value
	// (MaskArguments): the caller sent it
	args := string(MaskArguments([]byte(`{"text":"8080 true say ` + pw + `"}`)))
	if args != `{"text":"8080 true say `+pw+`"}` {
		t.Errorf("arguments view: %s", args)
	}
	l := newLineLog(nil, spec)
	if got := l.mask(text); got != want {
		t.Errorf("stderr line:\n got %q\nwant %q", got, want)
	}
}
