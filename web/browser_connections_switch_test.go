package web

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestBrowserConnectionSwitch: with the published memory server
// connected by command, its edit form at 1440 and 1024 px shows the
// command and a URL field, the switch hint and the secret boxes inside
// the table's panel; typing a URL (the command left as shown) switches
// the connection, and the flash says what was dropped.
func TestBrowserConnectionSwitch(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	fitGateway(t, h)
	admin := h.login("admin", adminPassword)
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	if res, _ := admin.post("/connections", url.Values{"name": {"notes"}, "command": {"node " + entry}, "env": {"MEMORY_FILE_PATH=" + graph}}); res.StatusCode != 303 {
		t.Fatalf("add: %d", res.StatusCode)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	form := `[data-testid="connection-edit-notes"] `
	for _, width := range []int{1440, 1024} {
		step(t, ctx, "open", chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/connections"), waitVisible(`[data-testid="connection-notes"]`),
			click(form+"summary"), waitVisible(form+`input[name="url"]`), waitVisible(form+`input[name="timeout"]`))
		screenshot(t, ctx, fmt.Sprintf("connections-switch-%d", width))
		if tbl, _ := chromedp.Run(ctx, chromedp.Evaluate[string](tableOverflow)); tbl != "" {
			t.Errorf("at %d px with the edit form open: %s runs past its panel", width, tbl)
		}
		if over, _ := chromedp.Run(ctx, chromedp.Evaluate[int](overflowX)); over > 0 {
			t.Errorf("at %d px the page scrolls sideways by %d px", width, over)
		}
	}
	step(t, ctx, "switch", typeInto(form+`input[name="url"]`, up.URL), typeInto(form+`textarea[name="headers"]`, "X-Key=sw-secret-9"),
		navigates(click(form+`button[type="submit"]`)), waitVisible(`.flash`))
	if flash := text(t, ctx, `.flash`); !strings.Contains(flash, "Changed notes: now a URL server; dropped env MEMORY_FILE_PATH") {
		t.Errorf("flash after the switch: %q", flash)
	}
	if got := text(t, ctx, `[data-testid="connection-notes"]`); !strings.Contains(got, up.URL) || !strings.Contains(got, "header X-Key") {
		t.Errorf("the row after the switch: %q", got)
	}
}
