package upstream

import (
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A client shows a result's text items one after the other, as one text,
// and a list of strings as one value: a console secret cut across two
// items ("<first 20 bytes>", "<the rest>") or two strings of one array
// reaches the reader whole. So the console's secrets are also looked for
// in those joined texts (exposedResult). The console's own secrets are
// never sent by a caller who is not recorded sending them, so a joined
// match is judged as any other (an echo of a recorded send, or an
// incident); a connection's own secrets are masked per string only
// (docs/gateway.md, "Masking of results").

// exposedResult is the console's secrets the call did not send that the
// result res (its JSON b) holds: in one of its strings (exposedJSON), or
// in the text its content items make joined in order, or in the strings
// of one array of its structured content or _meta joined in order.
func (c *callSet) exposedResult(res *mcp.CallToolResult, b []byte) []ConsoleSecret {
	if found := c.exposedJSON(b); len(found) > 0 || len(c.console) == 0 || res == nil {
		return found
	}
	var joined []string
	if t, n := contentText(res.Content); n > 1 {
		joined = append(joined, t)
	}
	joined = arrayTexts(res.StructuredContent, joined)
	joined = arrayTexts(map[string]any(res.Meta), joined)
	if len(joined) == 0 {
		return nil
	}
	return c.exposedText(strings.Join(joined, textSep))
}

// contentText is the text of the content items cs joined in order, as a
// client shows them (a text item's text, an embedded resource's text),
// and how many items gave text.
func contentText(cs []mcp.Content) (string, int) {
	var b strings.Builder
	n := 0
	for _, c := range cs {
		switch x := c.(type) {
		case *mcp.TextContent:
			b.WriteString(x.Text)
			n++
		case *mcp.EmbeddedResource:
			if x.Resource != nil && x.Resource.Text != "" {
				b.WriteString(x.Resource.Text)
				n++
			}
		}
	}
	return b.String(), n
}

// arrayTexts is out with, for each array in v (at any depth) holding two
// strings or more, its strings joined in order.
func arrayTexts(v any, out []string) []string {
	switch x := v.(type) {
	case []any:
		var b strings.Builder
		n := 0
		for _, e := range x {
			if s, ok := e.(string); ok {
				b.WriteString(s)
				n++
				continue
			}
			out = arrayTexts(e, out)
		}
		if n > 1 {
			out = append(out, b.String())
		}
	case map[string]any:
		for _, e := range x {
			out = arrayTexts(e, out)
		}
	}
	return out
}
