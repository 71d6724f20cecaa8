package upstream

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// BenchmarkMaskResult: what masking costs a result that holds no secret
// (the usual case: one scan of its JSON for the connection's secret
// forms and the credential shapes, no decoding), small and 64 KB.
func BenchmarkMaskResult(b *testing.B) {
	set := newSecretSet(Spec{Headers: map[string]string{"Authorization": "Bearer zz-Secret-777-abcdef"}})
	for _, size := range []struct {
		name string
		text string
	}{{"200B", strings.Repeat("The weather in Paris is mild today. ", 6)}, {"64KB", strings.Repeat("The weather in Paris is mild today, key: value; see https://example.com/a?b=c. ", 800)}} {
		res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: size.text}}}
		raw, _ := ResultJSON(res)
		b.Run(size.name, func(b *testing.B) {
			for b.Loop() {
				if _, _, err := maskResult(set, res, raw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
