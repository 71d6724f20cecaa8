package main

import (
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestReadmeGrantExamples runs every `console grant` and `console compose
// --subject-groups` example of the README, in order, on one database,
// and checks what each did.
func TestReadmeGrantExamples(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	mustMigrate(t, db) // read commands create no database
	var ran int
	for _, c := range append(readmeCommands(t, "console grant "), readmeCommands(t, "console compose --agent analyst --subject-groups")...) {
		if strings.Contains(c, "GROUP") {
			continue // the synopsis
		}
		if strings.Contains(c, ">/dev/null") {
			continue // a step of a walk-through, run whole by TestReadmeAuthorityExamples
		}
		args := strings.Fields(c)[1:]
		out, err := runCLI(t, db, args...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		ran++
		switch {
		case strings.HasPrefix(c, "console grant add contractors --tools exec"):
			if !strings.Contains(out, "group contractors: version") {
				t.Errorf("%s: %s", c, out)
			}
		case c == "console grant list" && ran > 3: // the synopsis lists it first
			if !strings.Contains(out, "everyone\tv1\teffects destructive") || !strings.Contains(out, "contractors") || !strings.Contains(out, "service github") || strings.Contains(out, "tool exec") {
				t.Errorf("grant list:\n%s", out)
			}
		case strings.HasPrefix(c, "console compose"):
			var res struct {
				Roster  []string
				Dropped []struct{ ID, Set string }
				Text    string
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err)
			}
			// the demo grants contractors workspace_write only with an
			// approval: the text says so, of that tool alone
			if n := strings.Count(res.Text, catalog.ApprovalMark); n != 1 || !strings.Contains(res.Text, "workspace_write") {
				t.Errorf("a contractor's text carries %d approval marks, want 1 (workspace_write)", n)
			}
			for _, id := range res.Roster {
				if id == "exec" {
					t.Error("a contractor's roster has exec")
				}
			}
			ok := false
			for _, d := range res.Dropped {
				ok = ok || (d.ID == "exec" && d.Set == "authorized")
			}
			if !ok {
				t.Errorf("dropped does not name the authorized set for exec: %+v", res.Dropped)
			}
		}
	}
	if ran < 5 {
		t.Fatalf("ran %d README grant examples, want at least 5", ran)
	}
}

func TestGrantCommandErrors(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"grant"}, 2, "usage"},
		{[]string{"grant", "add", "contractors"}, 2, "exactly one of"},
		{[]string{"grant", "add", "contractors", "--tools", "exec", "--effects", "read-only"}, 2, "exactly one of"},
		{[]string{"grant", "add", "contractors", "--tools", "no_such_tool"}, 1, "--tools"},
		{[]string{"grant", "add", "contractors", "--effects", "harmless"}, 1, "--effects"},
		{[]string{"grant", "add", "contractors", "--service", "githb"}, 1, `--service: unknown service "githb"`},
		{[]string{"grant", "add", "Bad Group", "--effects", "read-only"}, 1, "GROUP"},
		{[]string{"grant", "remove", "contractors", "--tools", "exec"}, 1, "no grant"},
		{[]string{"apikey", "create", "k", "--scope", "admin"}, 2, "--scope"},
	} {
		out, err := runCLI(t, db, c.args...)
		var ee *exitError
		if err == nil || !errors.As(err, &ee) || ee.code != c.code || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v: %v (%s), want exit %d with %q", c.args, err, out, c.code, c.msg)
		}
	}
	out, err := runCLI(t, db, "apikey", "create", "rt", "--scope", "runtime")
	if err != nil || !strings.Contains(out, "scope runtime") {
		t.Errorf("runtime key: %v %s", err, out)
	}
}

// TestGrantAddSaysItRequiresApproval: a grant added with
// --requires-approval says so in the command's answer and the version's
// message. Failed before: the answer read "add tool:exec".
func TestGrantAddSaysItRequiresApproval(t *testing.T) {
	db := filepath.Join(t.TempDir(), "g.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	out, err := runCLI(t, db, "grant", "add", "contractors", "--tools", "exec", "--requires-approval", "--as", "admin")
	if err != nil || !strings.Contains(out, "(requires approval)") {
		t.Errorf("grant add --requires-approval: %v %q", err, out)
	}
	first := out
	out, err = runCLI(t, db, "grant", "add", "contractors", "--tools", "workspace_write", "--as", "admin")
	if err != nil || strings.Contains(out, "(requires approval)") {
		t.Errorf("grant add without approval: %v %q (first: %q)", err, out, first)
	}
}
