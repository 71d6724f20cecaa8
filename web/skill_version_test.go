package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestRollbackIsNotBlind: an older version opens from the skill page with
// its diff against production, and the rollback form sits under that
// diff; a viewer sees the diff without the form.
func TestRollbackIsNotBlind(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, d := admin.get("/skills/quarterly-report")
	href, _ := d.Find(`[data-testid="open-version-1"]`).Attr("href")
	if href != "/skills/quarterly-report/versions/1" {
		t.Fatalf("version 1 link %q", href)
	}
	if d.Find(`form[action$="/rollback"]`).Length() != 0 {
		t.Error("the skill page still rolls back without showing the change")
	}
	res, d := admin.get(href)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("version page: %d", res.StatusCode)
	}
	if got := d.Find(`[data-testid="version-diff-title"]`).Text(); !strings.Contains(got, "Making v1 production would change production v2") {
		t.Errorf("title %q", got)
	}
	diff := d.Find(`[data-testid="version-diff"]`)
	if del := diff.Find(".diff-del"); del.Length() != 2 || !strings.Contains(del.Text(), "5. Flag any region") {
		t.Errorf("v2 → v1 removes %d lines: %q", del.Length(), del.Text())
	}
	if d.Find(`[data-testid="rollback-form"] [data-testid="rollback-1"]`).Length() != 1 {
		t.Fatal("no rollback form under the diff")
	}
	res, _ = admin.post("/skills/quarterly-report/rollback", url.Values{"version": {"1"}, "expected": {"2"}, "reason": {"margin alerts too noisy"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("rollback: %d", res.StatusCode)
	}
	h.addUser("vic", "viewer")
	_, d = h.login("vic", "vic-password").get("/skills/quarterly-report/versions/2")
	if d.Find(`[data-testid="version-diff"]`).Length() != 1 || d.Find(`[data-testid="rollback-form"]`).Length() != 0 {
		t.Error("a viewer: want the diff and no rollback form")
	}
	if res, _ := admin.get("/skills/quarterly-report/versions/9"); res.StatusCode != http.StatusNotFound {
		t.Errorf("missing version: %d", res.StatusCode)
	}
}
