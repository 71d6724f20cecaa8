package web

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

func fixture(t *testing.T) []byte {
	b, err := os.ReadFile("../catalog/testdata/github-mcp-server.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// uploadImport posts the import form as multipart, with the file.
func (c *client) uploadImport(format, ns string, file []byte) (*http.Response, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	_ = w.WriteField("_csrf", c.csrf)
	_ = w.WriteField("format", format)
	_ = w.WriteField("namespace", ns)
	fw, _ := w.CreateFormFile("file", "tools.json")
	fw.Write(file)
	w.Close()
	req, _ := http.NewRequest(http.MethodPost, c.h.srv.URL+"/catalog/import", &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	res, doc := c.do(req)
	html, _ := doc.Html()
	return res, html
}

func TestImportGitHubFixtureThroughTheWeb(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("rita", models.RoleReviewer)
		admin := h.login("admin", adminPassword)
		res, html := admin.uploadImport("mcp", "github", fixture(t))
		if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">117<`) {
			t.Fatalf("preview: %d", res.StatusCode)
		}
		if ts, _ := h.store.Tools(ctx); len(ts) != 34 {
			t.Fatalf("preview stored tools: %d", len(ts))
		}
		digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
		res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"github"}, "digest": {digest}, "document": {string(fixture(t))}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("confirm: %d", res.StatusCode)
		}
		_, cat := admin.get("/catalog?namespace=github&status=candidate")
		if got := cat.Find(`[data-testid="catalog-count"]`).Text(); !strings.HasPrefix(got, "117 of") {
			t.Fatalf("candidate github tools: %q, want 117", got)
		}
		// the importer cannot review; the reviewer can
		seen, _ := h.store.ToolDigests(ctx, []string{"github.get_me"})
		res, _ = admin.post("/catalog/review", url.Values{"status": {"available"}, "tools": {"github.get_me"}, "digest.github.get_me": {seen["github.get_me"]}})
		if res.StatusCode != http.StatusForbidden {
			t.Fatalf("self review: %d", res.StatusCode)
		}
		rita := h.login("rita", "rita-password")
		// page by page, 25 tools a page, until none waits
		offered := 0
		for range 10 {
			_, rev := rita.get("/catalog/review")
			form := url.Values{"status": {"available"}, "confirm": {"1"}}
			rev.Find(`[data-testid="review-service github"] input`).Each(func(_ int, s *goquerySelection) {
				n, _ := s.Attr("name")
				v, _ := s.Attr("value")
				if n != "_csrf" && n != "page" {
					form.Add(n, v)
				}
			})
			if len(form["tools"]) == 0 {
				break
			}
			if len(form["tools"]) > reviewPageSize {
				t.Fatalf("review page offers %d tools", len(form["tools"]))
			}
			offered += len(form["tools"])
			res, _ = rita.post("/catalog/review", form)
			if res.StatusCode != http.StatusSeeOther {
				t.Fatalf("review: %d", res.StatusCode)
			}
		}
		if offered != 117 {
			t.Fatalf("the review pages offered %d tools, want 117", offered)
		}
		avail, _ := h.store.AvailableContracts(ctx)
		if len(avail) != 34+117 {
			t.Fatalf("available = %d", len(avail))
		}
		_, tool := admin.get("/catalog/tools/github.create_issue")
		if tool.Find(`[data-testid="full-form"]`).Length() != 1 || tool.Find(`[data-testid="compact-form"]`).Length() != 1 {
			t.Fatal("tool page lacks a form")
		}
		for _, enc := range []string{"o200k_base", "cl100k_base"} {
			if tool.Find(`[data-testid="tokens-`+enc+`"]`).Length() != 2 {
				t.Errorf("tool page lacks %s counts", enc)
			}
		}
		full, _ := strconv.Atoi(strings.ReplaceAll(strings.Fields(tool.Find(`[data-testid="tokens-o200k_base"]`).First().Text())[0], ",", ""))
		compact, _ := strconv.Atoi(strings.ReplaceAll(strings.Fields(tool.Find(`[data-testid="tokens-o200k_base"]`).Last().Text())[0], ",", ""))
		if full <= compact || compact == 0 {
			t.Errorf("full %d vs compact %d tokens", full, compact)
		}
		res, _ = admin.get("/audit")
		if res.StatusCode != http.StatusOK {
			t.Errorf("audit: %d", res.StatusCode)
		}
	})
}

