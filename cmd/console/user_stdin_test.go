package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestUserAddReadsStandardInputWithoutATerminal: as the README says,
// console user add without a terminal (a script, CI) reads the password
// from the first line of standard input; the user signs in with it and
// not with the rest of the input. Empty input is refused, naming
// --password-file, and adds no one.
func TestUserAddReadsStandardInputWithoutATerminal(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	withStdin := func(text string, args ...string) (string, error) {
		t.Helper()
		in := filepath.Join(t.TempDir(), "stdin")
		if err := os.WriteFile(in, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(in)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		was := os.Stdin
		os.Stdin = f
		defer func() { os.Stdin = was }()
		return runCLI(t, db, args...)
	}
	out, err := withStdin("piped-password-1\r\nnot-the-password\n", "user", "add", "pia", "--roles", "editor", "--as", "admin")
	if err != nil || !strings.Contains(out, "created user pia") {
		t.Fatalf("user add from standard input: %v %s", err, out)
	}
	if out, err := withStdin("", "user", "add", "nell", "--roles", "viewer", "--as", "admin"); err == nil || !strings.Contains(err.Error()+out, "--password-file") {
		t.Errorf("empty standard input: %v %s", err, out)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.Authenticate(context.Background(), "pia", "piped-password-1"); err != nil {
		t.Errorf("pia cannot sign in with the first line: %v", err)
	}
	if _, err := store.Authenticate(context.Background(), "pia", "not-the-password"); err == nil {
		t.Error("pia signs in with the second line")
	}
	if _, err := store.UserByName(context.Background(), "nell"); err == nil {
		t.Error("a user was added without a password")
	}
}

// TestReadmeStatesTheAdminsRoles: the quick start names the roles the
// generated admin holds; they are the roles the first start gives it.
func TestReadmeStatesTheAdminsRoles(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(raw)), " ")
	const lead, tail = "that admin holds the ", " roles"
	i := strings.Index(text, lead)
	j := -1
	if i >= 0 {
		j = strings.Index(text[i+len(lead):], tail)
	}
	if j < 0 {
		t.Fatal("the README's quick start does not say which roles the generated admin holds")
	}
	said := strings.NewReplacer(", and ", ",", " and ", ",", ", ", ",").Replace(text[i+len(lead) : i+len(lead)+j])
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	if _, err := runCLI(t, db, "migrate"); err != nil { // the database (read commands create none: #12)
		t.Fatal(err)
	}
	if _, err := runCLI(t, db, "connection", "list"); err != nil { // a first start: migrates and creates the admin
		t.Fatal(err)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	admin, err := store.UserByName(context.Background(), "admin")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(admin.Roles, ",")
	want := strings.Split(said, ",")
	if strings.Join(sortedCopy(got), ",") != strings.Join(sortedCopy(want), ",") {
		t.Errorf("README says the generated admin holds %q, the first start gives %q", said, admin.Roles)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		out[i] = strings.TrimSpace(out[i])
	}
	slices.Sort(out)
	return out
}
