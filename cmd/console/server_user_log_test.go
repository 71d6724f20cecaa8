//go:build unix

package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream"
)

// TestServeSaysWhichUserItsServersRunAs: a new user could not tell from
// the log whether a root console ran its stdio servers as nobody: the
// start now says which user they run as, with its uid and the HOME they
// get, and, as the console's own user, whether USER and HOME reach them.
func TestServeSaysWhichUserItsServersRunAs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	t.Cleanup(func() { _ = upstream.RunServersAs("") })
	_ = upstream.RunServersAs("")
	t.Setenv("USER", "")
	os.Unsetenv("USER")
	logServerUser(log)
	if s := buf.String(); !strings.Contains(s, "stdio servers run as the console's own user") || !strings.Contains(s, "USER unset") {
		t.Errorf("as the console's own user, without USER:\n%s", s)
	}
	if os.Geteuid() != 0 {
		return
	}
	buf.Reset()
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", filepath.Join(dir, "console.db"))
	old := databaseURL
	databaseURL = ""
	t.Cleanup(func() { databaseURL = old })
	if err := runServersAs("nobody"); err != nil {
		t.Fatal(err)
	}
	logServerUser(log)
	want := []string{"stdio servers run as user nobody", "USER=nobody", "HOME=" + filepath.Join(dir, "server-home")}
	for _, w := range want {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("as nobody: %q missing:\n%s", w, buf.String())
		}
	}
}
