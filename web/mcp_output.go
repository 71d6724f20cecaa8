package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
)

// checkOutput holds the result of a tool whose reviewed contract has an
// output schema to it (nil: it may pass). Nothing unchecked passes
// beside what the schema checks: its content
// holds text blocks only (a resource link or an embedded resource is
// refused, beside a valid structuredContent or in a tool error result
// alike); a result that is not an error carries structuredContent; any
// structuredContent, an error's included, matches the schema.
func checkOutput(res *mcp.CallToolResult, call *allowedCall) *authority.Error {
	for i, c := range res.Content {
		if _, ok := c.(*mcp.TextContent); !ok {
			return &authority.Error{Type: typeResultMismatch, Message: "The server's result carries content other than text, though the tool's reviewed contract has an output schema; it is not returned.", NextActions: []string{authority.ActStop},
				Problems: []args.Problem{{Pointer: fmt.Sprintf("/content/%d", i), Message: "not text: a tool with an output schema returns its data in structuredContent and text blocks only"}}}
		}
	}
	if res.StructuredContent == nil {
		if res.IsError {
			return nil
		}
		// MCP: a tool with an output schema returns structuredContent
		return &authority.Error{Type: typeResultMismatch, Message: "The server's result has no structuredContent, though the tool's reviewed contract has an output schema; it is not returned.", NextActions: []string{authority.ActStop},
			Problems: []args.Problem{{Pointer: "/structuredContent", Message: "missing: a tool with an output schema must return structuredContent"}}}
	}
	sc, _ := json.Marshal(res.StructuredContent)
	out := catalog.Contract{Input: call.contract.Output}
	if ps := args.Check(call.tool.Digest+"#output", &out, sc); len(ps) > 0 {
		return &authority.Error{Type: typeResultMismatch, Message: "The server's result does not match the tool's reviewed output schema.", NextActions: []string{authority.ActStop}, Problems: ps}
	}
	return nil
}

// agreeingText is res when each of its text blocks is the serialized form
// of its structuredContent (read as JSON, equal to it), else res with its
// content replaced by one text block that is: for a tool with an output
// schema, MCP makes structuredContent the result and the text its
// serialized form, so text that says something else (another value,
// extra members, an instruction) is never what a client's model reads
// in place of the checked structured content. A tool error result, or one
// without structuredContent, is res.
func agreeingText(res *mcp.CallToolResult) (*mcp.CallToolResult, error) {
	if res.IsError || res.StructuredContent == nil {
		return res, nil
	}
	sc, err := mcpJSON(res.StructuredContent)
	if err != nil {
		return nil, err
	}
	want, err := decodeNumbers(sc)
	if err != nil {
		return nil, err
	}
	agree := len(res.Content) > 0
	for _, c := range res.Content {
		tc, ok := c.(*mcp.TextContent)
		if !ok {
			agree = false
			break
		}
		got, err := decodeNumbers([]byte(tc.Text))
		if err != nil || !reflect.DeepEqual(got, want) {
			agree = false
			break
		}
	}
	if agree {
		return res, nil
	}
	out := *res
	out.Content = []mcp.Content{&mcp.TextContent{Text: string(sc)}}
	return &out, nil
}

// decodeNumbers is b read as one JSON value, numbers as written
// (json.Number), nil error only when b holds exactly one value.
func decodeNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

// tooLarge is the refusal of a result over the ceiling: its own type,
// the ceiling in ceiling_bytes (the tool ran; its result is not returned).
func (g *gateway) tooLarge(msg string) *mcp.CallToolResult {
	return errorResult(&authority.Error{Type: typeResultTooLarge, Message: msg + " Ask for less: a narrower query or a smaller page.", CeilingBytes: g.resultCeiling(),
		NextActions: []string{authority.ActNarrowRequest, authority.ActStop}})
}

// resultCeiling bounds a call's result in bytes, as JSON.
func (g *gateway) resultCeiling() int {
	if g.s.cfg.ResultCeiling > 0 {
		return g.s.cfg.ResultCeiling
	}
	return DefaultResultCeiling
}
