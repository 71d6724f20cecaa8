package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/agentforge/console/instruction/authority"
)

// GatewaySession is one MCP session of the gateway: one run. Everything
// a request of the session needs is here, so any replica serves it and a
// restart loses nothing. The session id the client holds is stored only
// as its hash.
type GatewaySession struct {
	ID      string `gorm:"primaryKey;size:64"`
	KeyID   uint   `gorm:"not null;index"`
	Agent   string `gorm:"size:64;not null"`
	Profile string `gorm:"size:64"`
	// Subject was the subject as JSON ({"id", "groups"}); migration 241
	// emptied it, and nothing writes it any more: SubjectDigest replaced it.
	Subject string `gorm:"size:4000"`
	// SubjectDigest is the keyed digest of the subject the session was
	// opened for (SessionSubjectDigest: its id and its group set), "" for
	// none: every request of the session must send that subject again,
	// and no dump reveals who it was.
	SubjectDigest string `gorm:"size:80;not null;default:''"`
	// PickTools and PickWithout are the conversation's set, fixed at
	// initialize (the gateway URL's tools= and without=), as JSON arrays;
	// PickTools "" keeps the profile's selection, PickWithout "" drops
	// nothing.
	PickTools   string `gorm:"type:text"`
	PickWithout string `gorm:"type:text"`
	Run         string `gorm:"size:128;not null;uniqueIndex"`
	// Receipts are the run's search receipts grouped by step, as JSON
	// ([[receipt, …], …]): the activation state, checked on every use.
	Receipts string `gorm:"type:text;not null"`
	// Shown is every tool the session was shown (listed, or taught by
	// its initialize instruction), as a sorted JSON array of ids: a tool
	// it was shown that lost its grant since answers capability_revoked,
	// not as a tool it never heard of. Listed is the digest of the last
	// tool list the session was given or told of (gateway.listed), ""
	// before the first: a request that finds the list moved sends
	// notifications/tools/list_changed.
	Shown     string `gorm:"type:text;not null;default:'[]'"`
	Listed    string `gorm:"size:64;not null;default:''"`
	Searches  int    `gorm:"not null;default:0"`
	Calls     int    `gorm:"not null;default:0"`
	Version   int    `gorm:"not null;default:1"`
	Closed    bool   `gorm:"not null;default:false"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

// SessionSubjectDigest is the keyed digest a gateway session keeps of
// its subject: an HMAC under the subject digests' server secret over the
// id and the group set (authority.GroupSetDigest, so the order in which
// a client lists the groups does not matter); "" for no subject.
func (s *Store) SessionSubjectDigest(ctx context.Context, sub *authority.Subject) (string, error) {
	if sub == nil {
		return "", nil
	}
	key, err := s.Secret(ctx, subjectSecretName)
	if err != nil {
		return "", fmt.Errorf("models: session subject digest: %w", err)
	}
	mac := hmac.New(sha256.New, key)
	for _, part := range []string{"gateway-session", sub.ID, authority.GroupSetDigest(authority.GroupsOf(sub))} {
		mac.Write([]byte(strconv.Itoa(len(part)) + ":" + part))
	}
	return hex.EncodeToString(mac.Sum(nil)), nil
}

// unreadableSubject is the digest migration 241 gives a session whose
// stored subject could not be read: no subject's digest equals it, so
// the session is refused.
const unreadableSubject = "unreadable"

// migrateGatewaySessionSubjects (migration 241) replaces each gateway
// session's subject in clear by its keyed digest (SessionSubjectDigest).
func migrateGatewaySessionSubjects(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasColumn(&GatewaySession{}, "SubjectDigest") {
		if err := tx.Migrator().AddColumn(&GatewaySession{}, "SubjectDigest"); err != nil {
			return err
		}
	}
	s, ok := tx.Statement.Context.Value(migratingStore{}).(*Store)
	if !ok {
		return fmt.Errorf("models: migration 241 runs only inside Migrate")
	}
	var rows []struct{ ID, Subject string }
	if err := tx.Raw("SELECT id, subject FROM gateway_sessions WHERE subject <> ''").Scan(&rows).Error; err != nil {
		return fmt.Errorf("models: migration 241: %w", err)
	}
	for _, r := range rows {
		d := unreadableSubject
		var sub authority.Subject
		dec := json.NewDecoder(strings.NewReader(r.Subject))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&sub); err == nil {
			if f, _ := sub.Validate(); f == "" {
				var err error
				if d, err = s.SessionSubjectDigest(tx.Statement.Context, &sub); err != nil {
					return err
				}
			}
		}
		if err := tx.Exec("UPDATE gateway_sessions SET subject_digest = ?, subject = '' WHERE id = ?", d, r.ID).Error; err != nil {
			return fmt.Errorf("models: migration 241: %w", err)
		}
	}
	return nil
}

// SessionHash is how a session id is stored and looked up.
func SessionHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CreateGatewaySession stores a new session under the hash of token.
func (s *Store) CreateGatewaySession(ctx context.Context, token string, g *GatewaySession) error {
	g.ID = SessionHash(token)
	if g.Receipts == "" {
		g.Receipts = "[]"
	}
	if g.Shown == "" {
		g.Shown = "[]"
	}
	g.Version = 1
	if err := s.with(ctx).Create(g).Error; err != nil {
		return fmt.Errorf("models: create gateway session: %w", notFound(err))
	}
	return nil
}

// GatewaySessionByToken reads a session by the id its client holds.
func (s *Store) GatewaySessionByToken(ctx context.Context, token string) (*GatewaySession, error) {
	var g GatewaySession
	if err := s.with(ctx).Where("id = ?", SessionHash(token)).First(&g).Error; err != nil {
		return nil, fmt.Errorf("models: gateway session: %w", notFound(err))
	}
	return &g, nil
}

// GatewaySessionByID reads a session by its stored id (the hash).
func (s *Store) GatewaySessionByID(ctx context.Context, id string) (*GatewaySession, error) {
	var g GatewaySession
	if err := s.with(ctx).Where("id = ?", id).First(&g).Error; err != nil {
		return nil, fmt.Errorf("models: gateway session: %w", notFound(err))
	}
	return &g, nil
}

// ErrBudget means a run's budget of searches or calls is spent.
var ErrBudget = errors.New("models: the run's budget is spent")

// SaveGatewayReceipts replaces a session's receipts when it is still at
// the version read (ErrConflict otherwise: reread and retry), counting a
// search against budget (0: none).
func (s *Store) SaveGatewayReceipts(ctx context.Context, id string, version int, receipts string, budget int) error {
	q := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND version = ? AND NOT closed", id, version)
	if budget > 0 {
		q = q.Where("searches < ?", budget)
	}
	res := q.Updates(map[string]any{"receipts": receipts, "searches": gorm.Expr("searches + 1"), "version": gorm.Expr("version + 1"), "updated_at": usedAt(time.Now())})
	if res.Error != nil {
		return fmt.Errorf("models: save gateway receipts: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		var g GatewaySession
		if err := s.with(ctx).Where("id = ?", id).First(&g).Error; err != nil {
			return fmt.Errorf("models: save gateway receipts: %w", notFound(err))
		}
		if budget > 0 && g.Searches >= budget {
			return ErrBudget
		}
		return ErrConflict
	}
	return nil
}

// CarryGatewayReceipts stores a session's receipts re-issued by the
// console for a new surface (no search is spent); ErrConflict when
// another request moved the session since version.
func (s *Store) CarryGatewayReceipts(ctx context.Context, id string, version int, receipts string) error {
	res := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND version = ? AND NOT closed", id, version).
		Updates(map[string]any{"receipts": receipts, "version": gorm.Expr("version + 1"), "updated_at": usedAt(time.Now())})
	if res.Error != nil {
		return fmt.Errorf("models: carry gateway receipts: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrConflict
	}
	return nil
}

// MarkGatewayListed records the tool list a session was given or told
// of (listed, its digest) and the tools it was shown (shown, a sorted
// JSON array), when the session still holds what the caller read
// (wasListed, wasShown); ErrConflict otherwise: reread and merge. Any
// replica reads what any other recorded.
func (s *Store) MarkGatewayListed(ctx context.Context, id, wasListed, wasShown, listed, shown string) error {
	res := s.with(ctx).Model(&GatewaySession{}).Where("id = ? AND listed = ? AND shown = ?", id, wasListed, wasShown).
		Updates(map[string]any{"listed": listed, "shown": shown})
	if res.Error != nil {
		return fmt.Errorf("models: mark gateway listed: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrConflict
	}
	return nil
}

// CountGatewayCall counts a call against the session's budget (0: none),
// atomically: two replicas never both spend the last call.
func (s *Store) CountGatewayCall(ctx context.Context, id string, budget int) error {
	q := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id)
	if budget > 0 {
		q = q.Where("calls < ?", budget)
	}
	res := q.Update("calls", gorm.Expr("calls + 1"))
	if res.Error != nil {
		return fmt.Errorf("models: count gateway call: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrBudget
	}
	return nil
}

// CloseGatewaySession ends a session (the client's DELETE).
func (s *Store) CloseGatewaySession(ctx context.Context, id string) error {
	return s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("closed", true).Error
}

// IdempotentCall is the recorded outcome of a destructive or
// external-write call made with an idempotency key: a retry with the key
// gets the outcome, never a second execution. A key is scoped to the
// agent, the subject (its digest, SubjectDigest) and the tool, across
// sessions, replicas and restarts; Run is the run that made the call.
// The outcome is sealed; the arguments are kept only as a keyed digest
// (ArgsDigest), so a key reused with other arguments is told apart from
// a retry. A claim not yet done holds until LeaseUntil: a claim still
// open after it lost its call (its console stopped) and is settled as
// uncertain by the next retry.
type IdempotentCall struct {
	ID          uint   `gorm:"primaryKey"`
	Run         string `gorm:"size:128;not null;index:idx_idem_run"`
	Agent       string `gorm:"size:64;not null;default:'';uniqueIndex:idx_idem_scope,priority:1"`
	SubjectHash string `gorm:"size:80;not null;default:'';uniqueIndex:idx_idem_scope,priority:2"`
	// KeyID is the runtime key whose call made the record: a record
	// answers only that key's retries (migration 245).
	KeyID      uint      `gorm:"not null;default:0;uniqueIndex:idx_idem_scope,priority:3"`
	Tool       string    `gorm:"size:200;not null;uniqueIndex:idx_idem_scope,priority:4"`
	KeyHash    string    `gorm:"size:64;not null;uniqueIndex:idx_idem_scope,priority:5"`
	ArgsDigest string    `gorm:"size:64;not null;default:''"`
	Done       bool      `gorm:"not null;default:false"`
	Outcome    string    `gorm:"type:text"`
	LeaseUntil time.Time `gorm:"index:idx_idem_lease"`
	CreatedAt  time.Time `gorm:"index:idx_idem_created"`
}

// IdemScope is whose idempotency keys a call's key is among: the agent,
// the subject's digest (SubjectDigest of its id, "" for none) and the
// runtime key the call came through, and the run the call belongs to.
// Another runtime key of the same agent and subject has its own records:
// it never receives an outcome of a call it did not make.
type IdemScope struct {
	Agent, SubjectHash, Run string
	KeyID                   uint
}

// IdempotencyScope is the scope of a call by agent for the subject
// subjectID ("" for none) through the runtime key keyID.
func (s *Store) IdempotencyScope(ctx context.Context, agent, subjectID, run string, keyID uint) (IdemScope, error) {
	d, err := s.SubjectDigest(ctx, subjectID)
	if err != nil {
		return IdemScope{}, err
	}
	return IdemScope{Agent: agent, SubjectHash: d, Run: run, KeyID: keyID}, nil
}

// ArgumentsDigest is the digest an idempotency record keeps of a call's
// arguments (canonical JSON): an HMAC keyed by the idempotency key itself
// (and the secrets key when one is configured), so the digest of a small
// argument space cannot be matched by guessing from a dump.
func (s *Store) ArgumentsDigest(sc IdemScope, tool, key string, canonical []byte) string {
	mac := hmac.New(sha256.New, append([]byte(key), s.sealKey...))
	for _, part := range [][]byte{[]byte(sc.Agent), []byte(sc.SubjectHash), []byte(tool), canonical} {
		mac.Write([]byte(strconv.Itoa(len(part)) + ":"))
		mac.Write(part)
	}
	return hex.EncodeToString(mac.Sum(nil))
}

// ClaimIdempotent claims (agent, subject, runtime key, tool, key) for one execution of
// the call whose arguments have argsDigest (ArgumentsDigest), holding the
// claim for lease: claimed is true for the first caller, on any replica;
// otherwise rec is the record (Done with its outcome opened, or still
// open until its LeaseUntil), its ArgsDigest the first call's (empty for
// a record made before digests were kept).
func (s *Store) ClaimIdempotent(ctx context.Context, sc IdemScope, tool, key, argsDigest string, lease time.Duration) (rec *IdempotentCall, claimed bool, err error) {
	now := time.Now().UTC()
	row := &IdempotentCall{Run: sc.Run, Agent: sc.Agent, SubjectHash: sc.SubjectHash, KeyID: sc.KeyID, Tool: tool, KeyHash: SessionHash(key), ArgsDigest: argsDigest,
		LeaseUntil: now.Add(lease), CreatedAt: now}
	res := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(row)
	if res.Error != nil {
		return nil, false, fmt.Errorf("models: claim idempotency key: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return row, true, nil
	}
	var got IdempotentCall
	if err := s.with(ctx).Where("agent = ? AND subject_hash = ? AND key_id = ? AND tool = ? AND key_hash = ?", sc.Agent, sc.SubjectHash, sc.KeyID, tool, row.KeyHash).First(&got).Error; err != nil {
		return nil, false, fmt.Errorf("models: claim idempotency key: %w", notFound(err))
	}
	rec, err = s.openOutcome(&got)
	return rec, false, err
}

// plainOutcome marks an outcome stored without a secrets key.
const plainOutcome = "plain:"

// ErrIdempotentSettled means a claim was settled already: its outcome is
// the one recorded first (a lapsed claim settled by a retry, or the call
// that finished first).
var ErrIdempotentSettled = errors.New("models: the idempotency record was settled already")

// FinishIdempotent records the outcome of a claimed call, sealed when a
// secrets key is configured. Only an open claim takes an outcome: one
// settled already gives ErrIdempotentSettled and keeps its outcome.
func (s *Store) FinishIdempotent(ctx context.Context, id uint, outcome []byte) error {
	return s.settleIdempotent(ctx, id, outcome, time.Time{})
}

// LapseIdempotent settles a claim whose lease ended before its call
// recorded an outcome (its console stopped or lost the call) with
// outcome; ErrIdempotentSettled when the call finished (or another
// retry settled it) first.
func (s *Store) LapseIdempotent(ctx context.Context, id uint, outcome []byte) error {
	return s.settleIdempotent(ctx, id, outcome, time.Now().UTC())
}

func (s *Store) settleIdempotent(ctx context.Context, id uint, outcome []byte, lapsedBy time.Time) error {
	sealed := plainOutcome + string(outcome)
	if s.sealKey != nil {
		var err error
		if sealed, err = s.seal(outcome, fmt.Sprintf("idempotent:%d", id)); err != nil {
			return err
		}
	}
	q := s.with(ctx).Model(&IdempotentCall{}).Where("id = ? AND NOT done", id)
	if !lapsedBy.IsZero() {
		q = q.Where("lease_until < ?", lapsedBy)
	}
	res := q.Updates(map[string]any{"done": true, "outcome": sealed})
	if res.Error != nil {
		return fmt.Errorf("models: record idempotent outcome: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return ErrIdempotentSettled
	}
	return nil
}

// ReleaseIdempotent forgets a claim whose call never reached the
// upstream, so a retry may run it.
func (s *Store) ReleaseIdempotent(ctx context.Context, id uint) error {
	if err := s.with(ctx).Where("id = ? AND NOT done", id).Delete(&IdempotentCall{}).Error; err != nil {
		return fmt.Errorf("models: release idempotency key: %w", err)
	}
	return nil
}

// PruneIdempotent deletes the idempotency records made before cutoff
// (they are kept as long as run evidence is); a key whose record is
// gone runs its call again.
func (s *Store) PruneIdempotent(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.with(ctx).Where("created_at < ?", cutoff).Delete(&IdempotentCall{})
	if res.Error != nil {
		return 0, fmt.Errorf("models: prune idempotency records: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// GatewayState is what every request of a gateway session reads first:
// the session (nil when no session has the token's hash) and the
// generations, read by one statement after the request arrived, so a
// revocation committed before it is seen.
type GatewayState struct {
	Session    *GatewaySession
	CatalogGen int64
	ConfigGen  int64
}

// GatewayStateByToken reads the session a client's token names and both
// generations in one query: the gateway's hot path (one round trip instead
// of a session read and a generation read, and no ORM statement building).
func (s *Store) GatewayStateByToken(ctx context.Context, token string) (GatewayState, error) {
	var st GatewayState
	q := `SELECT c.generation, c.config_generation, g.id, g.key_id, g.agent, g.profile, g.subject_digest, g.run, g.receipts, g.searches, g.calls, g.version, g.closed, g.pick_tools, g.pick_without, g.shown, g.listed, g.updated_at
FROM catalog_states c LEFT JOIN gateway_sessions g ON g.id = ? WHERE c.id = 1`
	if s.dialect == DialectPostgres {
		q = strings.Replace(q, "?", "$1", 1)
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return st, fmt.Errorf("models: gateway state: %w", err)
	}
	var (
		id, agent, profile, subject, run, receipts *string
		tools, without, shown, listed              *string
		keyID                                      *int64
		searches, calls, version                   *int64
		closed                                     *bool
		updated                                    *time.Time
	)
	s.countRaw(ctx, 1)
	err = sqlDB.QueryRowContext(ctx, q, SessionHash(token)).Scan(&st.CatalogGen, &st.ConfigGen, &id, &keyID, &agent, &profile, &subject, &run, &receipts, &searches, &calls, &version, &closed, &tools, &without, &shown, &listed, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return st, fmt.Errorf("models: gateway state: %w", err)
	}
	if id != nil {
		st.Session = &GatewaySession{ID: *id, KeyID: uint(deref64(keyID)), Agent: deref(agent), Profile: deref(profile), SubjectDigest: deref(subject), Run: deref(run),
			Receipts: deref(receipts), Searches: int(deref64(searches)), Calls: int(deref64(calls)), Version: int(deref64(version)), Closed: closed != nil && *closed,
			PickTools: deref(tools), PickWithout: deref(without), Shown: deref(shown), Listed: deref(listed)}
		if updated != nil {
			st.Session.UpdatedAt = *updated
		}
	}
	return st, nil
}

func deref64(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

// migrateGatewaySessionSets (migration 112) adds the conversation's set
// to gateway sessions. A database that has no sessions table yet gets
// the columns with the table (migration 131).
func migrateGatewaySessionSets(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasTable(&GatewaySession{}) {
		return nil
	}
	for _, col := range []string{"PickTools", "PickWithout"} {
		if !tx.Migrator().HasColumn(&GatewaySession{}, col) {
			if err := tx.Migrator().AddColumn(&GatewaySession{}, col); err != nil {
				return err
			}
		}
	}
	return nil
}

// migrateGatewaySessionShown (migration 135) adds what a session was
// shown and the digest of its last list. A database that has no
// sessions table yet gets the columns with the table (migration 131).
func migrateGatewaySessionShown(tx *gorm.DB, _ string) error {
	if !tx.Migrator().HasTable(&GatewaySession{}) {
		return nil
	}
	for _, col := range []string{"Shown", "Listed"} {
		if !tx.Migrator().HasColumn(&GatewaySession{}, col) {
			if err := tx.Migrator().AddColumn(&GatewaySession{}, col); err != nil {
				return err
			}
		}
	}
	return nil
}

// TouchGatewaySession records that session id was used now: its idle
// time starts again (the gateway's idle expiry reads UpdatedAt).
func (s *Store) TouchGatewaySession(ctx context.Context, id string) error {
	if err := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("updated_at", time.Now().UTC()).Error; err != nil {
		return fmt.Errorf("models: touch gateway session: %w", err)
	}
	return nil
}

// TouchGatewaySessionAt records that session id is in use until at (a
// call in flight: its deadline), so its idle time starts then at the
// latest.
func (s *Store) TouchGatewaySessionAt(ctx context.Context, id string, at time.Time) error {
	if err := s.with(ctx).Model(&GatewaySession{}).Where("id = ?", id).Update("updated_at", usedAt(at)).Error; err != nil {
		return fmt.Errorf("models: touch gateway session: %w", err)
	}
	return nil
}

// usedAt is a session's last use set to at, never moved back: a call in
// flight marked the session in use until its deadline, and a request
// meanwhile must not shorten that.
func usedAt(at time.Time) clause.Expr {
	at = at.UTC()
	return gorm.Expr("CASE WHEN updated_at > ? THEN updated_at ELSE ? END", at, at)
}

// DeleteExpiredGatewaySessions deletes the gateway sessions that ended
// (closed) or were last used before cutoff (expired: they are answered
// as unknown sessions anyway), and says how many. A session's evidence
// is kept by its run id, not by the session row.
func (s *Store) DeleteExpiredGatewaySessions(ctx context.Context, cutoff time.Time) (int64, error) {
	res := s.with(ctx).Where("closed = ? OR updated_at < ?", true, cutoff.UTC()).Delete(&GatewaySession{})
	if res.Error != nil {
		return 0, fmt.Errorf("models: delete expired gateway sessions: %w", res.Error)
	}
	return res.RowsAffected, nil
}

// LiveGatewaySessions counts the sessions of key and agent that are
// open and were used after since (the others have expired).
func (s *Store) LiveGatewaySessions(ctx context.Context, keyID uint, agent string, since time.Time) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&GatewaySession{}).Where("key_id = ? AND agent = ? AND closed = ? AND updated_at > ?", keyID, agent, false, since.UTC()).Count(&n).Error
	if err != nil {
		return 0, fmt.Errorf("models: live gateway sessions: %w", err)
	}
	return n, nil
}

// ErrSessionCap refuses a gateway session past its key's cap of live
// sessions of one agent (CreateGatewaySessionWithin).
var ErrSessionCap = errors.New("models: the key holds the most live gateway sessions of this agent it may")

// CreateGatewaySessionWithin stores a new session unless g's key already
// holds most live sessions (used since since) of g's agent
// (ErrSessionCap). The count and the insert are one transaction under
// the key and agent's advisory lock on Postgres, so initializes racing on
// two replicas never pass the cap together.
func (s *Store) CreateGatewaySessionWithin(ctx context.Context, token string, g *GatewaySession, since time.Time, most int) error {
	return s.Tx(ctx, func(tx *Store) error {
		if tx.dialect == DialectPostgres {
			if err := tx.with(ctx).Exec("SELECT pg_advisory_xact_lock(7029, hashtext(?))", fmt.Sprintf("%d/%s", g.KeyID, g.Agent)).Error; err != nil {
				return fmt.Errorf("models: gateway session lock: %w", err)
			}
		}
		n, err := tx.LiveGatewaySessions(ctx, g.KeyID, g.Agent, since)
		if err != nil {
			return err
		}
		if n >= int64(most) {
			return ErrSessionCap
		}
		return tx.CreateGatewaySession(ctx, token, g)
	})
}
