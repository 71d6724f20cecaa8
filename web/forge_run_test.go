package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
)

// TestForgeRunSimulator: in deferred mode the forge shows the run
// simulator; a pending search shows hits and a receipt; taking the step
// (state in the URL) adds a step whose instruction keeps the first step's
// tokens as its cached prefix and adds the activated tool; the fragment
// endpoint pushes the same state into the URL; receipts minted in the
// forge never verify at the runtime API.
func TestForgeRunSimulator(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	res, d := c.get("/forge?agent=analyst&deferred=1")
	if res.StatusCode != http.StatusOK || d.Find(`[data-testid="run-sim"]`).Length() != 1 {
		t.Fatalf("deferred forge: %d, simulator %d", res.StatusCode, d.Find(`[data-testid="run-sim"]`).Length())
	}
	if _, plain := c.get("/forge?agent=analyst&deferred=0"); plain.Find(`[data-testid="run-sim"]`).Length() != 0 {
		t.Fatal("the simulator shows outside deferred mode")
	}
	_, d = c.get("/forge?agent=analyst&deferred=1&q=" + url.QueryEscape("draw a chart"))
	if !strings.Contains(d.Find(`[data-testid="search-hits"]`).Text(), "render_chart") || !strings.Contains(d.Find(`[data-testid="run-receipt"]`).Text(), `"mac"`) {
		t.Fatalf("pending search: hits %q", d.Find(`[data-testid="search-hits"]`).Text())
	}
	_, d = c.get("/forge?agent=analyst&deferred=1&rq=" + url.QueryEscape("draw a chart"))
	steps := d.Find(`[data-testid="run-step"]`)
	if steps.Length() != 2 {
		t.Fatalf("%d steps after taking one", steps.Length())
	}
	cells := func(i int) []string {
		var out []string
		steps.Eq(i).Find("td").Each(func(_ int, s *goquery.Selection) { out = append(out, strings.TrimSpace(s.Text())) })
		return out
	}
	first, second := cells(0), cells(1)
	if !strings.Contains(second[2], "render_chart") || strings.Contains(first[2], "render_chart") {
		t.Fatalf("active: first %q, second %q", first[2], second[2])
	}
	if second[4] != first[3] || num(t, second[5]) <= 0 || num(t, first[5]) != 0 || second[7] != first[7] {
		t.Fatalf("tokens: first %v, second %v (the second's prefix must be the first's total)", first, second)
	}
	if !strings.Contains(d.Find(`[data-testid="run-activated"]`).Text(), "render_chart") {
		t.Fatal("the activated section does not teach render_chart")
	}
	// the fragment pushes the state into the URL
	req, _ := http.NewRequest(http.MethodGet, h.srv.URL+"/forge/run?agent=analyst&deferred=1&rq=chart&q=table", nil)
	req.Header.Set("HX-Request", "true")
	fres, frag := c.do(req)
	if fres.StatusCode != http.StatusOK || frag.Find(`[data-testid="run-sim"]`).Length() != 1 || !strings.Contains(fres.Header.Get("HX-Push-Url"), "rq=chart") || !strings.Contains(fres.Header.Get("HX-Push-Url"), "q=table") {
		t.Fatalf("fragment: %d, push %q", fres.StatusCode, fres.Header.Get("HX-Push-Url"))
	}
	// a forge receipt is no runtime receipt
	var receipt map[string]any
	_, d = c.get("/forge?agent=analyst&deferred=1&q=chart")
	if err := jsonUnmarshalString(d.Find(`[data-testid="run-receipt"]`).Text(), &receipt); err != nil {
		t.Fatal(err)
	}
	key := h.runtimeKey()
	_, body := h.api(http.MethodPost, "/api/v1/runs/forge-simulator/steps", key, map[string]any{"agent": "analyst", "receipts": []any{[]any{receipt}}})
	if !strings.Contains(string(body), `"forged"`) {
		t.Fatalf("a forge receipt at the API: %s", body[:min(300, len(body))])
	}
}

func jsonUnmarshalString(s string, v any) error { return json.Unmarshal([]byte(s), v) }
