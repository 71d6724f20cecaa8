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

// BenchmarkGuessCost: what a call's secret handling costs (its view of
// the secrets, the exposure check and the masking of an answer echoing
// its arguments) for a right guess of a secret and a wrong one, with one
// short argument and with 60,000 short strings: the two must cost the
// same within noise (the view is a filter of lists made once per
// connection, every form is looked for whatever was found).
//
//	go test ./web/upstream -run '^$' -bench GuessCost -benchtime 200x -count 5
func BenchmarkGuessCost(b *testing.B) {
	const conn, console = "zz-Secret-777-abcdef", "the-admin-Passw0rd-77"
	SetConsoleSecrets(console, "postgres-db-pass")
	b.Cleanup(func() { SetConsoleSecrets() })
	set := newSecretSet(Spec{Headers: map[string]string{"Authorization": "Bearer " + conn}, Env: map[string]string{"A": "another-value-1234"}})
	for _, secret := range []string{conn, console} {
		wrong := secret[:len(secret)-1] + "?"
		for _, shape := range []string{"one", "60k"} {
			for _, guess := range []struct{ name, v string }{{"right", secret}, {"wrong", wrong}} {
				args := []byte(`{"text":"is it ` + guess.v + `"}`)
				if shape == "60k" {
					var sb strings.Builder
					sb.WriteString(`{"items":[`)
					for i := range 60000 {
						if i > 0 {
							sb.WriteByte(',')
						}
						sb.WriteString(`"ab"`)
					}
					sb.WriteString(`,"` + guess.v + `"]}`)
					args = []byte(sb.String())
				}
				res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(args)}}}
				raw, _ := ResultJSON(res)
				name := "connection"
				if secret == console {
					name = "console"
				}
				b.Run(name+"/"+shape+"/"+guess.name, func(b *testing.B) {
					for b.Loop() {
						c := set.forCall(args)
						if len(c.exposedJSON(raw)) > 0 {
							b.Fatal("an echoed guess is no exposure")
						}
						if _, _, masked, err := connMasked(c, res, raw, raw); err != nil || masked {
							b.Fatal(masked, err)
						}
					}
				})
			}
		}
	}
}
