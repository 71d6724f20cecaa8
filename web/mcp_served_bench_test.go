package web

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// BenchmarkGatewayServed measures what the console itself spends on a
// repeated tools/list and tools/call of an established session (on
// Postgres when CONSOLE_TEST_DATABASE_URL is set): each request handed
// to the console's handler in process, with no client, so -benchmem
// counts the console's allocations (the call's also count its lean
// upstream's side of the loopback request, a few hundred bytes). Under
// the gateway load run the console's collector is paced by these.
//
//	go test ./web -run '^$' -bench '^BenchmarkGatewayServed$' -benchmem
func BenchmarkGatewayServed(b *testing.B) {
	d := modelstest.Dialect{Name: models.DialectSQLite}
	if u := modelstest.PostgresURL(b); u != "" {
		d = modelstest.Dialect{Name: models.DialectPostgres, URL: u}
	}
	h := newHarnessWith(b, d, func(c *Config) { c.APIRate = unlimitedRate })
	up := upstreamtest.NewLean()
	b.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(b, nil)
	if text, isErr := call(b, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		b.Fatal(text)
	}
	handler := h.app.Handler()
	for _, c := range []struct{ name, body, want string }{
		{"list", `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`, `"name":"search_tools"`},
		{"call", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hello"}}}`, `hello`},
	} {
		b.Run(c.name, func(b *testing.B) {
			body := []byte(c.body)
			rb := &rewindBody{}
			req, err := http.NewRequest(http.MethodPost, "/mcp/helper", rb)
			if err != nil {
				b.Fatal(err)
			}
			req.RemoteAddr = "127.0.0.1:1234"
			req.ContentLength = int64(len(body))
			req.Header.Set("Authorization", "Bearer "+f.key)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set("Mcp-Session-Id", cs.ID())
			req.Header.Set("Mcp-Protocol-Version", cs.InitializeResult().ProtocolVersion)
			w := &countingWriter{header: http.Header{}}
			cpu0, ok := cpuNow()
			for b.Loop() {
				rb.Reset(body)
				r := new(http.Request)
				*r = *req
				w.reset()
				handler.ServeHTTP(w, r)
				if w.code != http.StatusOK || !bytes.Contains(w.body.Bytes(), []byte(c.want)) {
					b.Fatalf("%s answered %d: %s", c.name, w.code, w.body.Bytes())
				}
			}
			reportCPU(b, cpu0, ok)
		})
	}
}
