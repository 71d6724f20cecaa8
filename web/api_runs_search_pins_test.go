package web

import (
	"net/http"
	"slices"
	"testing"
)

// TestRunSearchSkipsTheRunsPins: a search takes the pins the run's steps
// send, and never spends a hit on a tool every step already shows. Before,
// /search had no pins field: a runtime pinning render_chart got
// render_chart back as the first hit of "draw a chart", one of the few
// hits the model is shown, for a tool it could already call.
func TestRunSearchSkipsTheRunsPins(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		search := func(body map[string]any) searchResult {
			res, b := h.api(http.MethodPost, "/api/v1/runs/pinned/search", key, body)
			return decodeAs[searchResult](t, apiResp{res, b})
		}
		plain := search(map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0, "limit": 3})
		if len(plain.Hits) == 0 || plain.Hits[0].Name != "render_chart" {
			t.Fatalf("without pins: %+v", plain.Hits)
		}
		pinned := search(map[string]any{"agent": "analyst", "query": "chart the sales spreadsheet and save the table", "step": 0, "limit": 3, "pins": []string{"render_chart"}})
		// the same ranking without the pin, topped up to the limit
		wider := search(map[string]any{"agent": "analyst", "query": "chart the sales spreadsheet and save the table", "step": 0, "limit": 4})
		var want []string
		for _, h := range wider.Hits {
			if h.Name != "render_chart" {
				want = append(want, h.Name)
			}
		}
		var got []string
		for _, h := range pinned.Hits {
			got = append(got, h.Name)
		}
		if len(want) > 3 {
			want = want[:3]
		}
		if len(want) < 2 || !slices.Equal(got, want) {
			t.Fatalf("with render_chart pinned the hits are %v, want the unpinned ranking without it, topped up: %v", got, want)
		}
		if pinned.Surface != plain.Surface {
			t.Fatal("pins moved the surface key")
		}
		res, b := h.api(http.MethodPost, "/api/v1/runs/pinned/search", key, map[string]any{"agent": "analyst", "query": "x", "step": 0, "pins": []string{"web_fetch"}})
		if res.StatusCode != http.StatusUnprocessableEntity || apiErrorOf(t, b).Field != "pins" {
			t.Fatalf("a pin outside the agent: %d %s", res.StatusCode, b)
		}
	})
}
