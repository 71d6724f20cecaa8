package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// TestToolHintsPage: an editor proposes search hints on a tool's page, the
// editor cannot decide them, a reviewer who did not propose them
// approves; the page shows the new hints, the digest changes and search
// finds the tool by a new hint, while compositions never show it.
func TestToolHintsPage(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	h.addUser("eddie", models.RoleEditor)
	h.addUser("rita", models.RoleReviewer)
	h.addUser("vic", models.RoleViewer)
	eddie, rita, vic := h.login("eddie", "eddie-password"), h.login("rita", "rita-password"), h.login("vic", "vic-password")

	_, doc := eddie.get("/catalog/tools/web_fetch")
	form := doc.Find(`[data-testid="propose-hints"]`)
	digest, _ := form.Find(`input[name="digest"]`).Attr("value")
	current := form.Find(`textarea[name="hints"]`).Text()
	if digest == "" || !strings.Contains(current, "download page") {
		t.Fatalf("propose form: digest %q, hints %q", digest, current)
	}
	if _, doc := vic.get("/catalog/tools/web_fetch"); doc.Find(`[data-testid="propose-hints"]`).Length() != 0 || doc.Find(`[data-testid="tool-hints"]`).Length() != 1 {
		t.Error("a viewer sees the propose form, or no hints section")
	}
	newHints := current + "\nqzfetchalias\n"
	// refusals: a viewer (403), a stale digest (409), an oversized hint (422)
	if res, _ := vic.post("/catalog/tools/web_fetch/hints", url.Values{"digest": {digest}, "hints": {newHints}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("viewer proposes: %d", res.StatusCode)
	}
	if res, _ := eddie.post("/catalog/tools/web_fetch/hints", url.Values{"digest": {"stale"}, "hints": {newHints}}); res.StatusCode != http.StatusConflict {
		t.Errorf("stale digest: %d", res.StatusCode)
	}
	if res, _ := eddie.post("/catalog/tools/web_fetch/hints", url.Values{"digest": {digest}, "hints": {strings.Repeat("x", 300)}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("oversized hint: %d", res.StatusCode)
	}
	if ps, _ := h.store.HintProposals(ctx, "web_fetch"); len(ps) != 0 {
		t.Fatalf("refusals stored proposals: %+v", ps)
	}
	if res, _ := eddie.post("/catalog/tools/web_fetch/hints", url.Values{"digest": {digest}, "hints": {newHints}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("propose: %d", res.StatusCode)
	}
	ps, _ := h.store.HintProposals(ctx, "web_fetch")
	if len(ps) != 1 {
		t.Fatalf("proposals %+v", ps)
	}
	pid := ps[0].ID
	decide := fmt.Sprintf("/catalog/hints/%d/decide", pid)
	if res, _ := eddie.post(decide, url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusForbidden {
		t.Errorf("an editor approves: %d", res.StatusCode)
	}
	if _, doc := rita.get("/reviews"); !strings.Contains(doc.Find(`[data-testid="queue-hints"]`).Text(), "web_fetch by eddie") {
		t.Errorf("the review queue does not list the proposal: %q", doc.Find(`[data-testid="queue-hints"]`).Text())
	}
	_, doc = rita.get("/catalog/tools/web_fetch")
	row := doc.Find(fmt.Sprintf(`[data-testid="hint-proposal-%d"]`, pid))
	if !strings.Contains(row.Text(), "adds “qzfetchalias”") || row.Find(fmt.Sprintf(`[data-testid="approve-hints-%d"]`, pid)).Length() != 1 {
		t.Fatalf("reviewer's row: %q", row.Text())
	}
	if res, _ := rita.post(decide, url.Values{"decision": {"maybe"}}); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("bad decision: %d", res.StatusCode)
	}
	if res, _ := rita.post(decide, url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("approve: %d", res.StatusCode)
	}
	if res, _ := rita.post(decide, url.Values{"decision": {"approve"}}); res.StatusCode != http.StatusConflict {
		t.Errorf("approving twice: %d", res.StatusCode)
	}
	_, doc = rita.get("/catalog/tools/web_fetch")
	if !strings.Contains(doc.Find(`[data-testid="hints-current"]`).Text(), "qzfetchalias") {
		t.Error("the page does not show the approved hint")
	}
	if d := strings.TrimSpace(doc.Find(`[data-testid="digest"]`).Text()); d == digest || d == "" {
		t.Errorf("digest %q unchanged", d)
	}
	// search finds the tool by its new hint; no composition shows it
	_, doc = rita.get("/forge/search?state=" + url.QueryEscape("agent=researcher&deferred=1") + "&q=qzfetchalias")
	if !strings.Contains(doc.Text(), "web_fetch") {
		t.Errorf("the forge's search does not find the tool by its new hint: %q", doc.Text())
	}
	snap, err := runtime.LoadSnapshot(ctx, h.store)
	if err != nil {
		t.Fatal(err)
	}
	on := true
	res, err := Compose(ctx, h.store, snap, sharedMeter, ComposeRequest{Agent: "researcher", Deferred: &on})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Text, "qzfetchalias") || !slices.Contains(res.Roster, "web_fetch") {
		t.Error("a composition shows the hint, or lacks the tool")
	}
}
