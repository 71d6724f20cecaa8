package web

import (
	"encoding/json"
	"fmt"

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
