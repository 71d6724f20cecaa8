package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// longToolNames are published servers' tool names of the lengths that
// put the forge's MCP mark on top of the token figures (40 of
// 138 rows at 1440 px, 30 at 1024).
var longToolNames = []string{
	"get-annotated-message", "get-structured-content", "trigger-long-running-operation", "gzip-file-as-resource",
	"toggle-simulated-logging", "simulate-research-query", "get-resource-links", "list_allowed_directories",
	"git_set_working_dir", "kubectl_rollout_status", "create_or_update_file", "API-retrieve-a-page-property",
}

// badgeOverlaps names each lever whose MCP mark overlaps its token
// figures (or its note), or is clipped by its label, and returns "".
const badgeOverlaps = `(() => {
	const out = [];
	const hit = (a, b) => a.right > b.left + 0.5 && b.right > a.left + 0.5 && a.bottom > b.top + 0.5 && b.bottom > a.top + 0.5;
	for (const badge of document.querySelectorAll('.lever [data-testid^="served-tool-"]')) {
		if (badge.offsetParent === null) continue;
		const lever = badge.closest(".lever"), b = badge.getBoundingClientRect(), label = badge.closest("label").getBoundingClientRect();
		for (const el of lever.querySelectorAll(".lever-state .delta, .lever-state .note")) {
			if (hit(b, el.getBoundingClientRect())) out.push(badge.dataset.testid + " on " + el.className);
		}
		if (b.right > label.right + 0.5 || b.width < 10) out.push(badge.dataset.testid + " clipped");
	}
	return out.join("; ");
})()`

// namesCut lists the lever names in sight that are cut short (an
// ellipsis instead of their end), "" when each reads whole.
const namesCut = `[...document.querySelectorAll(".lever label span.id")].filter(n => n.offsetParent !== null && !n.closest("details:not([open])") && n.scrollWidth > n.clientWidth + 1).map(n => n.textContent.trim()).join(", ")`

// TestBrowserForgeBadgeFits: with a connection serving tools of long
// names, no MCP mark sits on its row's token figures, at 1440 and 1024
// px, and each name reads whole ("get-structured-con…" at 1024)
// (screenshots forge-badge-1440 and forge-badge-1024, looked at).
func TestBrowserForgeBadgeFits(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	for _, n := range longToolNames {
		up.MCP.AddTool(&mcp.Tool{Name: n, Description: "A tool with a long name, as published servers name them.", InputSchema: map[string]any{"type": "object"},
			Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	h.gatewayFixture("everything", up.URL, false)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, ctx, fmt.Sprint(width), chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/forge?agent=helper&profile=gw"),
			waitVisible(`[data-testid="served-tool-everything.trigger-long-running-operation"]`))
		screenshot(t, ctx, fmt.Sprintf("forge-badge-%d", width))
		n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('.lever [data-testid^="served-tool-"]').length`))
		if n < len(longToolNames) {
			t.Fatalf("at %d px %d MCP marks, want at least %d", width, n, len(longToolNames))
		}
		if bad, _ := chromedp.Run(ctx, chromedp.Evaluate[string](badgeOverlaps)); bad != "" {
			t.Errorf("at %d px: %d of %d marks overlap: %s", width, strings.Count(bad, ";")+1, n, bad)
		}
		if cut, _ := chromedp.Run(ctx, chromedp.Evaluate[string](namesCut)); cut != "" {
			t.Errorf("at %d px tool names cut: %s", width, cut)
		}
	}
}
