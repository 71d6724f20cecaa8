package upstream

import (
	"bytes"
	"encoding/json"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	sjson "github.com/segmentio/encoding/json"
)

// A call's result as most servers send it — text content, maybe
// structured content and isError, written as the SDK writes it — is
// read without the SDK's result decoder (a zeroed 32 KiB buffer per
// result) and passed on as the bytes it came as: the result is read
// into the SDK's types by fields, written again as the SDK writes it, and
// used only when that gives the very bytes that came (so nothing was
// dropped, reordered or read otherwise); any other result is read by
// the SDK's decoder as before (TestResultReadAsTheSDK).

// textResult is the shape of a result the quick reading takes.
type textResult struct {
	Content           []textContent   `json:"content"`
	StructuredContent json.RawMessage `json:"structuredContent"`
	IsError           bool            `json:"isError"`
}

type textContent struct {
	Type string  `json:"type"`
	Text *string `json:"text"`
}

// ResultJSON is a result as the SDK's encoder writes it (encoding/json,
// no HTML escaping, no trailing newline).
func ResultJSON(res *mcp.CallToolResult) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// decodeResult reads a call's result; its JSON (ResultJSON of the
// result) comes back too when the result was read quickly, being the
// bytes that came.
func decodeResult(raw []byte) (*mcp.CallToolResult, []byte, error) {
	if res := quickResult(raw); res != nil {
		return res, raw, nil
	}
	var out mcp.CallToolResult
	if _, err := sjson.Parse(raw, &out, sjson.DontMatchCaseInsensitiveStructFields); err != nil {
		return nil, nil, &UnreadableResultError{Err: err}
	}
	return &out, nil, nil
}

// quickResult is raw read by fields when it is a result of text content
// that the SDK writes back as raw exactly, else nil.
func quickResult(raw []byte) *mcp.CallToolResult {
	var w textResult
	if _, err := sjson.Parse(raw, &w, sjson.DontMatchCaseInsensitiveStructFields); err != nil || w.Content == nil {
		return nil
	}
	res := &mcp.CallToolResult{Content: make([]mcp.Content, len(w.Content)), IsError: w.IsError}
	for i, c := range w.Content {
		if c.Type != "text" || c.Text == nil {
			return nil
		}
		res.Content[i] = &mcp.TextContent{Text: *c.Text}
	}
	if len(w.StructuredContent) > 0 {
		// read as the SDK's decoder reads an any (the same library and flags)
		if _, err := sjson.Parse(w.StructuredContent, &res.StructuredContent, sjson.DontMatchCaseInsensitiveStructFields); err != nil {
			return nil
		}
	}
	b, err := ResultJSON(res)
	if err != nil || !bytes.Equal(b, raw) {
		return nil
	}
	return res
}
