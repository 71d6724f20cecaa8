package web

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// forgeFullText is the forge page's full text as the browser assembles
// it: its sections' texts, in order.
func forgeFullText(d *goquery.Document) string {
	var b strings.Builder
	d.Find(`#sections [data-section-text]`).Each(func(_ int, s *goquery.Selection) { b.WriteString(s.Text()) })
	return b.String()
}

// TestForgeSendsEachSectionOnce: the page carries each section's text in
// its section only; the full text is those sections in order, the same
// bytes /forge/text serves for the page's state (the link a browser
// without JavaScript follows). A bad state is a 400 naming the field.
func TestForgeSendsEachSectionOnce(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/forge", "/forge?agent=analyst&profile=data-analyst", "/forge?deferred=1&pins=read_file"} {
		_, d := c.get(path)
		secs := d.Find(`#sections [data-section-text]`)
		if secs.Length() < 3 {
			t.Fatalf("%s: %d sections", path, secs.Length())
		}
		secs.Each(func(_ int, s *goquery.Selection) {
			text := s.Text()
			n := d.Find("pre").FilterFunction(func(_ int, p *goquery.Selection) bool { return strings.Contains(p.Text(), text) }).Length()
			if n != 1 {
				t.Errorf("%s: a section's text is sent %d times", path, n)
			}
		})
		href, ok := d.Find(`[data-testid="full-text-link"]`).Attr("href")
		if !ok || !strings.HasPrefix(href, "/forge/text?") {
			t.Fatalf("%s: full-text link %q", path, href)
		}
		res, _ := c.get(href)
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") {
			t.Fatalf("%s: %d %s", href, res.StatusCode, res.Header.Get("Content-Type"))
		}
		if got := forgeFullText(d); got != string(body) {
			t.Errorf("%s: the sections in order (%d bytes) are not the full text (%d bytes)", path, len(got), len(body))
		}
	}
	// the run simulator's latest step (another composition) is on demand too
	_, d := c.get("/forge?agent=analyst&deferred=1&rq=" + urlQueryEscape("draw a chart"))
	if d.Find(`pre[data-testid="run-text"]`).Length() != 0 {
		t.Error("the run simulator sends the latest step's whole instruction with the page")
	}
	href, _ := d.Find(`[data-testid="run-text-link"]`).Attr("href")
	res, _ := c.get(href)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") || !strings.Contains(string(body), "# Activated tools") || !strings.Contains(string(body), "render_chart") {
		t.Errorf("run text %q: %d %s, %d bytes", href, res.StatusCode, res.Header.Get("Content-Type"), len(body))
	}
	res, _ = c.get("/forge/text?tier=huge")
	body, _ = io.ReadAll(res.Body)
	if res.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), "tier") {
		t.Errorf("bad tier: %d %q", res.StatusCode, body)
	}
}
