package replicas

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
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
	newBin := filepath.Join(t.TempDir(), "console")
	// built as the other replica tests build it: one compile serves all
	if out, err := exec.Command("go", "build", "-o", newBin, "..").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
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

// binary is one running console process.
type binary struct {
	name, base string
	stop       func()
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

// buildRelease builds the console as it was at commit, from the
// repository's history.
func buildRelease(t *testing.T, commit string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		needHistory(t, "git is not installed")
	}
	if out, err := exec.Command("git", "cat-file", "-e", commit+"^{commit}").CombinedOutput(); err != nil {
		needHistory(t, fmt.Sprintf("commit %s is not in this clone (%v %s); a shallow clone needs git fetch --unshallow", commit, err, out))
	}
	src := releaseSource(t, commit)
	bin := filepath.Join(t.TempDir(), "console-"+commit[:12])
	start := time.Now()
	build := exec.Command("go", "build", "-buildvcs=false", "-o", bin, "./cmd/console")
	build.Dir = src
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build the previous release (%s): %v\n%s", commit, err, out)
	}
	t.Logf("built the previous release (%s) in %s", commit[:12], time.Since(start).Round(time.Millisecond))
	return bin
}

// releaseSource is the source tree at commit, extracted with git archive
// (no worktree is registered) once into a directory named by the commit
// that later runs reuse: the Go build cache keys a package by its
// directory, so a second run finds the release's packages compiled and
// only links. Concurrent runs each extract and the first rename wins.
func releaseSource(t *testing.T, commit string) string {
	t.Helper()
	dir := filepath.Join(os.TempDir(), "console-release-"+commit)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return dir
	}
	tmp, err := os.MkdirTemp(os.TempDir(), "console-release-*")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	tar := filepath.Join(tmp, "release.tar")
	// from the top of the work tree: in a subdirectory git archives only it
	archive := exec.Command("git", "archive", "--format=tar", "-o", tar, commit)
	archive.Dir = "../../.."
	if out, err := archive.CombinedOutput(); err != nil {
		t.Fatalf("git archive %s: %v %s", commit, err, out)
	}
	src := filepath.Join(tmp, "src")
	if err := os.Mkdir(src, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("tar", "-xf", tar, "-C", src).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v %s", err, out)
	}
	if err := os.Rename(src, dir); err != nil {
		if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr != nil {
			t.Fatalf("keep the release's source: %v", err)
		}
	}
	return dir
}

// needHistory fails in CI, where the clone has the history, and skips
// elsewhere.
func needHistory(t *testing.T, why string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("the previous release cannot be built: %s", why)
	}
	t.Skipf("the previous release cannot be built: %s", why)
}

// emptySchema creates a Postgres schema of the test's own and returns a
// URL that uses it and a store on it.
func emptySchema(t *testing.T, pg string) (string, *models.Store) {
	t.Helper()
	ctx := context.Background()
	schema := "upgrade_" + strings.ToLower(strings.NewReplacer("-", "_").Replace(models.RandomToken(6)))
	adm, err := models.Open(ctx, pg)
	if err != nil {
		t.Fatal(err)
	}
	if err := adm.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = adm.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		adm.Close()
	})
	u, _ := url.Parse(pg)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	s, err := models.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return u.String(), s
}

// appliedMigrations lists schema_migrations, in order.
func appliedMigrations(t *testing.T, s *models.Store) []int {
	t.Helper()
	var got []int
	if err := s.RawScan(context.Background(), &got, "SELECT version FROM schema_migrations ORDER BY version"); err != nil {
		t.Fatal(err)
	}
	return got
}

func sorted(v []int) []int {
	c := slices.Clone(v)
	slices.Sort(c)
	return c
}

// startBinary runs `serve` from bin on a port the kernel picks and waits
// until it is ready; it stops when the test ends, or at stop.
func startBinary(t *testing.T, bin string, env []string, name string) *binary {
	t.Helper()
	log, _ := os.Create(filepath.Join(t.TempDir(), name+".log"))
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--api-rate", "100000")
	cmd.Env, cmd.Stderr = env, log
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
		}
		log.Close()
	}
	t.Cleanup(stop)
	addr := make(chan string, 1)
	go watchServeOutput(stdout, log, addr)
	b := &binary{name: name, stop: stop}
	select {
	case a := <-addr:
		b.base = "http://" + a
	case <-time.After(60 * time.Second):
		out, _ := os.ReadFile(log.Name())
		t.Fatalf("%s printed no address:\n%s", name, out)
	}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(b.base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return b
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, _ := os.ReadFile(log.Name())
	t.Fatalf("%s never became ready:\n%s", name, out)
	return nil
}

func run(bin string, env []string, args ...string) (string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}
