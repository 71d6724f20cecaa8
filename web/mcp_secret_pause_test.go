package web

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestWithheldPageTellsOneThingPerResume: a caller that controls a page
// a server reads (a fetched URL, a file another connection wrote) and
// searches a word list for the admin's password by halves learns at most
// one answer withheld for holding it: that answer pauses the connection
// for every caller, every later call is refused the same way, right
// half or wrong, until an admin resumes it (audited), and the search
// does not find the password.
func TestWithheldPageTellsOneThingPerResume(t *testing.T) {
	const admin = "Adm1n-pass-attacker!"
	upstream.SetConsoleSecrets(admin)
	t.Cleanup(func() { upstream.SetConsoleSecrets() })
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	var words []string
	for i := 0; i < 1024; i++ {
		words = append(words, fmt.Sprintf("Cand1date-%04d!", i))
	}
	words[777] = admin
	lo, hi, withheld, paused := 0, len(words), 0, 0
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		page := strings.Join(words[lo:mid], " ")
		up.Say.Store(&page)
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "page"}, nil)
		switch {
		case isErr && errType(text) == typeResultWithheld:
			withheld++
			hi = mid
		case isErr && errType(text) == typeConnectionPaused:
			paused++
			hi = mid
		default:
			lo = mid
		}
	}
	if words[lo] == admin || withheld != 1 || paused == 0 {
		t.Fatalf("search by halves: found %v, %d withheld, %d refused as paused", words[lo] == admin, withheld, paused)
	}
	// a new session is refused too, whatever the page holds
	plain := "nothing here"
	up.Say.Store(&plain)
	cs2, _ := f.connect(t, nil)
	if text, isErr := call(t, cs2, "demo.echo", map[string]any{"text": "x"}, nil); !isErr || errType(text) != typeConnectionPaused {
		t.Errorf("a new session's call of the paused connection: %s", text)
	}
	adm := h.login("admin", adminPassword)
	if _, doc := adm.get("/connections"); doc.Find(`[data-testid="paused-connection-demo"] form`).Length() != 1 {
		t.Fatal("the connections page does not offer to resume the paused connection")
	}
	adm.post("/connections/demo/resume", url.Values{})
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); isErr || text != plain {
		t.Errorf("after the admin resumed it: %s", text)
	}
	evs, _, err := h.store.AuditEvents(context.Background(), models.AuditFilter{Action: models.ActionConnectionResume})
	if err != nil || len(evs) != 1 || evs[0].Actor != "admin" || evs[0].Subject != "connection:demo" {
		t.Errorf("resume audited %v %v", evs, err)
	}
	if _, doc := adm.get("/connections"); doc.Find(`[data-testid="paused-connections"]`).Length() != 0 {
		t.Error("the banner still shows the resumed connection")
	}
	if err := h.store.ResumeConnection(context.Background(), "admin", "demo"); err == nil {
		t.Error("a connection not paused was resumed again")
	}
}
