package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionSettingsCLI: `connection add` and `edit` take a
// connection's own call timeout, longest restart backoff and stderr
// lines; bad values name their flag and write nothing; `default` returns
// one to the console's default; list shows the settings set, the audit
// records them, and the gateway's spec of the connection carries them.
func TestConnectionSettingsCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	defer up.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"connection", "add", "bad", "--url", up.URL, "--timeout", "soon", "--as", "admin"}, `--timeout: "soon" is not a duration`},
		{[]string{"connection", "add", "bad", "--url", up.URL, "--timeout", "2h", "--as", "admin"}, "--timeout: must be a duration from 100ms to 1h"},
		{[]string{"connection", "add", "bad", "--url", up.URL, "--restart-backoff", "-3s", "--as", "admin"}, `--restart-backoff: "-3s" is not a duration`},
		{[]string{"connection", "add", "bad", "--url", up.URL, "--stderr-lines", "20", "--as", "admin"}, "--stderr-lines: is for command servers"},
		{[]string{"connection", "add", "bad", "--command", "node x.js", "--stderr-lines", "500", "--as", "admin"}, "--stderr-lines: must be a whole number from 1 to 50"},
		{[]string{"connection", "add", "bad", "--command", "node x.js", "--stderr-lines", "many", "--as", "admin"}, `--stderr-lines: "many" is not a whole number`},
		{[]string{"connection", "sync", "bad", "--timeout", "5s", "--as", "admin"}, "connection sync takes only NAME and --as"},
	} {
		if out, err := runCLI(t, db, c.args...); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v (%s), want an error containing %q", c.args, err, out, c.want)
		}
	}
	// refused adds wrote nothing (the database itself may not exist yet)
	if out, err := runCLI(t, db, "connection", "list"); out != "no connections\n" && (err == nil || !strings.Contains(err.Error(), "no database at")) {
		t.Fatalf("refused adds wrote something: %v\n%s", err, out)
	}
	if out, err := runCLI(t, db, "connection", "add", "demo", "--url", up.URL, "--timeout", "45s", "--restart-backoff", "2m", "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if out, _ := runCLI(t, db, "connection", "list"); !strings.Contains(out, "\tsettings: timeout 45s, restart backoff 2m0s") {
		t.Errorf("list after the add:\n%s", out)
	}
	if out, err := runCLI(t, db, "connection", "edit", "demo", "--timeout", "90m", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "--timeout: must be a duration") {
		t.Errorf("a bad edit: %v\n%s", err, out)
	}
	out, err := runCLI(t, db, "connection", "edit", "demo", "--timeout", "default", "--restart-backoff", "5s", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection demo changed") {
		t.Fatalf("edit: %v\n%s", err, out)
	}
	if out, _ := runCLI(t, db, "connection", "list"); !strings.Contains(out, "\tsettings: restart backoff 5s") || strings.Contains(out, "timeout") {
		t.Errorf("list after the edit:\n%s", out)
	}
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	c, err := store.ConnectionByName(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if sp, err := runtime.SpecOf(store, c); err != nil || sp.Timeout != 0 || sp.MaxBackoff != 5*time.Second {
		t.Errorf("the gateway's spec: timeout %v, backoff %v (%v)", sp.Timeout, sp.MaxBackoff, err)
	}
	evs, _, err := store.AuditEvents(ctx, models.AuditFilter{Subject: "connection:demo", PerPage: 50})
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	for _, e := range evs {
		log.WriteString(e.Action + " " + e.Detail + "\n")
	}
	for _, w := range []string{"connection.add http; timeout 45s, restart backoff 2m0s", "connection.edit timeout default, restart backoff 5s"} {
		if !strings.Contains(log.String(), w) {
			t.Errorf("the audit lacks %q:\n%s", w, log.String())
		}
	}
}
