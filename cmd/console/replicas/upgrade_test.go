package replicas

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestPreviousReleaseBesideThisOne is a rolling upgrade on one Postgres
// database: the previous release's binary, built from its commit
// (models.PreviousRelease), starts on an empty database and serves; this
// code's binary starts beside it and migrates; then both answer compose,
// run steps, searches and authorize, a run goes on across the two, the
// runs list of the new one counts what the old one wrote after the
// migration, and the old one restarts on the migrated database and
// serves again (docs/upgrades.md).
func TestPreviousReleaseBesideThisOne(t *testing.T) {
	pg := modelstest.RequirePostgres(t)
	oldBin := buildRelease(t, models.PreviousRelease.Commit)
	newBin := consoleBinary(t) // the build the other replica tests start
	started := time.Now()
	defer func() {
		t.Logf("the two releases served side by side for %s", time.Since(started).Round(time.Millisecond))
	}()
	dsn, store := emptySchema(t, pg)
	env := append(os.Environ(), "DATABASE_URL="+dsn, "CONSOLE_ADMIN_PASSWORD="+adminPassword, "CONSOLE_ACTOR=admin")

	old := startBinary(t, oldBin, env, "old")
	if got := appliedMigrations(t, store); !slices.Equal(got, sorted(models.PreviousRelease.Migrations)) {
		t.Fatalf("the previous release applied %v; models.PreviousRelease says %v", got, sorted(models.PreviousRelease.Migrations))
	}
	out, err := run(oldBin, env, "apikey", "create", "upgrade", "--scope", "runtime")
	if err != nil {
		t.Fatalf("apikey create (previous release): %v %s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	serves(t, old, key, "run-before")

	cur := startBinary(t, newBin, env, "new")
	if got, want := appliedMigrations(t, store), sorted(models.MigrationVersions()); !slices.Equal(got, want) {
		t.Fatalf("after the new release started the database has migrations %v, want this code's %v", got, want)
	}
	for _, r := range []*binary{old, cur} {
		serves(t, r, key, "run-"+r.name)
	}

	// one run, its steps and its search alternating between the two
	api := "/api/v1/runs/run-across/"
	step0 := post(t, old, key, api+"steps", `{"agent":"analyst","receipts":[]}`)
	if active := strings.Join(stringsOf(step0["active"]), ","); strings.Contains(active, "render_chart") {
		t.Fatalf("first step already teaches render_chart: %s", active)
	}
	found := post(t, cur, key, api+"search", `{"agent":"analyst","query":"draw a chart of revenue","step":0}`)
	receipt, _ := json.Marshal([][]any{{found["receipt"]}})
	step1 := post(t, old, key, api+"steps", fmt.Sprintf(`{"agent":"analyst","receipts":%s}`, receipt))
	if !slices.Contains(stringsOf(step1["active"]), "render_chart") {
		t.Fatalf("the previous release does not honour the new one's search receipt: active %v", step1["active"])
	}
	call := post(t, cur, key, api+"calls", fmt.Sprintf(`{"agent":"analyst","tool":"render_chart","receipts":%s}`, receipt))
	if call["status"] != "active" {
		t.Fatalf("the new release does not honour the run the previous one stepped: %v", call)
	}

	// the new release's runs list counts what the previous one wrote
	jar, _ := cookiejar.New(nil)
	admin := &browser{t: t, http: &http.Client{Jar: jar, Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	admin.signIn(cur.base, "admin", adminPassword)
	_, page := admin.get(cur.base + "/runs")
	table := page.Find(`[data-testid="runs-table"]`)
	col := -1 // the Requests column, found by its heading: columns move
	table.Find("thead th").Each(func(i int, th *goquery.Selection) {
		if strings.TrimSpace(th.Text()) == "Requests" {
			col = i
		}
	})
	if col < 0 {
		t.Fatalf("the runs list has no Requests column: %q", table.Find("thead").Text())
	}
	row := table.Find(`a[href="/runs/run-across"]`).Closest("tr")
	if got := strings.TrimSpace(row.Find("td").Eq(col).Text()); got != "4" {
		t.Fatalf("the new release's runs list counts %q requests of run-across, want 4 (2 from each release)", got)
	}

	// the previous release restarts on the migrated database
	old.stop()
	again := startBinary(t, oldBin, env, "old-restarted")
	serves(t, again, key, "run-restarted")
}

// serves requires compose, a run step, a search and two checks to answer
// on r, each as the runtime API documents.
func serves(t *testing.T, r *binary, key, runID string) {
	t.Helper()
	c := post(t, r, key, "/api/v1/compose", `{"agent":"analyst"}`)
	if d, _ := c["digest"].(string); d == "" || c["text"] == "" {
		t.Fatalf("%s: compose answered %v", r.name, c)
	}
	s := post(t, r, key, "/api/v1/runs/"+runID+"/steps", `{"agent":"analyst","receipts":[]}`)
	if len(stringsOf(s["active"])) == 0 {
		t.Fatalf("%s: a first step teaches nothing: %v", r.name, s)
	}
	if a := post(t, r, key, "/api/v1/authorize", `{"agent":"analyst","tool":"exec"}`); a["decision"] != "allow" {
		t.Fatalf("%s: authorize exec: %v", r.name, a)
	}
	d := post(t, r, key, "/api/v1/authorize", `{"agent":"analyst","tool":"exec","subject":{"id":"u1","groups":["contractors"]}}`)
	if e, _ := d["error"].(map[string]any); d["decision"] != "deny" || e == nil || e["type"] == "" {
		t.Fatalf("%s: a contractor's exec: %v", r.name, d)
	}
}

func post(t *testing.T, r *binary, key, path, body string) map[string]any {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, r.base+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", r.name, path, err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("%s %s: %d %v %v", r.name, path, res.StatusCode, out, err)
	}
	return out
}

func stringsOf(v any) []string {
	var out []string
	l, _ := v.([]any)
	for _, x := range l {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
