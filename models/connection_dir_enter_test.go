package models_test

import (
	"context"
	"errors"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream"
)

// TestConnectionDirTheServerCannotEnter: a working directory the server
// could not enter is refused when the connection is added, naming the
// field and the directory in the way, as root and as another user: as
// root (which enters every directory) the check is made for the user
// the servers run as (nobody, whom a root console runs them as), so a
// directory under a folder only root may enter (mode 0700) is refused
// instead of failing every start with EACCES; as another user, a folder
// it may not enter (mode 0000) refuses it the same way. A directory the
// server may enter is stored.
func TestConnectionDirTheServerCannotEnter(t *testing.T) {
	top := t.TempDir()
	for _, d := range []string{filepath.Dir(top), top} { // the test's own folders: mode 0700
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	locked := filepath.Join(top, "locked")
	open := filepath.Join(top, "open")
	for _, d := range []string{locked, filepath.Join(locked, "work"), open} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("nobody"); err != nil {
			t.Skip("no user nobody to run servers as")
		}
		if err := upstream.RunServersAs("nobody"); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = upstream.RunServersAs("") })
		if err := os.Chmod(locked, 0o700); err != nil {
			t.Fatal(err)
		}
	} else {
		if err := os.Chmod(locked, 0); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(locked, 0o755) })
	}
	ctx := context.Background()
	store := modelstest.Open(t, modelstest.Dialect{Name: models.DialectSQLite})
	cmd := []string{"node", "server.js"}
	_, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "m", Command: cmd, Dir: filepath.Join(locked, "work")})
	var ve *models.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(ve.Fields["dir"], locked) || !strings.Contains(ve.Fields["dir"], "cannot enter") {
		t.Fatalf("a directory under %s (mode 0700, root's; or 0000): %v, want dir: naming %s and that the server cannot enter it", locked, err, locked)
	}
	if os.Geteuid() == 0 && !strings.Contains(ve.Fields["dir"], "nobody") {
		t.Errorf("as root the refusal %q does not name the user the servers run as", ve.Fields["dir"])
	}
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "m", Command: cmd, Dir: open}); err != nil {
		t.Fatalf("a directory the server may enter: %v", err)
	}
}
