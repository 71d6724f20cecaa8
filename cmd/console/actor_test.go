package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestCLIWritesNeedAnActor: every command that changes state refuses to
// run without --as USER or CONSOLE_ACTOR (exit 2, nothing written), an
// unknown user or one without the role is refused, and with --as the
// change is recorded as that user's. Failed first: a CLI import was
// recorded as cli:$USER and nothing asked who made it.
func TestCLIWritesNeedAnActor(t *testing.T) {
	db := filepath.Join(t.TempDir(), "a.db")
	t.Setenv("CONSOLE_ACTOR", "")
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("some-password-1\n"), 0o600)
	if _, err := runCLI(t, db, "migrate"); err != nil {
		t.Fatal(err)
	}
	writes := [][]string{
		{"catalog", "import", "../../catalog/testdata/github-mcp-server.tools.json", "--format", "mcp", "--namespace", "github"},
		{"grant", "add", "contractors", "--tools", "exec"},
		{"grant", "remove", "contractors", "--effects", "read-only"},
		{"apikey", "create", "k"},
		{"user", "add", "vic", "--roles", "viewer", "--password-file", pw},
		{"approval", "approve", "apr_x", "--reason", "ok"},
		{"approval", "deny", "apr_x", "--reason", "no"},
		{"catalog", "hints", "exec", "--set", "run,code"},
		{"connection", "sync", "gh"},
	}
	for _, w := range writes {
		out, err := runCLI(t, db, w...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "--as") {
			t.Errorf("%v without an actor: %v %s", w, err, out)
		}
	}
	store := openTestStore(t, db)
	evs, _, err := store.AuditEvents(context.Background(), models.AuditFilter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		if e.Actor != models.SystemActor {
			t.Errorf("a refused command wrote: %s by %s", e.Action, e.Actor)
		}
	}
	if _, err := runCLI(t, db, "grant", "add", "contractors", "--tools", "exec", "--as", "nobody"); err == nil || !strings.Contains(err.Error(), `no console user "nobody"`) {
		t.Errorf("an unknown --as: %v", err)
	}
	if _, err := runCLI(t, db, "user", "add", "vic", "--roles", "viewer", "--password-file", pw, "--as", "admin"); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, db, "grant", "add", "contractors", "--tools", "exec", "--as", "vic"); err == nil || !strings.Contains(err.Error(), "vic is not admin") {
		t.Errorf("a viewer granting: %v", err)
	}
	t.Setenv("CONSOLE_ACTOR", "admin")
	if out, err := runCLI(t, db, "grant", "add", "contractors", "--tools", "exec"); err != nil {
		t.Fatalf("CONSOLE_ACTOR=admin: %v %s", err, out)
	}
	evs, _, _ = store.AuditEvents(context.Background(), models.AuditFilter{Action: "grants.save"})
	if len(evs) == 0 || evs[0].Actor != "admin" {
		t.Errorf("the grant is not recorded as admin's: %+v", evs)
	}
}

