package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// callDigests maps each call row of a run's page to the digest it shows
// ("" none), keyed by tool and the verdict's first word.
func callDigests(t *testing.T, h *harness, run string) map[string]string {
	t.Helper()
	res, page := h.login("admin", adminPassword).get("/runs/" + run)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("run page %s: %d", run, res.StatusCode)
	}
	out := map[string]string{}
	page.Find(`tr[data-kind="call"]`).Each(func(_ int, tr *goquery.Selection) {
		what := tr.Find("td.what")
		tool := what.Find(".mono").First().Text()
		// the stored verdict's first part: active, denied, unknown, …
		verdict, _, _ := strings.Cut(what.AttrOr("data-verdict", ""), ":")
		out[tool+" "+verdict] = what.Find(`[data-testid="call-digest"]`).AttrOr("title", "")
	})
	return out
}

// TestADeniedCallShowsItsDigest: a call the gateway refuses for a
// revoked grant, and one the runs API refuses for want of approval, are
// listed on the run's page with the digest of the contract the check
// was decided on, as a call that ran is; a call of a tool the run was
// never shown has none (its digest would reveal it).
func TestADeniedCallShowsItsDigest(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "remember a fact"}, nil); isErr || !strings.Contains(text, "demo.remember") {
		t.Fatalf("search: %q", text)
	}
	if text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "b"}, nil); isErr {
		t.Fatalf("allowed call: %q", text)
	}
	h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
	if text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "c", "fact": "d"}, nil); !isErr {
		t.Fatalf("after the revocation: %q, want a refusal", text)
	}
	h.app.gw.evidence.flush()
	remember, err := h.store.ToolByID(ctx, "demo.remember")
	if err != nil {
		t.Fatal(err)
	}
	runs, err := h.store.RecentRuns(ctx, 5)
	if err != nil || len(runs) == 0 {
		t.Fatalf("runs %+v %v", runs, err)
	}
	got := callDigests(t, h, runs[0].Run)
	denied := 0
	for row, digest := range got {
		if strings.HasPrefix(row, "demo.remember ") && digest != remember.Digest {
			t.Errorf("gateway call %s shows digest %q, want %s", row, digest, remember.Digest)
		}
		if strings.Contains(row, deferred.CallDenied) {
			denied++
		}
	}
	if denied == 0 {
		t.Fatalf("no denied call listed: %v", got)
	}

	key := h.runtimeKey()
	for _, body := range []map[string]any{
		{"agent": "analyst", "subject": contractor("u1"), "tool": "workspace_write", "pins": []string{"workspace_write"}, "receipts": []any{}},
		{"agent": "analyst", "subject": contractor("u1"), "tool": "exec", "receipts": []any{}},
	} {
		if res, out := h.api(http.MethodPost, "/api/v1/runs/d1/calls", key, body); res.StatusCode != http.StatusOK {
			t.Fatalf("call: %d %s", res.StatusCode, out)
		}
	}
	h.app.evidence.flush()
	ww, err := h.store.ToolByID(ctx, "workspace_write")
	if err != nil {
		t.Fatal(err)
	}
	got = callDigests(t, h, "d1")
	if d := got["workspace_write "+deferred.CallDenied]; d != ww.Digest {
		t.Errorf("the API's call refused for approval shows digest %q, want %s (rows %v)", d, ww.Digest, got)
	}
	if d := got["exec "+deferred.CallUnknown]; d != "" {
		t.Errorf("a call of a tool never shown shows digest %q (rows %v)", d, got)
	}
}
