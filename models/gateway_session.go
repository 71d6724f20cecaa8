package models

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

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
	Shown  string `gorm:"type:text;not null;default:'[]'"`
	Listed string `gorm:"size:64;not null;default:''"`
	// ProtocolVersion is the MCP protocol version the session's
	// initialize negotiated ("" for a session opened before the console
	// kept it): every later request names it or none.
	ProtocolVersion string `gorm:"size:16;not null;default:''"`
	Searches        int    `gorm:"not null;default:0"`
	Calls           int    `gorm:"not null;default:0"`
	Version         int    `gorm:"not null;default:1"`
	Closed          bool   `gorm:"not null;default:false"`
	CreatedAt       time.Time
	UpdatedAt       time.Time
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
	var b [2 * sha256.Size]byte // one allocation, the string's
	hex.Encode(b[:], h[:])
	return string(b[:])
}

// CreateGatewaySession stores a new session under the hash of token, and
// its run's owner (the key, the subject's digest) with it.
func (s *Store) CreateGatewaySession(ctx context.Context, token string, g *GatewaySession) error {
	g.ID = SessionHash(token)
	if g.Receipts == "" {
		g.Receipts = "[]"
	}
	if g.Shown == "" {
		g.Shown = "[]"
	}
	g.Version = 1
	create := func(tx *Store) error {
		if err := tx.with(ctx).Create(g).Error; err != nil {
			return fmt.Errorf("models: create gateway session: %w", notFound(err))
		}
		// the run's owner: the key and subject the runs pages name
		o := RunOwner{Run: g.Run, KeyID: g.KeyID, SubjectDigest: g.SubjectDigest, CreatedAt: time.Now().UTC()}
		if err := tx.with(ctx).Create(&o).Error; err != nil {
			return fmt.Errorf("models: create gateway session: its run's owner: %w", err)
		}
		return nil
	}
	if s.inTx {
		return create(s)
	}
	return s.Tx(ctx, create)
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