// TestSeparationOfDutiesAcrossCLIAndBrowser: alice imports a tool from
// the command line; alice, signed in to the browser, may not review it;
// rita may. Failed first: the CLI recorded the import as cli:$USER, so
// alice reviewed her own import.
func TestSeparationOfDutiesAcrossCLIAndBrowser(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	base := startServe(t, dir)
	pw := filepath.Join(dir, "pw")
	os.WriteFile(pw, []byte("alice-password-1\n"), 0o600)
	for _, u := range []string{"alice", "rita"} {
		if out, err := runCLI(t, db, "user", "add", u, "--roles", "admin,reviewer", "--password-file", pw, "--as", "admin"); err != nil {
			t.Fatalf("user add %s: %v %s", u, err, out)
		}
	}
	if out, err := runCLI(t, db, "catalog", "import", "../../catalog/testdata/github-mcp-server.tools.json", "--format", "mcp", "--namespace", "github", "--as", "alice"); err != nil {
		t.Fatalf("import as alice: %v %s", err, out)
	}
	store := openTestStore(t, db)
	tl, err := store.ToolByID(context.Background(), "github.get_me")
	if err != nil {
		t.Fatal(err)
	}
	if tl.ImportedBy != "alice" {
		t.Fatalf("imported by %q, want alice", tl.ImportedBy)
	}
	review := func(user string) int {
		jar, _ := cookiejar.New(nil)
		c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		csrf := func(path string) string {
			res, err := c.Get(base + path)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			m := regexp.MustCompile(`name="(?:_csrf|csrf-token)" (?:value|content)="([^"]+)"`).FindStringSubmatch(string(b))
			if m == nil {
				t.Fatalf("no CSRF token on %s", path)
			}
			return m[1]
		}
		res, err := c.PostForm(base+"/login", url.Values{"_csrf": {csrf("/login")}, "username": {user}, "password": {"alice-password-1"}})
		if err != nil || res.StatusCode != http.StatusSeeOther {
			t.Fatalf("sign in %s: %v %v", user, err, res)
		}
		res, err = c.PostForm(base+"/catalog/tools/github.get_me/classify", url.Values{"_csrf": {csrf("/catalog/tools/github.get_me")}, "decision": {"bindable"}, "effects": {"read-only"}, "risk": {"low"}, "digest": {tl.Digest}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if st := review("alice"); st != http.StatusForbidden {
		t.Errorf("alice reviewed her own CLI import in the browser: %d", st)
	}
	if st := review("rita"); st != http.StatusSeeOther {
		t.Errorf("rita's review: %d", st)
	}
}

// openTestStore opens the SQLite file db as the CLI does, closed when
// the test ends.
func openTestStore(t *testing.T, db string) *models.Store {
	t.Helper()
	s, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestApprovalCommands: console approval list shows a pending request;
// its subject may not decide it; another reviewer approves it for one
// call, audited; a decided request is not decided twice.
func TestApprovalCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "ap.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("some-password-1\n"), 0o600)
	for _, u := range []string{"carol", "rita"} {
		if out, err := runCLI(t, db, "user", "add", u, "--roles", "reviewer", "--password-file", pw, "--as", "admin"); err != nil {
			t.Fatalf("%v %s", err, out)
		}
	}
	store := openTestStore(t, db)
	tl, _ := store.ToolByID(context.Background(), "workspace_write")
	a, _, err := store.RequestApproval(context.Background(), "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: tl.ID, Digest: tl.Digest, Summary: "Write the minutes", Origin: models.OriginRuntime})
	if err != nil {
		t.Fatal(err)
	}
	out, err := runCLI(t, db, "approval", "list")
	if err != nil || !strings.Contains(out, a.Ref) || !strings.Contains(out, "pending") || !strings.Contains(out, "Write the minutes") {
		t.Fatalf("approval list: %v\n%s", err, out)
	}
	if _, err := runCLI(t, db, "approval", "approve", a.Ref, "--as", "rita"); err == nil || !strings.Contains(err.Error(), "--reason") {
		t.Errorf("approve without a reason: %v", err)
	}
	if _, err := runCLI(t, db, "approval", "approve", a.Ref, "--reason", "mine", "--as", "carol"); err == nil || !strings.Contains(err.Error(), "another reviewer") {
		t.Errorf("carol approving her own request: %v", err)
	}
	if out, err := runCLI(t, db, "approval", "approve", a.Ref, "--reason", "minutes are fine", "--as", "rita"); err != nil || !strings.Contains(out, "approved for one call") {
		t.Fatalf("rita approves: %v %s", err, out)
	}
	// the list says, as the Approvals page does, whether its one call was made
	if out, err := runCLI(t, db, "approval", "list"); err != nil || !strings.Contains(out, "approved (single-use, not used yet)") {
		t.Errorf("approval list after approving for one call: %v\n%s", err, out)
	}
	// a denial reads "denied: …", with no space before the colon
	b, _, err := store.RequestApproval(context.Background(), "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: tl.ID, Digest: tl.Digest, Summary: "Write other minutes", Origin: models.OriginRuntime})
	if err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "approval", "deny", b.Ref, "--reason", "not now", "--as", "rita"); err != nil || !strings.Contains(out, "denied: ") || strings.Contains(out, "denied :") {
		t.Errorf("rita denies: %v %q", err, out)
	}
	if _, err := runCLI(t, db, "approval", "deny", a.Ref, "--reason", "changed my mind", "--as", "rita"); err == nil || !strings.Contains(err.Error(), "already decided") {
		t.Errorf("deciding twice: %v", err)
	}
	evs, _, _ := store.AuditEvents(context.Background(), models.AuditFilter{Action: "approval.approve"})
	if len(evs) != 1 || evs[0].Actor != "rita" || !strings.Contains(evs[0].Detail, "minutes are fine") {
		t.Errorf("audit: %+v", evs)
	}
	// withdraw: needs an actor and a reason; once withdrawn, nothing more to withdraw
	if _, err := runCLI(t, db, "approval", "withdraw", a.Ref, "--reason", "wrong subject", "--as", ""); err == nil || !strings.Contains(err.Error(), "--as") {
		t.Errorf("withdraw without an actor: %v", err)
	}
	if _, err := runCLI(t, db, "approval", "withdraw", a.Ref, "--as", "rita"); err == nil || !strings.Contains(err.Error(), "--reason") {
		t.Errorf("withdraw without a reason: %v", err)
	}
	if out, err := runCLI(t, db, "approval", "withdraw", a.Ref, "--reason", "wrong subject", "--as", "rita"); err != nil || !strings.Contains(out, "withdrawn") {
		t.Fatalf("rita withdraws: %v %s", err, out)
	}
	if _, err := runCLI(t, db, "approval", "withdraw", a.Ref, "--reason", "again", "--as", "rita"); err == nil || !strings.Contains(err.Error(), "only an approved approval") {
		t.Errorf("withdrawing twice: %v", err)
	}
	if got, err := store.ApprovalByRef(context.Background(), a.Ref); err != nil || got.Status != "withdrawn" || got.WithdrawnBy != "rita" {
		t.Errorf("after withdraw: %+v %v", got, err)
	}
}
