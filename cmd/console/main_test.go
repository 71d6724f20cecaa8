package main

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// runCLI runs a command line against a SQLite file and returns stdout.
func runCLI(t *testing.T, db string, args ...string) (string, error) {
	t.Helper()
	t.Setenv("DATABASE_URL", db)
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	if _, set := os.LookupEnv("CONSOLE_ACTOR"); !set {
		// the seeded admin, unless the test decides (TestCLIWritesNeedAnActor unsets it)
		t.Setenv("CONSOLE_ACTOR", "admin")
	}
	out, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	rerr := run(context.Background(), args, out, out)
	b, _ := os.ReadFile(out.Name())
	return string(b), rerr
}

// mustMigrate creates and migrates the database at db, as console serve
// or console migrate would before the read commands a test runs (they
// create none); the first of them bootstraps it.
func mustMigrate(t *testing.T, db string) {
	t.Helper()
	if out, err := runCLI(t, db, "migrate"); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out)
	}
}

// TestComposeJSONIsTheAPIsJSON: the CLI prints exactly what the shared
// Compose function returns (which the API serves).
func TestComposeJSONIsTheAPIsJSON(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // read commands create no database
	out, err := runCLI(t, db, "compose", "--agent", "researcher", "--tier", "full", "--encoding", "cl100k_base", "--json")
	if err != nil {
		t.Fatal(err)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	snap, err := runtime.LoadSnapshot(context.Background(), store)
	if err != nil {
		t.Fatal(err)
	}
	want, err := runtime.Compose(context.Background(), store, snap, meter.New(1000), runtime.Request{Agent: "researcher", Tier: "full", Encoding: "cl100k_base"})
	if err != nil {
		t.Fatal(err)
	}
	var got runtime.Result
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Text != want.Text || got.Digest != want.Digest || got.Totals != want.Totals || len(got.Levers) != len(want.Levers) || got.ProfileVersion != want.ProfileVersion {
		t.Fatalf("CLI and API disagree: %s vs %s", got.Digest, want.Digest)
	}
	if got.Channels != 3 || strings.Contains(got.Text, "code channel") {
		t.Error("researcher lacks exec, but the text teaches it")
	}
}

func TestComposeWithAndWithoutExec(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // read commands create no database
	with, err := runCLI(t, db, "compose", "--tools", "exec,read_file,workspace_write", "--services", "github", "--tier", "standard", "--catalog", "compact")
	if err != nil {
		t.Fatal(err)
	}
	without, err := runCLI(t, db, "compose", "--tools", "read_file,workspace_write", "--services", "github", "--tier", "standard", "--catalog", "compact")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(with, "4 channel types") || !strings.Contains(without, "3 channel types") {
		t.Error("channel counts")
	}
	for _, w := range []string{"exec", "code channel", "<code>", "Python"} {
		if strings.Contains(without, w) {
			t.Errorf("exec-less text contains %q", w)
		}
	}
}

func TestCLIErrorsNameTheFlag(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // read commands create no database
	for args, want := range map[string]string{
		"compose --tools nope":           "--tools",
		"compose --tier huge":            "--tier",
		"compose --catalog tiny":         "--catalog",
		"compose --agent ghost":          "--agent",
		"compose --encoding gpt2 --json": "--encoding",
		// pins outside the roster are refused, naming the pin
		"compose --agent researcher --deferred --pins exec":           "--pins: pin \"exec\"",
		"compose --tools read_file,web_search --deferred --pins nope": "--pins: pin \"nope\"",
	} {
		_, err := runCLI(t, db, strings.Fields(args)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", args, err)
		}
	}
}

func TestCatalogValidateAndImport(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	fixture := "../../catalog/testdata/github-mcp-server.tools.json"
	out, err := runCLI(t, db, "catalog", "validate", fixture, "--format", "mcp", "--namespace", "github")
	if err != nil || !strings.Contains(out, "117 valid") {
		t.Fatalf("validate: %v %s", err, out)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`[{"id":"Bad","title":"","purpose":"","class":"x","effects":"y","version":""}]`), 0o644)
	out, err = runCLI(t, db, "catalog", "import", bad)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 || strings.Count(out, "\n") < 5 {
		t.Fatalf("bad import: %v\n%s", err, out)
	}
	out, err = runCLI(t, db, "catalog", "import", fixture, "--format", "mcp", "--namespace", "github")
	if err != nil || !strings.Contains(out, "117 added") {
		t.Fatalf("import: %v %s", err, out)
	}
	out, err = runCLI(t, db, "audit", "verify")
	if err != nil || !strings.Contains(out, "intact") {
		t.Fatalf("audit verify: %v %s", err, out)
	}
}

