package web

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/upstream/upstreamtest"
)

// TestGatewayParallelSearchesAndCallsOnOneSession (issue 24): parallel
// search_tools and tools/call requests on one session each get a tool
// result (never a protocol error such as "models: conflict"), each is
// recorded in the run's evidence, the searches are counted exactly, and
// every tool a search answered as loaded is in the session's tool list
// afterwards when the searches were parallel calls of one step (§10:
// they merge).
func TestGatewayParallelSearchesAndCallsOnOneSession(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, changed := f.connect(t, nil)
		done := make(chan struct{})
		defer close(done)
		go func() { // one notification per search: drain them
			for {
				select {
				case <-changed:
				case <-done:
					return
				}
			}
		}()
		ctx := context.Background()
		const n = 24
		queries := []string{"echo a text back", "store a fact in memory", "wait a moment then answer done"}
		var wg sync.WaitGroup
		texts := make([]string, n)
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "search_tools", Arguments: map[string]any{"query": queries[i%len(queries)]}})
				if err != nil {
					errs[i] = err
					return
				}
				for _, c := range res.Content {
					if tc, ok := c.(*mcp.TextContent); ok {
						texts[i] += tc.Text
					}
				}
				if res.IsError {
					errs[i] = fmt.Errorf("error result: %s", texts[i])
				}
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("search %d: %v", i, err)
			}
		}
		listed := toolNames(t, cs)
		for i, text := range texts {
			// the tools an answer says are loaded stay loaded: parallel
			// searches of one step merge (§10)
			if !strings.Contains(text, "loaded now") {
				continue
			}
			for _, line := range strings.Split(strings.SplitN(text, "These tools are loaded now", 2)[0], "\n") {
				if id, _, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(id, "demo.") && !slices.Contains(listed, id) {
					t.Errorf("search %d answered %s loaded; the session lists %v", i, id, listed)
				}
			}
		}
		runs, err := h.store.RecentRuns(ctx, 1)
		if err != nil || len(runs) != 1 {
			t.Fatalf("runs %+v %v", runs, err)
		}
		sess, err := h.store.GatewaySessionByToken(ctx, cs.ID())
		if err != nil {
			t.Fatal(err)
		}
		if sess.Searches != n {
			t.Errorf("the session counted %d searches, want %d", sess.Searches, n)
		}
		// parallel calls of the loaded tool on the same session
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "demo.echo", Arguments: map[string]any{"text": fmt.Sprint(i)}})
				if err != nil {
					errs[i] = err
				} else if res.IsError {
					errs[i] = fmt.Errorf("error result %+v", res.Content)
				}
			}()
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Errorf("call %d: %v", i, err)
			}
		}
		h.app.gw.evidence.flush()
		evs, err := h.store.RunEvents(ctx, runs[0].Run, 10*n)
		if err != nil {
			t.Fatal(err)
		}
		searches, calls := 0, 0
		for _, e := range evs {
			switch {
			case e.Kind == models.RunSearch && e.Verdict == "":
				searches++
			case e.Kind == models.RunCall && e.Tool == "demo.echo":
				calls++
			}
		}
		if searches != n || calls != n {
			t.Errorf("evidence holds %d searches and %d calls, want %d each", searches, calls, n)
		}
	})
}
