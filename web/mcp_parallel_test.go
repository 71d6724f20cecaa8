package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayParallelSearchesAndCallsOnOneSession: parallel
// search_tools and tools/call requests on one session each get a tool
// result (never a protocol error such as "models: conflict"), each is
// recorded in the run's evidence, the searches are counted exactly, no
// search's receipt is lost (searches in flight together merge into one
// step, §10), every tool a search answered as loaded is named by the
// stored step its receipt joined, and the session lists the last step's
// tools. (Which of the 24 calls are in flight together on the server is
// timing — with -cpu 1 a search may end before the next one starts, and
// then the next one is a later search that replaces, as the answer
// says — so the test asserts the promise, not one merged step.)
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
		sess, err := h.store.GatewaySessionByToken(ctx, cs.ID())
		if err != nil {
			t.Fatal(err)
		}
		var steps [][]struct {
			Names []string `json:"names"`
		}
		if err := json.Unmarshal([]byte(sess.Receipts), &steps); err != nil || len(steps) == 0 {
			t.Fatalf("stored receipts %q: %v", sess.Receipts, err)
		}
		stepNames := make([][]string, len(steps))
		receipts := 0
		for s, group := range steps {
			receipts += len(group)
			for _, rc := range group {
				stepNames[s] = append(stepNames[s], rc.Names...)
			}
		}
		if receipts != n {
			// a parallel search's receipt overwritten by another's
			t.Errorf("the session stored %d receipts in %d steps, want %d", receipts, len(steps), n)
		}
		for i, text := range texts {
			var loaded []string
			if strings.Contains(text, "loaded now") {
				for _, line := range strings.Split(strings.SplitN(text, "These tools are loaded now", 2)[0], "\n") {
					if id, _, ok := strings.Cut(line, ": "); ok && strings.HasPrefix(id, "demo.") {
						loaded = append(loaded, id)
					}
				}
			}
			// the answer is true of the step its receipt joined
			if len(loaded) > 0 && !slices.ContainsFunc(stepNames, func(names []string) bool {
				return !slices.ContainsFunc(loaded, func(id string) bool { return !slices.Contains(names, id) })
			}) {
				t.Errorf("search %d answered %v loaded; no stored step names them all: %v", i, loaded, stepNames)
			}
		}
		// the session lists the last step's tools (a later search replaces)
		last := stepNames[len(stepNames)-1]
		for _, id := range toolNames(t, cs) {
			if id != "search_tools" && !slices.Contains(last, id) {
				t.Errorf("the session lists %s, not of its last step %v", id, last)
			}
		}
		if sess.Searches != n {
			t.Errorf("the session counted %d searches, want %d", sess.Searches, n)
		}
		runs, err := h.store.RecentRuns(ctx, 1)
		if err != nil || len(runs) != 1 {
			t.Fatalf("runs %+v %v", runs, err)
		}
		// load demo.echo for the parallel calls (the last step may be
		// another query's)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": queries[0]}, nil); isErr || !strings.Contains(text, "demo.echo: ") {
			t.Fatalf("search for demo.echo: %s", text)
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
		if searches != n+1 || calls != n {
			t.Errorf("evidence holds %d searches and %d calls, want %d and %d", searches, calls, n+1, n)
		}
	})
}
