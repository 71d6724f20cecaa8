package web

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkGateway measures one session's tools/call through the gateway,
// the same call made directly to the Go upstream, and tools/list, one at a
// time (on Postgres when CONSOLE_TEST_DATABASE_URL is set; the upstream
// is loadUpstream's): the
// difference of the first two is the gateway's own cost per call.
// call-sdk and list-sdk are the same requests with the direct path off
// (every request through the SDK's server), call-sdk-upstream the call
// with the upstream called through the SDK's client (upstream/direct.go
// off), in the same run; direct-gen, call-gen and list-gen are direct,
// call and list sent by the load runs' generator (loadgen.Session) instead of
// the SDK's client. cpu-ns/op is this process's CPU time per operation (client, gateway, upstream and the evidence writer; the
// database's own work is not in it): steadier than the wall time on a
// shared machine.
func BenchmarkGateway(b *testing.B) {
	d := modelstest.Dialect{Name: models.DialectSQLite}
	if u := modelstest.PostgresURL(b); u != "" {
		d = modelstest.Dialect{Name: models.DialectPostgres, URL: u}
	}
	h := newHarnessWith(b, d, func(c *Config) { c.APIRate = unlimitedRate })
	upURL, _ := loadUpstream(b)
	f := h.gatewayFixture("demo", upURL, true)
	cs, _ := f.connect(b, nil)
	if text, isErr := call(b, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		b.Fatal(text)
	}
	cl := mcp.NewClient(&mcp.Implementation{Name: "direct", Version: "1"}, nil)
	direct, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: upURL, HTTPClient: &http.Client{Transport: testTransport}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer direct.Close()
	args := map[string]any{"text": "hello"}
	callOne := func(b *testing.B, cs *mcp.ClientSession, name string) {
		cpu0, ok := cpuNow()
		for b.Loop() {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
			if err != nil || res.IsError {
				b.Fatal(err, res)
			}
		}
		reportCPU(b, cpu0, ok)
	}
	list := func(b *testing.B) {
		cpu0, ok := cpuNow()
		for b.Loop() {
			if _, err := cs.ListTools(context.Background(), nil); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu0, ok)
	}
	sdkOnly := func(run func(b *testing.B)) func(b *testing.B) {
		return func(b *testing.B) {
			h.app.gw.direct.Store(false)
			defer h.app.gw.direct.Store(true)
			run(b)
		}
	}
	b.Run("direct", func(b *testing.B) { callOne(b, direct, "echo") })
	b.Run("call", func(b *testing.B) { callOne(b, cs, "demo.echo") })
	b.Run("call-sdk", sdkOnly(func(b *testing.B) { callOne(b, cs, "demo.echo") }))
	b.Run("call-sdk-upstream", func(b *testing.B) {
		h.app.gw.pool.SetDirectCalls(false)
		defer h.app.gw.pool.SetDirectCalls(true)
		callOne(b, cs, "demo.echo")
	})
	b.Run("list", list)
	b.Run("list-sdk", sdkOnly(list))
	// the same requests sent by the load runs' generator (loadgen.Session)
	// instead of the SDK's client
	gen := func(b *testing.B, op func() error) {
		cpu0, ok := cpuNow()
		for b.Loop() {
			if err := op(); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu0, ok)
	}
	gd := newLoadClient(upURL, direct, nil)
	gc := newLoadClient(f.front.URL+"/mcp/helper", cs, map[string]string{"Authorization": "Bearer " + f.key})
	b.Run("direct-gen", func(b *testing.B) { gen(b, func() error { return gd.Call("echo", `{"text":"hello"}`) }) })
	b.Run("call-gen", func(b *testing.B) { gen(b, func() error { return gc.Call("demo.echo", `{"text":"hello"}`) }) })
	b.Run("list-gen", func(b *testing.B) { gen(b, gc.List) })
}

// reportCPU reports the process's CPU time per operation since cpu0 (a
// cpuNow reading; nothing without one) as cpu-ns/op.
func reportCPU(b *testing.B, cpu0 time.Duration, ok bool) {
	if cpu1, ok1 := cpuNow(); ok && ok1 && b.N > 0 {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
