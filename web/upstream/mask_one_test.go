package upstream

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestToolTextMasksSecretsWithHTMLCharacters: a secret
// holding &, < or > written into a tool's description is masked, as it
// is in a result (the tool's JSON is looked at unescaped).
func TestToolTextMasksSecretsWithHTMLCharacters(t *testing.T) {
	const tok = "p&ss<w>rd-123"
	set := newSecretSet(Spec{Env: map[string]string{"TOKEN": tok}})
	tools, err := maskTools(set, []*mcp.Tool{{Name: "t", Description: "use " + tok, InputSchema: map[string]any{"type": "object"}}})
	if err != nil {
		t.Fatal(err)
	}
	if d := tools[0].Description; strings.Contains(d, tok) || !strings.Contains(d, SecretMark) {
		t.Fatalf("description = %q, want the secret masked", d)
	}
}

// TestServerErrorTextMaskedLikeResults: a server's JSON-RPC
// error message is masked the way a result is: the secret's encoded
// forms and credentials of known shapes too, not only the plain value.
func TestServerErrorTextMaskedLikeResults(t *testing.T) {
	const tok = "zz-Secret-777-abcdef"
	spec := Spec{Name: "s", Env: map[string]string{"TOKEN": tok}}
	ghp := "ghp_" + strings.Repeat("aB3dE5", 6)
	msg := "bad: " + tok + " " + base64.StdEncoding.EncodeToString([]byte(tok)) + " " + ghp
	got := maskSecrets(newSecretSet(spec), msg, MaxServerMessage)
	for _, leak := range []string{tok, base64.StdEncoding.EncodeToString([]byte(tok)), ghp} {
		if strings.Contains(got, leak) {
			t.Errorf("error text %q still holds %q", got, leak)
		}
	}
	if h := newSecretSet(spec).maskText(msg); h != got {
		t.Errorf("health text %q, error text %q: want one masking", h, got)
	}
}

// TestMaskArgumentsMasksShapesNotSecrets: the reviewer's view of
// arguments masks credentials of known shapes, never a value (or an
// encoded form of one) for equalling a connection's secret: the caller
// sent it, and a view that changed with it would confirm a guess.
func TestMaskArgumentsMasksShapesNotSecrets(t *testing.T) {
	const tok = "zz-Secret-777-abcdef"
	b64 := base64.StdEncoding.EncodeToString([]byte(tok))
	ghp := "ghp_" + strings.Repeat("aB3dE5", 6)
	got := string(MaskArguments([]byte(`{"a":"` + b64 + `","b":"` + ghp + `","c":"` + tok + `"}`)))
	if !strings.Contains(got, b64) || !strings.Contains(got, tok) || strings.Contains(got, ghp) {
		t.Fatalf("arguments shown %s", got)
	}
}

// TestResultPrefilterSeesEscapedWhitespace: a credential a
// string holds after a tab or newline ("Bearer\t…", escaped \t in the
// result's JSON) is masked: the quick look at the JSON errs toward
// decoding, never away from it.
func TestResultPrefilterSeesEscapedWhitespace(t *testing.T) {
	const tok = "a8F3kq92LmZx0PqT7"
	set := newSecretSet(Spec{Env: map[string]string{"TOKEN": "zz-Secret-777-abcdef"}})
	for _, text := range []string{"Authorization: Bearer\t" + tok, "Bearer\n" + tok, "Basic\r\n" + tok} {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}
		got, _, err := maskResult(set, res, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s := got.Content[0].(*mcp.TextContent).Text; strings.Contains(s, tok) {
			t.Errorf("%q came back %q", text, s)
		}
	}
}
