package models

// What a restore over a database keeps withdrawn: a revocation is a
// security decision, and restoring an older copy must not undo it.

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// Audit actions a restore writes into the restored chain.
const (
	// AuditRestoreKept records a withdrawal of the database restored over
	// (a key revoked or suspended, a user disabled, a binding revoked or
	// ended) that the restore kept, though the backup has it active.
	AuditRestoreKept = "restore.kept_revoked"
	// AuditRestoreSessionsEnded records the browser sessions of the
	// backup a restore ended: everyone signs in again.
	AuditRestoreSessionsEnded = "restore.sessions_ended"
)

// restoreActor is the actor of the audit events a restore writes.
const restoreActor = "console restore"

// KeptRevocation is one withdrawal a restore kept.
type KeptRevocation struct {
	// Subject names what was withdrawn: `API key 3 "ci"`, `user ops1`,
	// `binding 7 dev/read_file`.
	Subject string
	// Kept says how it stays withdrawn: revoked, suspended, disabled or
	// ended (a binding a check found stale or revoked).
	Kept string
}

// String is the line a restore prints for it: `API key 3 "ci": kept revoked`.
func (k KeptRevocation) String() string { return k.Subject + ": kept " + k.Kept }

// withdrawals are what a database withdrew, read before a restore
// replaces it. Each is matched in the restored data by its id and its
// secret's hash (a key, a binding) or name (a user): the same credential,
// never another that happens to have its id.
type withdrawals struct {
	Revoked   []withdrawnKey
	Suspended []withdrawnKey
	Disabled  []disabledUser
	Bindings  []endedBinding
	Consumed  consumed
	// Replaced says a database was read: false when the restore replaces
	// none (an empty one), which withdrew nothing and held no session.
	Replaced bool
}

type withdrawnKey struct {
	ID        uint
	Name      string
	Hash      string
	RevokedAt *time.Time
	At        time.Time // a suspension's
	Why       string
}

type disabledUser struct {
	ID       uint
	Username string
}

type endedBinding struct {
	ID            uint
	HandleHash    string
	Agent, Tool   string
	RevokedAt     *time.Time
	RevokedBy     string
	InvalidatedAt *time.Time
	InvalidType   string
	InvalidReason string
}

// readWithdrawals reads what the database withdrew: revoked and suspended
// API keys, disabled users, and bindings not yet expired that were
// revoked or that a check ended.
func (s *Store) readWithdrawals(ctx context.Context) (withdrawals, error) {
	w := withdrawals{Replaced: true}
	db := s.with(ctx)
	if err := db.Raw("SELECT id, name, hash, revoked_at FROM api_keys WHERE revoked_at IS NOT NULL ORDER BY id").Scan(&w.Revoked).Error; err != nil {
		return w, fmt.Errorf("revoked API keys: %w", err)
	}
	if err := db.Raw(`SELECT k.id, k.name, k.hash, s.at, s.why FROM api_key_suspensions s JOIN api_keys k ON k.id = s.key_id
	WHERE k.revoked_at IS NULL ORDER BY k.id`).Scan(&w.Suspended).Error; err != nil {
		return w, fmt.Errorf("suspended API keys: %w", err)
	}
	if err := db.Raw("SELECT id, username FROM users WHERE disabled = ? ORDER BY id", true).Scan(&w.Disabled).Error; err != nil {
		return w, fmt.Errorf("disabled users: %w", err)
	}
	if err := db.Raw(`SELECT id, handle_hash, agent, tool, revoked_at, COALESCE(revoked_by, '') AS revoked_by, invalidated_at,
	COALESCE(invalid_type, '') AS invalid_type, COALESCE(invalid_reason, '') AS invalid_reason FROM bindings
	WHERE (revoked_at IS NOT NULL OR invalidated_at IS NOT NULL) AND expires_at > ? ORDER BY id`, time.Now().UTC()).Scan(&w.Bindings).Error; err != nil {
		return w, fmt.Errorf("ended bindings: %w", err)
	}
	var err error
	w.Consumed, err = s.readConsumed(ctx)
	return w, err
}

