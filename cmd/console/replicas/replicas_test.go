// Package replicas proves the scale rules: console replicas are stateless.
// Its test builds the console, starts two processes on one Postgres and
// checks that what one does the other sees on its very next request. The
// proof suite (scripts/proof.sh) runs it.
package replicas

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/models"
)

// TestTwoReplicasOnOnePostgres: a session made on one replica works on
// the other; a promotion, a profile save and a tool review on one are seen
// by the other's very next request; the sign-in throttle holds across both;
// the API rate limit is per replica, as the README documents. Each check is
// one entry of checks: add a check by adding an entry.
func TestTwoReplicasOnOnePostgres(t *testing.T) {
	c := startCluster(t)
	admin := c.browser()
	admin.signIn(c.base[0], "admin", adminPassword)
	checks := []struct {
		name string
		run  func(t *testing.T, c *cluster, admin *browser)
	}{
		{"a session made on A works on B", checkSessionShared},
		{"a promotion on A is served by B's next API request", checkPromotion},
		{"a profile save on A is composed by B's next request", checkProfileSave},
		{"a tool review on A is searchable on B's next request", checkToolReview},
		{"the sign-in throttle holds across both", checkThrottle},
		{"the API rate limit is per replica (README: N replicas allow N × rate)", checkRateLimit},
		{"signing out on B ends the session on A", checkSignOut},
		{"a grant removed by the CLI denies both replicas' next check", checkGrantRevocation},
		{"a binding revoked and a tool rejected on A deny B's next check", checkBindingAndToolRevocation},
		{"a binding's first invalidation is recorded once across replicas and never reverses", checkStickyInvalidation},
		{"an API key revoked on A stops working on B within one second", checkKeyRevocation},
	}
	for _, ck := range checks {
		if !t.Run(ck.name, func(t *testing.T) { ck.run(t, c, admin) }) {
			t.Logf("FAILED: %s", ck.name)
		}
	}
}

func checkSessionShared(t *testing.T, c *cluster, admin *browser) {
	res, d := admin.get(c.base[1] + "/")
	if res.StatusCode != http.StatusOK || strings.TrimSpace(d.Find(`[data-testid="whoami"]`).Text()) != "admin" {
		t.Fatalf("B does not know A's session: %d", res.StatusCode)
	}
	// B accepts a form posted with the CSRF token A's page carried
	if res, _ := admin.post(c.base[1], "/apikeys", url.Values{"name": {"made-on-b"}}); res.StatusCode != http.StatusOK {
		t.Fatalf("B refuses A's session for a POST: %d", res.StatusCode)
	}
}

func checkPromotion(t *testing.T, c *cluster, admin *browser) {
	ctx := context.Background()
	before := c.skillVersion(t, 1, "source-check")
	var id uint
	open, _ := c.store.Proposals(ctx, models.ProposalOpen)
	k, _ := c.store.SkillBySlug(ctx, "source-check")
	for _, p := range open {
		if p.SkillID == k.ID {
			id = p.ID
		}
	}
	if id == 0 {
		t.Fatal("no open source-check proposal in the demo data")
	}
	if res, _ := admin.post(c.base[0], fmt.Sprintf("/proposals/%d/promote", id), nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("promote on A: %d", res.StatusCode)
	}
	if after := c.skillVersion(t, 1, "source-check"); after != before+1 {
		t.Fatalf("B serves production v%d after A promoted v%d", after, before+1)
	}
}

func checkProfileSave(t *testing.T, c *cluster, admin *browser) {
	before := c.compose(t, 1, `{"agent":"analyst","profile":"data-analyst"}`)
	form := url.Values{"base": {fmt.Sprint(before.ProfileVersion)}, "tools": {"exec\nload_table\nrender_chart\nworkspace_write"}, "tier": {"standard"}, "catalog_form": {"compact"}, "message": {"saved on A"}}
	if res, _ := admin.post(c.base[0], "/profiles/data-analyst", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("profile save on A: %d", res.StatusCode)
	}
	after := c.compose(t, 1, `{"agent":"analyst","profile":"data-analyst"}`)
	if after.ProfileVersion != before.ProfileVersion+1 || after.Tier != "standard" || after.Digest == before.Digest {
		t.Fatalf("B composes profile v%d (%s) after A saved v%d", after.ProfileVersion, after.Tier, before.ProfileVersion+1)
	}
}