// TestBrokenImportListsEveryProblemAndStoresNothing: a document none of
// whose tools imports is refused whole, every problem listed (each tool is its own unit, so a document with one good tool imports
// it; this one has none). The unknown member "colour" is kept for the
// reviewer, not a problem.
func TestBrokenImportListsEveryProblemAndStoresNothing(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	broken := `{"tools":[{"name":"Bad Name","description":"x","inputSchema":{"type":"object"}},{"name":"ok","description":"","inputSchema":{"type":"object","properties":{"a":{"type":"strnig","description":"d"}}}},{"name":"ok","description":"d","inputSchema":{"type":"object"},"colour":1}]}`
	res, html := admin.uploadImport("mcp", "acme", []byte(broken))
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("broken import: %d", res.StatusCode)
	}
	rows := doc(html).Find(`[data-testid="import-problems"] tbody tr`).Length()
	// an empty tool description is a warning (MCP makes it
	// optional): a bad name, the name listed twice, an unknown type remain
	if rows < 3 {
		t.Errorf("%d problems listed, want every one (≥3):\n%s", rows, doc(html).Find(`[data-testid="import-problems"]`).Text())
	}
	if ts, _ := h.store.Tools(context.Background()); len(ts) != 34 {
		t.Fatalf("broken import stored something: %d tools", len(ts))
	}
	res, html = admin.uploadImport("mcp", "", fixture(t))
	if res.StatusCode != http.StatusUnprocessableEntity || doc(html).Find(`[data-testid="error-namespace"]`).Length() != 1 {
		t.Errorf("missing namespace: %d", res.StatusCode)
	}
}

func TestStaleImportConfirmIsAConflict(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"github"}, "digest": {"stale"}, "document": {string(fixture(t))}})
	if res.StatusCode != http.StatusConflict {
		t.Fatalf("stale confirm: %d", res.StatusCode)
	}
	if ts, _ := h.store.Tools(context.Background()); len(ts) != 34 {
		t.Fatal("stale confirm stored tools")
	}
}

func TestCatalogFilters(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/catalog?class=web")
	if n := d.Find(`[data-testid^="tool-"]`).Length(); n != 3 {
		t.Errorf("web class: %d tools", n)
	}
	_, d = c.get("/catalog?effects=destructive")
	if n := d.Find(`[data-testid^="tool-"]`).Length(); n != 1 {
		t.Errorf("destructive: %d tools", n)
	}
	_, d = c.get("/catalog?q=spreadsheet")
	if d.Find(`[data-testid="tool-read_spreadsheet"]`).Length() != 1 {
		t.Error("search misses read_spreadsheet")
	}
}

func TestHunksKeepChangesAndContext(t *testing.T) {
	a := strings.Join([]string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}, "\n")
	b := strings.Join([]string{"1", "2", "3", "4", "5", "six", "7", "8", "9", "10"}, "\n")
	got := hunks(lineDiff(a, b), 1)
	var ops []string
	for _, l := range got {
		ops = append(ops, l.Op+l.Text)
	}
	want := "…4 unchanged lines| 5|-6|+six| 7|…3 unchanged lines"
	if strings.Join(ops, "|") != want {
		t.Errorf("got %s\nwant %s", strings.Join(ops, "|"), want)
	}
}

// TestCatalogPagesKeepFilters: the catalog lists 50 tools a page; the
// page links keep the filters; a filter with no match says what to do; a
// bad page number is a 400 naming the field.
func TestCatalogPagesKeepFilters(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	_, d := c.get("/catalog")
	if n := d.Find(`[data-testid^="tool-"]`).Length(); n != 50 {
		t.Errorf("first page lists %d tools, want 50", n)
	}
	if got := d.Find(`[data-testid="catalog-count"]`).Text(); !strings.Contains(got, "151 of 151 tools") || !strings.Contains(got, "1–50") {
		t.Errorf("count %q", got)
	}
	_, d = c.get("/catalog?namespace=github&status=candidate&page=3")
	if n := d.Find(`[data-testid^="tool-github."]`).Length(); n != 17 {
		t.Errorf("page 3 of 117 candidates lists %d tools, want 17", n)
	}
	prev, _ := d.Find(`[data-testid="prev-page"]`).Attr("href")
	if prev != "/catalog?page=2&service=github&status=candidate" { // the filter's name now, from a link of its earlier one
		t.Errorf("previous page link %q loses the filters", prev)
	}
	if d.Find(`[data-testid="next-page"]`).Length() != 0 {
		t.Error("the last page links to a next one")
	}
	_, d = c.get("/catalog?q=zzzz+qqqq+nothing")
	if d.Find(`[data-testid="catalog-empty"]`).Length() != 1 || d.Find(`[data-testid="catalog-table"] thead`).Length() != 0 {
		t.Error("no match shows a bare table instead of an empty state")
	}
	for _, bad := range []string{"0", "-1", "x", "1.5"} {
		res, _ := c.get("/catalog?page=" + bad)
		if res.StatusCode != http.StatusBadRequest {
			t.Errorf("page=%s: %d, want 400", bad, res.StatusCode)
		}
	}
}
