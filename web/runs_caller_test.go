package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRunsNameAGatewayRunsKeyAndSubject: neither the runs list nor a
// run's page said which runtime key made a gateway run, nor for which
// subject. Both now name the key (its name, never its secret) and the
// subject as the console keeps it (a digest: an id is never stored), or
// none (the group everyone) — also once the session itself has expired.
func TestRunsNameAGatewayRunsKeyAndSubject(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	withSubject, _ := f.connect(t, map[string]string{"X-Subject-Id": "u-4711", "X-Subject-Groups": "everyone"})
	call(t, withSubject, "demo.echo", map[string]any{"text": "hi"}, nil)
	without, _ := f.connect(t, nil)
	call(t, without, "demo.echo", map[string]any{"text": "hi"}, nil)
	h.app.gw.evidence.close()
	ctx := context.Background()
	var keyName string
	if err := h.store.RawScan(ctx, &keyName, "SELECT name FROM api_keys WHERE prefix = ?", f.key[:12]); err != nil || keyName == "" {
		t.Fatalf("the fixture's key: %q %v", keyName, err)
	}
	runOf := func(cs interface{ ID() string }) string {
		g, err := h.store.GatewaySessionByToken(ctx, cs.ID())
		if err != nil {
			t.Fatal(err)
		}
		return g.Run
	}
	subjectRun, plainRun := runOf(withSubject), runOf(without)
	// the sessions end: the runs keep who made them
	withSubject.Close()
	without.Close()
	if _, err := h.store.DeleteExpiredGatewaySessions(ctx, time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	admin := h.login("admin", adminPassword)
	_, doc := admin.get("/runs")
	for _, c := range []struct{ run, subject string }{{subjectRun, "digest"}, {plainRun, "no subject"}} {
		row := doc.Find(`a[href="/runs/` + c.run + `"]`).Closest("tr")
		text := strings.Join(strings.Fields(row.Find(`[data-testid="run-caller"]`).Text()), " ")
		if !strings.Contains(text, keyName) || !strings.Contains(text, c.subject) {
			t.Errorf("the runs list's row of %s says %q, want the key %q and %q", c.run, text, keyName, c.subject)
		}
		res, page := admin.get("/runs/" + c.run)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("run page: %d", res.StatusCode)
		}
		text = strings.Join(strings.Fields(page.Find(`[data-testid="run-caller"]`).Text()), " ")
		if !strings.Contains(text, keyName) || !strings.Contains(text, c.subject) {
			t.Errorf("the run page of %s says %q, want the key %q and %q", c.run, text, keyName, c.subject)
		}
		if strings.Contains(page.Text(), "u-4711") || strings.Contains(page.Text(), f.key) {
			t.Errorf("the run page of %s shows the subject's id or the key's secret", c.run)
		}
	}
}
