package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agentforge/console/instruction/authority"

	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkAuthorize serves POST /api/v1/authorize in process (router,
// middleware, one generation read, the decision, counting) on Postgres
// when configured, else SQLite, with distinct subjects and tools; run it
// with -cpuprofile to see where a check's time goes. The loopback figure
// is console loadtest --mode authorize (scripts/load_authorize.sh); the
// benchmark sends that mode's mix (cmd/console/loadtest_authorize.go):
// every check its own subject, alternating between the contractors
// (their read-only tools, and exec, which they are not granted) and the
// group everyone (the analyst's profile). It used to send contractors
// only, a fifth of them asking for workspace_write, which files an
// approval request: about 40% of its CPU, a cost the load mode never
// pays.
func BenchmarkAuthorize(b *testing.B) {
	d := modelstest.Dialects(b)
	h := newHarness(b, d[len(d)-1])
	key := h.runtimeKey()
	h.app.limit = newLimiter(1<<30, 1<<30) // measure checks, not the per-key rate limit
	handler := h.app.Handler()
	b.SetParallelism(16) // 32 concurrent checks on 2 cores, as the loopback target
	b.ReportAllocs()
	reads := h.app.gate.reads.Load()
	b.ResetTimer()
	var next atomic.Uint64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			body := authorizeBenchBody(next.Add(1) - 1)
			req := httptest.NewRequest(http.MethodPost, "/api/v1/authorize", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+key)
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			handler.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				b.Fatalf("%d %s", rec.Code, rec.Body)
			}
		}
	})
	b.ReportMetric(float64(h.app.gate.reads.Load()-reads)/float64(b.N), "reads/check")
}

// The load mode's mix (cmd/console/loadtest_authorize.go, package main:
// not importable here).
var (
	contractorToolsBench = []string{"load_table", "describe_table", "read_spreadsheet", "sql_query", "compute_statistics", "ask_user", "exec"}
	everyoneToolsBench   = []string{"exec", "load_table", "save_table", "describe_table", "emit_artifact", "read_spreadsheet", "sql_query", "compute_statistics", "render_chart", "workspace_write", "ask_user"}
)

// authorizeBenchBody is the load mode's check i: subjects alternate
// between the contractors and everyone, each with its own id.
func authorizeBenchBody(i uint64) string {
	group, tool := authority.Everyone, everyoneToolsBench[(i/2)%uint64(len(everyoneToolsBench))]
	if i%2 == 0 {
		group, tool = "contractors", contractorToolsBench[(i/2)%uint64(len(contractorToolsBench))]
	}
	return fmt.Sprintf(`{"agent":"analyst","subject":{"groups":[%q],"id":"subject-%d"},"tool":%q}`, group, i, tool)
}