// restoreTx is a restore's open transaction over the restored data.
type restoreTx interface {
	// exec runs a statement with ? placeholders; it returns the rows
	// affected
	exec(ctx context.Context, q string, args ...any) (int64, error)
	count(ctx context.Context, q string, args ...any) (int64, error)
	audit(ctx context.Context, e Event) error
	// strings reads one text column
	strings(ctx context.Context, q string, args ...any) ([]string, error)
}

// RestoredAccess is what a restore kept withdrawn and what the restored
// data grants (BackupResult).
type RestoredAccess struct {
	Kept []KeptRevocation
	// ActiveKeys counts the restored API keys not revoked.
	ActiveKeys int
	// SessionsEnded counts the backup's browser sessions ended.
	SessionsEnded int
	// KeptCalls counts the idempotency records of calls made since the
	// backup that the restore kept (keepConsumed).
	KeptCalls int
	// SessionsClosed counts the backup's gateway sessions the replaced
	// database had ended.
	SessionsClosed int
	// LastAdminEnabled is a user the replaced database had disabled who
	// is the restored data's only enabled admin, left enabled so the
	// console can be administered ("" for none).
	LastAdminEnabled string
}

// keepWithdrawals withdraws again in the restored data what w says the
// replaced database had withdrawn and the backup has active, auditing
// each, and ends every browser session of the backup (a session ended
// since it was made, by signing out or a password change, would be live
// again; one token is as good as a password).
func keepWithdrawals(ctx context.Context, tx restoreTx, w withdrawals) (RestoredAccess, error) {
	var out RestoredAccess
	keep := func(q string, args []any, k KeptRevocation, subject, detail string) error {
		n, err := tx.exec(ctx, q, args...)
		if err != nil || n == 0 {
			return err
		}
		out.Kept = append(out.Kept, k)
		return tx.audit(ctx, Event{Actor: restoreActor, Action: AuditRestoreKept, Subject: subject, After: k.Kept, Detail: detail})
	}
	const inBackup = " in the database the restore replaced; active in the backup"
	for _, k := range w.Revoked {
		if err := keep("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND hash = ? AND revoked_at IS NULL", []any{k.RevokedAt, k.ID, k.Hash},
			KeptRevocation{Subject: fmt.Sprintf("API key %d %q", k.ID, k.Name), Kept: "revoked"}, fmt.Sprintf("apikey:%d %s", k.ID, k.Name),
			"revoked at "+stamp(k.RevokedAt)+inBackup); err != nil {
			return out, fmt.Errorf("keep API key %d revoked: %w", k.ID, err)
		}
	}
	for _, k := range w.Suspended {
		if err := keep(`INSERT INTO api_key_suspensions (key_id, at, why) SELECT id, ?, ? FROM api_keys
	WHERE id = ? AND hash = ? AND revoked_at IS NULL AND NOT EXISTS (SELECT 1 FROM api_key_suspensions WHERE key_id = ?)`, []any{k.At, k.Why, k.ID, k.Hash, k.ID},
			KeptRevocation{Subject: fmt.Sprintf("API key %d %q", k.ID, k.Name), Kept: "suspended"}, fmt.Sprintf("apikey:%d %s", k.ID, k.Name),
			"suspended at "+stamp(&k.At)+" ("+k.Why+")"+inBackup); err != nil {
			return out, fmt.Errorf("keep API key %d suspended: %w", k.ID, err)
		}
	}
	for _, u := range w.Disabled {
		if last, err := lastAdmin(ctx, tx, u); err != nil {
			return out, err
		} else if last {
			// as an admin cannot disable the last enabled admin
			out.LastAdminEnabled = u.Username
			continue
		}
		if err := keep("UPDATE users SET disabled = ? WHERE id = ? AND username = ? AND disabled = ?", []any{true, u.ID, u.Username, false},
			KeptRevocation{Subject: "user " + u.Username, Kept: "disabled"}, "user:"+u.Username, "disabled"+inBackup); err != nil {
			return out, fmt.Errorf("keep user %s disabled: %w", u.Username, err)
		}
	}
	for _, b := range w.Bindings {
		if err := keepBinding(ctx, tx, b, &out); err != nil {
			return out, fmt.Errorf("keep binding %d ended: %w", b.ID, err)
		}
	}
	if err := keepConsumed(ctx, tx, w.Consumed, w.Replaced, &out); err != nil {
		return out, err
	}
	n, err := tx.exec(ctx, "DELETE FROM sessions")
	if err != nil {
		return out, fmt.Errorf("end the backup's sessions: %w", err)
	}
	if out.SessionsEnded = int(n); n > 0 {
		if err := tx.audit(ctx, Event{Actor: restoreActor, Action: AuditRestoreSessionsEnded, Subject: "sessions",
			Detail: plural.Count(int(n), "browser session") + " of the backup ended: everyone signs in again"}); err != nil {
			return out, err
		}
	}
	active, err := tx.count(ctx, "SELECT COUNT(*) FROM api_keys WHERE revoked_at IS NULL")
	out.ActiveKeys = int(active)
	return out, err
}

