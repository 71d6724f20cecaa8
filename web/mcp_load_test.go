package web

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/upstream/upstreamtest"
)

// consoleGCPercent is the console's default GOGC (cmd/console's
// defaultGCPercent; TestGatewayLoadRunsAtTheConsolesGCPace ties them).
const consoleGCPercent = 400

// unlimitedRate is a per-key request rate no load run reaches (the
// limiter is built with the server: set it through Config).
const unlimitedRate = 1 << 30

// TestGatewayLoad measures the gateway against a Go upstream on loopback
// in one run (CONSOLE_GATEWAY_LOAD=1; scripts/proof.sh reads its lines):
// closed-loop tools/call through the gateway and directly to the same
// upstream, in alternating rounds so both meet the same noise, and
// tools/list. It prints figures and asserts only that nothing failed;
// the targets are judged by proof.sh.
func TestGatewayLoad(t *testing.T) {
	if os.Getenv("CONSOLE_GATEWAY_LOAD") != "1" {
		t.Skip("set CONSOLE_GATEWAY_LOAD=1 (scripts/proof.sh does)")
	}
	gc := os.Getenv("GOGC")
	if gc == "" {
		// the collector's pace the console runs at when the operator sets
		// none (cmd/console's defaultGCPercent; Go's own default is 100):
		// the direct calls share the process and the pace. The console's
		// soft memory limit is not applied: this process also holds the
		// clients, the upstream and the fixture.
		gc = strconv.Itoa(consoleGCPercent)
		defer debug.SetGCPercent(debug.SetGCPercent(consoleGCPercent))
	}
	d := modelstest.Dialect{Name: models.DialectSQLite}
	if u := modelstest.PostgresURL(t); u != "" {
		d = modelstest.Dialect{Name: models.DialectPostgres, URL: u}
	}
	// the per-key rate limit (DefaultAPIRate a second, burst twice that)
	// is not what is measured: set far above the figures
	h := newHarnessWith(t, d, func(c *Config) { c.APIRate = unlimitedRate })
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	const workers = 8
	round := 2 * time.Second
	var sessions [workers]*mcp.ClientSession
	for i := range sessions {
		cs, _ := f.connect(t, nil)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		sessions[i] = cs
	}
	direct := make([]*mcp.ClientSession, workers)
	for i := range direct {
		cl := mcp.NewClient(&mcp.Implementation{Name: "direct", Version: "1"}, nil)
		cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: up.URL, HTTPClient: &http.Client{Transport: testTransport}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		direct[i] = cs
	}
	args := map[string]any{"text": "hello"}
	// the first failure of each kind is printed (the count alone says
	// nothing of the cause)
	seen := map[string]bool{}
	run := func(css []*mcp.ClientSession, op func(cs *mcp.ClientSession) error) ([]time.Duration, int, time.Duration) {
		var mu sync.Mutex
		var lat []time.Duration
		errs := 0
		start := time.Now()
		var wg sync.WaitGroup
		for _, cs := range css {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				bad := 0
				for time.Since(start) < round {
					t0 := time.Now()
					if err := op(cs); err != nil {
						bad++
						mu.Lock()
						if msg := clip(err.Error(), 300); !seen[msg] && len(seen) < 5 {
							seen[msg] = true
							fmt.Printf("gateway load failure: %s\n", msg)
						}
						mu.Unlock()
					}
					mine = append(mine, time.Since(t0))
				}
				mu.Lock()
				lat, errs = append(lat, mine...), errs+bad
				mu.Unlock()
			}()
		}
		wg.Wait()
		return lat, errs, time.Since(start)
	}
	callOp := func(cs *mcp.ClientSession) error {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "demo.echo", Arguments: args})
		if err == nil && res.IsError {
			err = fmt.Errorf("tool error: %s", resultText(res))
		}
		return err
	}
	directOp := func(cs *mcp.ClientSession) error {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: args})
		if err == nil && res.IsError {
			err = fmt.Errorf("direct tool error: %s", resultText(res))
		}
		return err
	}
	listOp := func(cs *mcp.ClientSession) error { _, err := cs.ListTools(context.Background(), nil); return err }
	// CONSOLE_GATEWAY_LOAD_COMPARE=1 adds rounds with the gateway's
	// direct path off (every request through the SDK's server), and
	// rounds with the upstream called through the SDK's client
	// (upstream/direct.go off), alternating with the others: before and
	// after in one run
	compare := os.Getenv("CONSOLE_GATEWAY_LOAD_COMPARE") == "1"
	var gw, dr, ls, sgw, sls, ugw []time.Duration
	var gwTime, drTime, sgwTime, ugwTime time.Duration
	failures := 0
	viaSDK := func(f func()) {
		h.app.gw.direct.Store(false)
		defer h.app.gw.direct.Store(true)
		f()
	}
	for range 3 {
		l, e, el := run(direct, directOp)
		dr, drTime, failures = append(dr, l...), drTime+el, failures+e
		l, e, el = run(sessions[:], callOp)
		gw, gwTime, failures = append(gw, l...), gwTime+el, failures+e
		if compare {
			viaSDK(func() {
				l, e, el := run(sessions[:], callOp)
				sgw, sgwTime, failures = append(sgw, l...), sgwTime+el, failures+e
			})
			h.app.gw.pool.SetDirectCalls(false)
			l, e, el := run(sessions[:], callOp)
			ugw, ugwTime, failures = append(ugw, l...), ugwTime+el, failures+e
			h.app.gw.pool.SetDirectCalls(true)
		}
	}
	l, e, _ := run(sessions[:], listOp)
	ls, failures = l, failures+e
	if compare {
		viaSDK(func() {
			l, e, _ := run(sessions[:], listOp)
			sls, failures = l, failures+e
		})
	}
	q := func(ls []time.Duration, p float64) float64 {
		s := slices.Clone(ls)
		slices.Sort(s)
		return float64(s[int(p*float64(len(s)-1))]) / float64(time.Millisecond)
	}
	fmt.Printf("gateway load: dialect %s, %d workers, %d sessions, GOGC %s\n", d.Name, workers, workers, gc)
	fmt.Printf("direct calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", float64(len(dr))/drTime.Seconds(), q(dr, 0.5), q(dr, 0.99))
	fmt.Printf("gateway calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", float64(len(gw))/gwTime.Seconds(), q(gw, 0.5), q(gw, 0.99))
	fmt.Printf("gateway overhead: median %.3f ms, p99 %.3f ms\n", q(gw, 0.5)-q(dr, 0.5), q(gw, 0.99)-q(dr, 0.99))
	fmt.Printf("tools/list: median %.3f ms, p99 %.3f ms, %d lists\n", q(ls, 0.5), q(ls, 0.99), len(ls))
	if compare {
		fmt.Printf("sdk path calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", float64(len(sgw))/sgwTime.Seconds(), q(sgw, 0.5), q(sgw, 0.99))
		fmt.Printf("sdk path overhead: median %.3f ms, p99 %.3f ms\n", q(sgw, 0.5)-q(dr, 0.5), q(sgw, 0.99)-q(dr, 0.99))
		fmt.Printf("sdk path tools/list: median %.3f ms, p99 %.3f ms, %d lists\n", q(sls, 0.5), q(sls, 0.99), len(sls))
		fmt.Printf("sdk upstream calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", float64(len(ugw))/ugwTime.Seconds(), q(ugw, 0.5), q(ugw, 0.99))
		fmt.Printf("sdk upstream overhead: median %.3f ms, p99 %.3f ms\n", q(ugw, 0.5)-q(dr, 0.5), q(ugw, 0.99)-q(dr, 0.99))
	}
	fmt.Printf("gateway load failures: %d\n", failures)
	if failures > 0 {
		t.Errorf("%d failed requests", failures)
	}
}

// TestGatewayLoadRunsAtTheConsolesGCPace: the load run's pace is the one
// the console sets when the operator sets none.
func TestGatewayLoadRunsAtTheConsolesGCPace(t *testing.T) {
	src, err := os.ReadFile("../cmd/console/memory_limit.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^const defaultGCPercent = (\d+)$`).FindSubmatch(src)
	if m == nil {
		t.Fatal("cmd/console/memory_limit.go declares no defaultGCPercent")
	}
	if got, _ := strconv.Atoi(string(m[1])); got != consoleGCPercent {
		t.Errorf("the console's default GOGC is %d, the gateway load run uses %d", got, consoleGCPercent)
	}
}

// resultText is a result's text content.
func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}
