package models_test

import (
	"context"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// readmeAuditOwnerSQL is the README's setup of the audit table's owner
// role, the statements a superuser runs.
func readmeAuditOwnerSQL(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```sql\n(CREATE ROLE console_audit_owner.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("the README lacks the audit owner role's SQL")
	}
	return string(m[1])
}

// The console's own database role could ALTER TABLE
// audit_events DISABLE TRIGGER and delete rows. With the README's owner
// role set up, the console's role appends and verifies, and cannot
// disable the trigger, update, delete, truncate or drop.
func TestAuditTableBelongsToItsOwnRole(t *testing.T) {
	base := modelstest.RequirePostgres(t)
	ctx := context.Background()
	admin, err := models.Open(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	suffix := strings.ToLower(strings.NewReplacer("-", "_").Replace(models.RandomToken(6)))
	schema, app, owner := "ao_"+suffix, "console_app_"+suffix, "console_audit_owner_"+suffix
	for _, q := range []string{
		"CREATE ROLE " + app + " LOGIN",
		"CREATE SCHEMA " + schema,
		"GRANT USAGE, CREATE ON SCHEMA " + schema + " TO " + app,
	} {
		if err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	t.Cleanup(func() {
		for _, q := range []string{"DROP SCHEMA " + schema + " CASCADE", "DROP OWNED BY " + app + " CASCADE", "DROP ROLE IF EXISTS " + app, "DROP OWNED BY " + owner + " CASCADE", "DROP ROLE IF EXISTS " + owner} {
			_ = admin.Exec(context.Background(), q)
		}
	})
	u, _ := url.Parse(base)
	u.User = url.User(app)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	s, err := models.Open(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatalf("the console's role migrates: %v", err)
	}
	appendEvents(t, s, 3)
	if err := s.Exec(ctx, "ALTER TABLE audit_events DISABLE TRIGGER USER"); err != nil {
		t.Fatalf("before the README's setup the console's role owns the table and can disable its trigger; got %v", err)
	}
	if err := s.Exec(ctx, "ALTER TABLE audit_events ENABLE TRIGGER USER"); err != nil {
		t.Fatal(err)
	}
	setup := strings.NewReplacer("console_audit_owner", owner, "console_app", app).Replace(readmeAuditOwnerSQL(t))
	if err := admin.Exec(ctx, "SET search_path TO "+schema+";\n"+setup); err != nil {
		t.Fatalf("the README's SQL: %v", err)
	}
	for _, q := range []string{
		"ALTER TABLE audit_events DISABLE TRIGGER USER",
		"ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete",
		"DELETE FROM audit_events",
		"UPDATE audit_events SET actor = 'x'",
		"TRUNCATE audit_events",
		"DROP TABLE audit_events",
		"ALTER TABLE audit_events OWNER TO " + app,
	} {
		if err := s.Exec(ctx, q); err == nil {
			t.Errorf("the console's role could: %s", q)
		}
	}
	appendEvents(t, s, 2)
	if res, err := s.VerifyAudit(ctx); err != nil || res.Broken() || res.Events != 5 {
		t.Fatalf("the console's role appends and verifies: %+v %v", res, err)
	}
}
