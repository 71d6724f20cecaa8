package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusalsCountAsTold: a search refused by the search budget
// left no evidence row and no metric; a call of a tool the subject's
// grants do not reach was counted permission_denied while the client
// was told another type; and a server's error result counted as an ok
// upstream outcome. Now each is in the run's evidence and the metrics
// as the client was told.
func TestGatewayRefusalsCountAsTold(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	ctx := context.Background()
	p, err := h.store.ProfileBySlug(ctx, "gw")
	if err != nil {
		t.Fatal(err)
	}
	v, err := h.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
	if err != nil {
		t.Fatal(err)
	}
	ct := v.Content()
	ct.SearchBudget, ct.Message = 1, "one search"
	if _, err := h.store.SaveProfileVersion(ctx, "admin", "gw", p.CurrentVersion, ct, h.knownToolIDs(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		t.Fatal(text)
	}
	was := checkDecisions(t, h)
	if text, _ := call(t, cs, "search_tools", map[string]any{"query": "echo"}, nil); errType(text) != typeBudgetExhausted {
		t.Fatalf("a search past the budget: %s", text)
	}
	h.app.gw.evidence.flush()
	runs, err := h.store.RecentRuns(ctx, 1)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %+v %v", runs, err)
	}
	evs, err := h.store.RunEvents(ctx, runs[0].Run, 100)
	if err != nil {
		t.Fatal(err)
	}
	var verdicts []string
	for _, e := range evs {
		if e.Kind == models.RunSearch {
			verdicts = append(verdicts, e.Verdict)
		}
	}
	if len(verdicts) != 2 || !strings.Contains(strings.Join(verdicts, ","), typeBudgetExhausted) {
		t.Errorf("search rows of the run: %v, want the refused search among them", verdicts)
	}
	if now := checkDecisions(t, h); now[typeBudgetExhausted]-was[typeBudgetExhausted] != 1 {
		t.Errorf("the refused search counted: before %v after %v", was, now)
	}

	// the grant taken away: the client is told capability_revoked, and the
	// metric counts that
	fams := func() map[string]float64 {
		out := map[string]float64{}
		all := scrape(t, h.srv.URL+"/metrics", h.runtimeKey())
		for _, d := range []string{authority.TypePermissionDenied, authority.TypeRevoked, authority.TypeUnavailable} {
			out[d] = max(sample(all, "console_check_decisions_total", map[string]string{"decision": d}), 0)
		}
		out["upstream_error"] = max(sample(all, "console_gateway_upstream_duration_seconds", map[string]string{"outcome": "error"}), 0)
		return out
	}
	before := fams()
	failed := "Error: fetch failed"
	up.ErrorResult.Store(&failed)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); !isErr {
		t.Fatalf("an error result: %s", text)
	}
	up.ErrorResult.Store(nil)
	if now := fams(); now["upstream_error"]-before["upstream_error"] != 1 {
		t.Errorf("a server's error result is not an error outcome: before %v after %v", before, now)
	}
	for _, e := range authority.EffectsClasses() {
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: e})
	}
	text, _ := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil)
	told := errType(text)
	after := fams()
	if told == "" || after[told]-before[told] != 1 || (told != authority.TypePermissionDenied && after[authority.TypePermissionDenied] != before[authority.TypePermissionDenied]) {
		t.Errorf("told %s; counted before %v after %v", told, before, after)
	}
}