// adminRole matches a users.roles list (comma-separated) that holds admin.
const adminRole = "(',' || roles || ',') LIKE '%," + string(RoleAdmin) + ",%'"

// lastAdmin says whether user u is, in the restored data, the only
// enabled admin.
func lastAdmin(ctx context.Context, tx restoreTx, u disabledUser) (bool, error) {
	self, err := tx.count(ctx, "SELECT COUNT(*) FROM users WHERE id = ? AND username = ? AND disabled = ? AND "+adminRole, u.ID, u.Username, false)
	if err != nil || self == 0 {
		return false, err
	}
	others, err := tx.count(ctx, "SELECT COUNT(*) FROM users WHERE id <> ? AND disabled = ? AND "+adminRole, u.ID, false)
	return others == 0, err
}

// keepBinding keeps binding b revoked, and the end a check recorded on
// it, where the restored binding (the same handle) has neither.
func keepBinding(ctx context.Context, tx restoreTx, b endedBinding, out *RestoredAccess) error {
	var revoked, ended int64
	var err error
	if b.RevokedAt != nil {
		if revoked, err = tx.exec(ctx, "UPDATE bindings SET revoked_at = ?, revoked_by = ? WHERE id = ? AND handle_hash = ? AND revoked_at IS NULL",
			b.RevokedAt, b.RevokedBy, b.ID, b.HandleHash); err != nil {
			return err
		}
	}
	if b.InvalidatedAt != nil {
		if ended, err = tx.exec(ctx, "UPDATE bindings SET invalidated_at = ?, invalid_type = ?, invalid_reason = ? WHERE id = ? AND handle_hash = ? AND invalidated_at IS NULL",
			b.InvalidatedAt, b.InvalidType, b.InvalidReason, b.ID, b.HandleHash); err != nil {
			return err
		}
	}
	if revoked+ended == 0 {
		return nil
	}
	k := KeptRevocation{Subject: fmt.Sprintf("binding %d %s/%s", b.ID, b.Agent, b.Tool), Kept: "revoked"}
	detail := "revoked at " + stamp(b.RevokedAt) + " by " + b.RevokedBy
	if revoked == 0 {
		k.Kept, detail = "ended", "ended at "+stamp(b.InvalidatedAt)+" ("+b.InvalidType+")"
	}
	out.Kept = append(out.Kept, k)
	return tx.audit(ctx, Event{Actor: restoreActor, Action: AuditRestoreKept, Subject: fmt.Sprintf("binding:%d %s/%s", b.ID, b.Agent, b.Tool), After: k.Kept,
		Detail: detail + " in the database the restore replaced; active in the backup"})
}

func stamp(t *time.Time) string {
	if t == nil {
		return "?"
	}
	return t.UTC().Format(time.RFC3339)
}
