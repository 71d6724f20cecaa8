package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// createdLine is every line that says a user was created, whichever path
// created it.
var createdLine = regexp.MustCompile(`(?i)\b(created|added) user\b`)

// TestOneMessageForACreatedUser: the first command on a new database
// creates the admin and says so; console user add says so of the users
// it adds. One message, the same words and case every time: "created
// user NAME with roles ROLES…" (the first read "Created user admin",
// the next ones "added user …").
func TestOneMessageForACreatedUser(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "")
	os.Unsetenv("CONSOLE_ADMIN_PASSWORD")
	t.Setenv("CONSOLE_ACTOR", "admin")
	var said []string
	keep := func(out, errOut string) {
		for _, l := range strings.Split(out+"\n"+errOut, "\n") {
			if createdLine.MatchString(l) {
				said = append(said, l)
			}
		}
	}
	out, errOut, err := runSplit(t, db, "migrate")
	if err != nil {
		t.Fatal(err)
	}
	keep(out, errOut)
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("a-password-of-length\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rita", "bob"} {
		out, errOut, err := runSplit(t, db, "user", "add", name, "--roles", "reviewer", "--password-file", pw)
		if err != nil {
			t.Fatal(err)
		}
		keep(out, errOut)
	}
	want := regexp.MustCompile(`^created user (admin|rita|bob) with roles [a-z,]+`)
	if len(said) != 3 {
		t.Fatalf("lines saying a user was created: %q, want 3 (admin, rita, bob)", said)
	}
	for _, l := range said {
		if !want.MatchString(l) {
			t.Errorf("%q, want the one form %s", l, want)
		}
	}
}
