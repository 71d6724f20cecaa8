package web

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority/args"
)

// listTools is exactly the step's tools that a connection serves
// (gateway.listed); the session records it was shown them.
func (g *gateway) listTools(ctx context.Context, r *gwReq) (*mcp.ListToolsResult, error) {
	st, err := g.step(ctx, r)
	if err != nil {
		return nil, err
	}
	res, ls, err := g.listed(ctx, st, true)
	if err != nil {
		return nil, err
	}
	if err := g.recordListed(ctx, r, ls, true); err != nil {
		return nil, err
	}
	return res, nil
}

// approvalTool is mcpTool for a tool the session's subject may call only
// with a person's approval: its description says so, as the instruction
// does (once per digest).
func (g *gateway) approvalTool(e *catalog.Entry) *mcp.Tool {
	k := e.Digest() + "/approval"
	if t, ok := g.tools.Load(k); ok {
		return t.(*mcp.Tool)
	}
	t := *g.mcpTool(e)
	t.Description += "\n" + catalog.ApprovalNote
	g.tools.Store(k, &t)
	return &t
}

// mcpTool is a catalog entry as an MCP tool: its id, its reviewed
// purpose, input and output schemas (with every description, default,
// title and example the contract keeps) and effects (once per digest).
func (g *gateway) mcpTool(e *catalog.Entry) *mcp.Tool {
	if t, ok := g.tools.Load(e.Digest()); ok {
		return t.(*mcp.Tool)
	}
	t := contractTool(e.Contract())
	g.tools.Store(e.Digest(), t)
	return t
}

// contractTool advertises hints consistent with the reviewed contract:
// read-only and destructive from its effects, idempotent when read-only or
// when the contract keeps the server's idempotent constraint, and an open
// world (the spec's default) unless the contract keeps the server's
// closed-world constraint.
func contractTool(c catalog.Contract) *mcp.Tool {
	ro := c.Effects == catalog.EffectsReadOnly
	destructive := c.Effects == catalog.EffectsDestructive
	open := !slices.Contains(c.Constraints, catalog.ClosedWorldConstraint)
	idempotent := ro || slices.Contains(c.Constraints, catalog.IdempotentConstraint)
	t := &mcp.Tool{Name: c.ID, Title: c.Title, Description: toolDescription(c), InputSchema: args.Published(c),
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: ro, DestructiveHint: &destructive, IdempotentHint: idempotent, OpenWorldHint: &open}}
	if c.Output != nil {
		t.OutputSchema = args.Published(catalog.Contract{Input: c.Output})
	}
	return t
}

// toolDescription is the reviewed purpose with what it returns and its
// constraints, as the catalog teaches them.
func toolDescription(c catalog.Contract) string {
	parts := []string{catalog.Dedent(c.Purpose)}
	if c.Returns != "" {
		parts = append(parts, "Returns: "+catalog.Dedent(c.Returns))
	}
	for _, k := range c.Constraints {
		parts = append(parts, catalog.Dedent(k))
	}
	return strings.Join(parts, "\n")
}

var (
	searchToolOnce sync.Once
	searchToolDef  *mcp.Tool
	searchContract catalog.Contract
)

// searchTool is search_tools as an MCP tool.
func searchTool() *mcp.Tool {
	searchToolOnce.Do(func() {
		for _, c := range instruction.SyntheticContracts() {
			if c.ID == instruction.SearchToolID {
				searchContract = c
			}
		}
		searchToolDef = contractTool(searchContract)
	})
	return searchToolDef
}
