package upstream

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// uEscaped is s with every character written as a \u escape, as text
// (the way a server that escapes twice writes it).
func uEscaped(s string, upper bool) string {
	var b strings.Builder
	for _, r := range s {
		if upper {
			fmt.Fprintf(&b, `\u%04X`, r)
		} else {
			fmt.Fprintf(&b, `\u%04x`, r)
		}
	}
	return b.String()
}

// TestResultsMaskEncodedSecrets: a connection's secret comes
// back masked whatever its encoding in the server's text — base64 (both
// alphabets, with or without padding, at any alignment inside a longer
// blob), hex (either case), URL-encoded (query, path or every byte), \u
// escapes (either case) — and so does a credential of any vendor's shape
// the server writes, which no connection holds.
func TestResultsMaskEncodedSecrets(t *testing.T) {
	const tok = "zz-Secret/777+abc def"
	set := newSecretSet(Spec{Env: map[string]string{"TOKEN": tok}})
	forms := map[string]string{
		"base64":        base64.StdEncoding.EncodeToString([]byte(tok)),
		"base64 url":    base64.RawURLEncoding.EncodeToString([]byte(tok)),
		"base64 inside": base64.StdEncoding.EncodeToString([]byte("user:" + tok + "!")),
		"base64 offset": base64.StdEncoding.EncodeToString([]byte("ab" + tok)),
		"hex":           hex.EncodeToString([]byte(tok)),
		"HEX":           strings.ToUpper(hex.EncodeToString([]byte(tok))),
		"query":         url.QueryEscape(tok),
		"path":          url.PathEscape(tok),
		"u escapes":     uEscaped(tok, false),
		"U escapes":     uEscaped(tok, true),
	}
	for name, form := range forms {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "value: " + form + " end"}}, StructuredContent: map[string]any{"v": form}}
		got, _, err := maskResult(set, res, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := ResultJSON(got)
		// the secret's own encoded core: the form less an edge character
		core := form[2 : len(form)-2]
		if strings.Contains(string(b), core) || strings.Contains(string(b), strings.ReplaceAll(core, `\`, `\\`)) {
			t.Errorf("%s: the result shows the secret as %s: %s", name, form, b)
		}
		if !strings.Contains(string(b), " end") {
			t.Errorf("%s: the result lost its text: %s", name, b)
		}
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "created ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C for you; see https://x.example/cb?token=Zk29fj3LqP"}}}
	got, _, err := maskResult(newSecretSet(Spec{}), res, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ResultJSON(got)
	if strings.Contains(string(b), "Ab3dEf6h") || strings.Contains(string(b), "Zk29fj3LqP") || !strings.Contains(string(b), "for you; see https://x.example/cb?token=") {
		t.Errorf("a credential the server wrote: %s", b)
	}
}