func checkToolReview(t *testing.T, c *cluster, admin *browser) {
	search := func() bool {
		var out struct {
			Tools []struct{ Name string } `json:"tools"`
		}
		c.api(t, 1, http.MethodGet, "/api/v1/tools/search?agent=researcher&q="+url.QueryEscape("read a local file"), "", &out)
		for _, h := range out.Tools {
			if h.Name == "read_file" {
				return true
			}
		}
		return false
	}
	if !search() {
		t.Fatal("B does not find read_file before the change")
	}
	// a changed read_file is imported from the command line (a third
	// process): it goes back to candidate, and B stops offering it
	cs, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	var doc []json.RawMessage
	for _, k := range cs {
		if k.ID == "read_file" {
			k.Purpose += " It also reports the file's encoding."
			doc = append(doc, catalog.CanonicalJSON(k))
		}
	}
	file := filepath.Join(t.TempDir(), "read_file.json")
	b, _ := json.Marshal(doc)
	os.WriteFile(file, b, 0o600)
	// imported by another admin than the reviewer: separation of duties
	// holds across the command line and the browser
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("importer-password-1\n"), 0o600)
	if out, err := c.cli("user", "add", "ivan", "--roles", "admin", "--password-file", pw); err != nil {
		t.Fatalf("user add: %v %s", err, out)
	}
	if out, err := c.cli("catalog", "import", file, "--as", "ivan"); err != nil {
		t.Fatalf("import: %v %s", err, out)
	}
	if search() {
		t.Fatal("B still offers read_file after it went back to candidate")
	}
	_, page := admin.get(c.base[0] + "/catalog/review")
	form := url.Values{"status": {"available"}}
	page.Find(`form[action="/catalog/review"] input`).Each(func(_ int, s *goquery.Selection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		if n != "_csrf" && n != "" && (v == "read_file" || n == "digest.read_file") {
			form.Add(n, v)
		}
	})
	if res, _ := admin.post(c.base[0], "/catalog/review", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("review on A: %d", res.StatusCode)
	}
	if !search() {
		t.Fatal("B does not offer read_file on the request after A's review")
	}
}

func checkThrottle(t *testing.T, c *cluster, admin *browser) {
	if res, _ := admin.post(c.base[0], "/users", url.Values{"username": {"vera"}, "password": {"vera-password"}, "roles": {"viewer"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("create vera: %d", res.StatusCode)
	}
	for i := 0; i < models.MaxFailuresPerAccount; i++ {
		st := c.browser().signInStatus(c.base[i%2], "vera", "wrong password")
		if st != http.StatusUnauthorized {
			t.Fatalf("wrong password %d on %s: %d", i, c.base[i%2], st)
		}
	}
	for r := 0; r < 2; r++ {
		if st := c.browser().signInStatus(c.base[r], "vera", "vera-password"); st != http.StatusTooManyRequests {
			t.Errorf("replica %d lets the throttled account sign in: %d", r, st)
		}
	}
}

func checkRateLimit(t *testing.T, c *cluster, admin *browser) {
	// both replicas run with --api-rate 3 (burst 6): one key's bucket is
	// per process, so A refusing the key does not make B refuse it
	key := c.newKey(t)
	limited := false
	for i := 0; i < 20 && !limited; i++ {
		limited = c.apiStatus(0, key) == http.StatusTooManyRequests
	}
	if !limited {
		t.Fatal("A never rate-limited the key")
	}
	if st := c.apiStatus(1, key); st != http.StatusOK {
		t.Fatalf("B refused the key A limited: %d (the README documents a per-replica limit)", st)
	}
}

func checkSignOut(t *testing.T, c *cluster, admin *browser) {
	if res, _ := admin.post(c.base[1], "/logout", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign out on B: %d", res.StatusCode)
	}
	if res, _ := admin.get(c.base[0] + "/"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("A still serves the ended session: %d", res.StatusCode)
	}
}

// checkKeyRevocation (a revoked key kept working ~2 s
// on other replicas, the window only in a code comment): B has the key in
// its cache; the key is revoked; every request B starts one second after the
// revocation committed is refused (README: within one second).
func checkKeyRevocation(t *testing.T, c *cluster, admin *browser) {
	ctx := context.Background()
	key := c.newKey(t)
	if st := c.apiStatus(1, key); st != http.StatusOK {
		t.Fatalf("B before: %d", st)
	}
	keys, err := c.store.APIKeys(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var id uint
	for _, k := range keys {
		if strings.HasPrefix(key, k.Prefix) && k.RevokedAt == nil {
			id = k.ID
		}
	}
	// the revocation commits as A's handler commits it (models.RevokeAPIKey)
	if err := c.store.RevokeAPIKey(ctx, "admin", id); err != nil {
		t.Fatalf("revoke: %v", err)
	}
	committed := time.Now()
	for time.Since(committed) < time.Second {
		c.apiStatus(1, key) // within the window B may still answer
		time.Sleep(200 * time.Millisecond)
	}
	for i := 0; i < 5; i++ {
		if st := c.apiStatus(1, key); st != http.StatusUnauthorized {
			t.Fatalf("B answers a key revoked %v ago: %d", time.Since(committed).Round(time.Millisecond), st)
		}
	}
}
