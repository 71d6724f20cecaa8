package web

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkAuthorize serves POST /api/v1/authorize in process (router,
// middleware, one generation read, the decision, counting) on Postgres
// when configured, else SQLite, with distinct subjects and tools; run it
// with -cpuprofile to see where a check's time goes. The loopback figure
// is console loadtest --mode authorize (scripts/load_authorize.sh).
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
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			body := fmt.Sprintf(`{"agent":"analyst","tool":"%s","subject":{"id":"s%d","groups":["contractors"]}}`, contractorToolsBench[i%len(contractorToolsBench)], i)
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

var contractorToolsBench = []string{"load_table", "describe_table", "exec", "sql_query", "workspace_write"}
