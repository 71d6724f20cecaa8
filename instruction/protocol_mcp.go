package instruction

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
)

// fullProtocol has every channel: the worked examples are written in it.
var fullProtocol = Protocol{Channels: []string{ChannelThinking, ChannelAction, ChannelFinal, ChannelCode}}

// mcpUnit is the worked example as an MCP client's model lives it: the
// same rounds, with each step a tool call through the client and the
// final summary the model's normal reply — never a channel tag.
func (e exampleUnit) mcpUnit() catalog.Unit { return e.mcp }

// withMCP adds the example's MCP rendering.
func withMCP(e exampleUnit) exampleUnit {
	e.mcp = catalog.NewUnit(renderMCPExample(e.ex))
	return e
}

// renderMCPExample writes a worked example for an MCP client: thinking as
// "You think:", an action as the tool call the client makes, a code
// round as the exec call with the program as its code argument, and the
// final summary as "You reply:". The examples are written in the text
// protocol (one source for both hosts); a reply that does not parse is a
// defect of this package, caught by its tests.
func renderMCPExample(ex WorkedExample) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Worked example: %s\n\nUser: %s\n\n", ex.Title, ex.User)
	for _, r := range ex.Rounds {
		reply, err := ParseReply(r.Reply, fullProtocol)
		if err != nil {
			panic(fmt.Sprintf("instruction: worked example %q: %v", ex.Title, err))
		}
		for _, blk := range reply.Blocks {
			switch blk.Channel {
			case ChannelThinking:
				fmt.Fprintf(&b, "You think: %s\n", blk.Body)
			case ChannelAction:
				fmt.Fprintf(&b, "You call the tool %s with %s\n", blk.Tool, blk.Body)
			case ChannelCode:
				fmt.Fprintf(&b, "You call the tool exec with %s\n", jsonNoEscape(map[string]string{"code": blk.Body}))
			case ChannelFinal:
				fmt.Fprintf(&b, "You reply: %s\n", blk.Body)
			}
		}
		b.WriteString("\n")
		if r.Result != "" {
			fmt.Fprintf(&b, "Result:\n%s\n\n", r.Result)
		}
	}
	return b.String()
}

// jsonNoEscape is v as compact JSON, with <, > and & as themselves.
func jsonNoEscape(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // a map of strings always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}
