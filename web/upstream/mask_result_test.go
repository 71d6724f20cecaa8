package upstream

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// leakResult is an error result the way the official SDKs' servers make
// one from a thrown error, repeating tok in its text, in structured
// content (a value, a member name, an escaped form), in _meta and in an
// embedded resource's text.
func leakResult(tok string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true,
		Content: []mcp.Content{
			&mcp.TextContent{Text: "failed for hello with token " + tok},
			&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "file:///log", MIMEType: "text/plain", Text: "auth=" + tok + "\n"}},
		},
		StructuredContent: map[string]any{"detail": "<" + tok + ">", tok: []any{1, "x" + tok}},
		Meta:              mcp.Meta{"trace": tok},
	}
}

// TestResultsAreMasked: a connection's secret
// values (--env of a command server, --header of a URL one, and the
// credential of an "Authorization: Bearer …" header alone) never leave
// the pool in a call's result, whatever path the call takes (a stdio
// child through the SDK's client; an HTTP server through the direct call
// and through the SDK's client): masked in every string and member name
// of the result, the rest of it kept.
func TestResultsAreMasked(t *testing.T) {
	const tok = "zz-Secret-777-abcdef"
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, res *mcp.CallToolResult, raw []byte) {
		t.Helper()
		b, err := json.Marshal(res)
		if err != nil {
			t.Fatal(err)
		}
		if raw != nil && strings.Contains(string(raw), "Secret-777") {
			t.Errorf("the result's JSON holds the secret: %s", raw)
		}
		if strings.Contains(string(b), "Secret-777") {
			t.Errorf("the result holds the secret: %s", b)
		}
		if !res.IsError || !strings.Contains(string(b), "failed for hello with token [secret]") || !strings.Contains(string(b), `"\u003c[secret]\u003e"`) ||
			!strings.Contains(string(b), `"[secret]":[1,"x[secret]"]`) || !strings.Contains(string(b), "auth=[secret]") || !strings.Contains(string(b), `"trace":"[secret]"`) {
			t.Errorf("the result is not the server's with the secret masked: %s", b)
		}
	}
	ctx := context.Background()
	t.Run("stdio", func(t *testing.T) {
		p := NewPool(nil)
		defer p.Close()
		p.Timeout = 10 * time.Second
		sp := Spec{Name: "leaky", Command: []string{exe}, Env: map[string]string{"UPSTREAM_TEST_SERVER": "1", "UPSTREAM_TEST_TOKEN": tok}}
		res, raw, masked, err := p.CallJSON(ctx, sp, "leak", nil)
		if err != nil || !masked {
			t.Fatalf("masked %v, err %v", masked, err)
		}
		check(t, res, raw)
	})
	srv := mcp.NewServer(&mcp.Implementation{Name: "leaky", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "leak", Description: "repeats its bearer token", InputSchema: map[string]any{"type": "object"}}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return leakResult(strings.TrimPrefix(req.Extra.Header.Get("Authorization"), "Bearer ")), nil
	})
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: true}))
	defer hs.Close()
	for _, sdk := range []bool{false, true} {
		name := "http direct"
		if sdk {
			name = "http sdk"
		}
		t.Run(name, func(t *testing.T) {
			p := NewPool(nil)
			defer p.Close()
			p.Timeout = 10 * time.Second
			p.SetDirectCalls(!sdk)
			sp := Spec{Name: "leaky", URL: hs.URL, Headers: map[string]string{"Authorization": "Bearer " + tok}}
			res, raw, masked, err := p.CallJSON(ctx, sp, "leak", nil)
			if err != nil || !masked {
				t.Fatalf("masked %v, err %v", masked, err)
			}
			check(t, res, raw)
		})
	}
}

// TestResultsWithoutSecretsPassAsTheyCame: a result holding no secret
// (one close to it, or a secret's escape sequence read otherwise) is the
// server's, its bytes unchanged.
func TestResultsWithoutSecretsPassAsTheyCame(t *testing.T) {
	set := newSecretSet(Spec{Env: map[string]string{"A": "nab", "B": "xy"}})
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "\nab na b xy"}}}
	raw, _ := ResultJSON(res)
	got, gotRaw, err := maskResult(set, res, raw)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ResultJSON(got)
	if string(b) != string(raw) || (gotRaw != nil && string(gotRaw) != string(raw)) {
		t.Errorf("a result without secrets changed: %s -> %s", raw, b)
	}
}