func TestUserAddAndAPIKey(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("reviewer-password\n"), 0o600)
	out, err := runCLI(t, db, "user", "add", "rita", "--roles", "reviewer,editor", "--password-file", pw)
	if err != nil || !strings.Contains(out, "editor,reviewer") {
		t.Fatalf("user add: %v %s", err, out)
	}
	if _, err := runCLI(t, db, "user", "add", "x", "--roles", "wizard", "--password-file", pw); err == nil {
		t.Error("unknown role accepted")
	}
	out, err = runCLI(t, db, "apikey", "create", "ci")
	if err != nil || !strings.Contains(out, models.APIKeyPrefix) {
		t.Fatalf("apikey: %v %s", err, out)
	}
	out, err = runCLI(t, db, "migrate")
	if err != nil || !strings.Contains(out, "schema version") {
		t.Fatalf("migrate: %v %s", err, out)
	}
}

// TestServeShutsDownGracefully: serve answers, and a cancelled context
// (SIGINT/SIGTERM) stops it cleanly.
// TestServeRefusesABadRetention: serve refuses a CONSOLE_RUN_RETENTION it
// cannot read, or under a day, naming the variable, before it starts.
func TestServeRefusesABadRetention(t *testing.T) {
	t.Setenv("DATABASE_URL", filepath.Join(t.TempDir(), "r.db"))
	for _, v := range []string{"12h", "a month", "0d"} {
		t.Setenv("CONSOLE_RUN_RETENTION", v)
		err := run(context.Background(), []string{"serve", "--addr", "127.0.0.1:0"}, os.Stdout, os.Stderr)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "CONSOLE_RUN_RETENTION") {
			t.Errorf("%q: %v", v, err)
		}
	}
}

func TestServeShutsDownGracefully(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", filepath.Join(dir, "s.db"))
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _ := os.Create(filepath.Join(dir, "out"))
	defer out.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, out, out) }()
	var base string
	deadline := time.Now().Add(time.Minute) // a first start under -race on a loaded machine
	for base == "" && time.Now().Before(deadline) {
		b, _ := os.ReadFile(out.Name())
		if i := strings.Index(string(b), "Sign in at "); i >= 0 {
			base = strings.TrimSuffix(strings.Fields(string(b)[i+len("Sign in at "):])[0], "/login")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if base == "" {
		cancel()
		t.Fatal("serve did not start")
	}
	res, err := http.Get(base + "/healthz")
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v", err)
	}
	res.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serve returned %v", err)
		}
	case <-time.After(25 * time.Second):
		t.Fatal("serve did not shut down")
	}
}

// TestComposeJSONSaysWhatWasDropped: `compose --json` names each tool that
// did not make the roster with the set that removed it.
func TestComposeJSONSaysWhatWasDropped(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // read commands create no database
	out, err := runCLI(t, db, "compose", "--agent", "researcher", "--tools", "web_search,exec", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Dropped []struct{ ID, Set, Reason string } `json:"dropped"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range got.Dropped {
		if d.ID == "exec" && d.Set == "delegated" && d.Reason == "not declared by the agent" {
			found = true
		}
	}
	if !found {
		t.Errorf("exec not reported as undeclared: %+v", got.Dropped)
	}
}
