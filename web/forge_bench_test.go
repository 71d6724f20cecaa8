package web

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// BenchmarkForgeRequest is one forge toggle as the server handles it: an
// htmx GET of /forge for the default catalog plus the 117 GitHub tools
// (available, service connected), exec switched off — projection, lint,
// levers, the rendered fragment and its gzip encoding.
func BenchmarkForgeRequest(b *testing.B) {
	h := sqliteOnly(b)
	ctx := context.Background()
	cs := catalogtest.GitHub(b)
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		b.Fatal(err)
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	seen, _ := h.store.ToolDigests(ctx, ids)
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		b.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	cookies := c.http.Jar.Cookies(mustURL(h.srv.URL))
	handler := h.app.Handler()
	get := func() int {
		req := httptest.NewRequest(http.MethodGet, "/forge?off=exec&svc=github&tier=standard&form=full&deferred=0&enc=o200k_base", nil)
		req.Header.Set("HX-Request", "true")
		req.Header.Set("Accept-Encoding", "gzip") // as browsers send it
		for _, ck := range cookies {
			req.AddCookie(ck)
		}
		rec := httptest.NewRecorder()
		handler.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("forge: %d", rec.Code)
		}
		return rec.Body.Len()
	}
	size := get() // warm
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		get()
	}
	b.ReportMetric(float64(size)/1024, "KiB/response")
}
