package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// openStore opens the configured database and brings it up to date: on an
// empty database that means migrations, the built-in catalog, demo data and
// the admin user, as serve does — but the admin gets no generated password
// here, which nobody would see: without CONSOLE_ADMIN_PASSWORD it is
// created without one, the command says so on its notices writer, and the
// first console serve gives it one and prints it. Every command but serve,
// migrate and restore opens its database here, so none of them makes a new
// SQLite file where it happens to run: a missing file is refused, naming
// its path (requireDatabase), and only those three create one.
func openStore(ctx context.Context, m *meter.Meter) (*models.Store, models.BootstrapResult, error) {
	if err := requireDatabase(); err != nil {
		return nil, models.BootstrapResult{}, err
	}
	store, res, err := openStoreFor(ctx, m, (*models.Store).BootstrapForCommand)
	if err == nil && res.AdminPending {
		fmt.Fprintln(notices(ctx), adminPendingNotice)
	}
	return store, res, err
}

// adminPendingNotice is what a command that created the admin without a
// password says (on standard error, so its output stays what it was).
var adminPendingNotice = createdAdmin(" and no password yet: the first `console serve` gives it one and prints it once (or takes CONSOLE_ADMIN_PASSWORD)")

// createdUser is the one line that says the console created a user,
// whichever path did: console user add, or the first start of a database
// (a command's, serve's) creating the admin; how says what it was given.
func createdUser(name, roles, how string) string {
	return fmt.Sprintf("created user %s with roles %s%s", name, roles, how)
}

// createdAdmin is createdUser for the admin a first start creates.
func createdAdmin(how string) string {
	return createdUser("admin", models.JoinRoles(models.AdminRoles()), how)
}

type noticesKey struct{}

// withNotices returns ctx carrying w, where a command's notices (not its
// output) are written: run passes its standard error.
func withNotices(ctx context.Context, w io.Writer) context.Context {
	return context.WithValue(ctx, noticesKey{}, w)
}

// notices is the writer withNotices put in ctx, else os.Stderr.
func notices(ctx context.Context) io.Writer {
	if w, ok := ctx.Value(noticesKey{}).(io.Writer); ok {
		return w
	}
	return os.Stderr
}

// openStoreFor is openStore with the bootstrap to run: serve passes
// BootstrapDeferred, which leaves the admin's hash until it listens.
func openStoreFor(ctx context.Context, m *meter.Meter, bootstrap func(*models.Store, context.Context, string, models.TotalsFunc) (models.BootstrapResult, error)) (*models.Store, models.BootstrapResult, error) {
	store, err := openDBForWrites(ctx)
	if err != nil {
		return nil, models.BootstrapResult{}, err
	}
	res, err := bootstrap(store, ctx, os.Getenv("CONSOLE_ADMIN_PASSWORD"), runtime.SeedTotals(m))
	if err != nil {
		store.Close()
		return nil, res, err
	}
	return store, res, nil
}

// openDB opens the configured database as it is, with the configured
// audit key (CONSOLE_AUDIT_KEY, at least 32 bytes; every replica and every
// CLI run against the database must use the same one) and the configured
// Postgres connection budget (CONSOLE_DB_MAX_CONNS) and how run evidence
// commits (CONSOLE_EVIDENCE_COMMIT). The key is never printed or logged.
func openDB(ctx context.Context) (*models.Store, error) {
	key := os.Getenv("CONSOLE_AUDIT_KEY")
	if key != "" && len(key) < models.SecretBytes {
		return nil, &exitError{2, fmt.Errorf("CONSOLE_AUDIT_KEY: use at least %d bytes (e.g. openssl rand -base64 %d)", models.SecretBytes, models.SecretBytes)}
	}
	ttl, err := models.ParseApprovalRequestTTL(os.Getenv("CONSOLE_APPROVAL_REQUEST_TTL"))
	if err != nil {
		return nil, &exitError{2, err}
	}
	conns, err := models.ParseDBMaxConns(os.Getenv("CONSOLE_DB_MAX_CONNS"))
	if err != nil {
		return nil, &exitError{2, err}
	}
	commit, err := models.ParseEvidenceCommit(os.Getenv("CONSOLE_EVIDENCE_COMMIT"))
	if err != nil {
		return nil, &exitError{2, err}
	}
	store, err := models.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return nil, err
	}
	store.SetEvidenceCommit(commit)
	if err := store.SetDBMaxConns(conns); err != nil {
		store.Close()
		return nil, err
	}
	store.SetApprovalRequestTTL(ttl)
	if key != "" {
		store.SetAuditKey([]byte(key))
	}
	sk, err := loadSealKey(false)
	if err != nil {
		store.Close()
		return nil, err
	}
	if sk != nil {
		store.SetSealKey(sk)
	}
	return store, nil
}

// openDBForWrites is openDB for a command that may write audit events: it
// refuses (exit 2), before writing anything, a CONSOLE_AUDIT_KEY the audit
// chain was not started with, since one event appended under another key
// breaks the chain for good. Audit checks it again before every append.
func openDBForWrites(ctx context.Context) (*models.Store, error) {
	store, err := openDB(ctx)
	if err != nil {
		return nil, err
	}
	if err := store.CheckAuditKey(ctx); err != nil {
		store.Close()
		return nil, &exitError{2, err}
	}
	return store, nil
}
