package models

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// GatewayStatesByTokens reads the sessions the clients' tokens name and
// both generations in one statement (one token by equality, the
// gateway's hot path; no ORM statement building): the state of each
// token (a token no session has gets the generations and a nil Session).
// The gateway's session reads of concurrent requests share it (web's
// session gate).
//
// Every column comes back non-null (a token without a session reads as
// an empty id), so each is scanned into a plain value with a plan that
// allocates nothing; on Postgres the texts are read as the driver's
// bytes and given as the strings kept for them (gatewayTexts).
func (s *Store) GatewayStatesByTokens(ctx context.Context, tokens []string) (map[string]GatewayState, error) {
	out := make(map[string]GatewayState, len(tokens))
	if len(tokens) == 0 {
		return out, nil
	}
	// each hash asked for, with its token
	byHash := make(map[string]hashOf, len(tokens))
	hashes := make([]string, 0, len(tokens))
	for _, t := range tokens {
		h := SessionHash(t)
		if _, ok := byHash[h]; !ok {
			hashes = append(hashes, h)
		}
		byHash[h] = hashOf{hash: h, token: t}
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return nil, fmt.Errorf("models: gateway states: %w", err)
	}
	const cols = `SELECT c.generation, c.config_generation, COALESCE(g.id, ''), COALESCE(g.key_id, 0), COALESCE(g.agent, ''),
	COALESCE(g.profile, ''), COALESCE(g.subject_digest, ''), COALESCE(g.run, ''), COALESCE(g.receipts, ''), COALESCE(g.searches, 0),
	COALESCE(g.calls, 0), COALESCE(g.version, 0), COALESCE(g.closed, false), COALESCE(g.pick_tools, ''), COALESCE(g.pick_without, ''),
	COALESCE(g.shown, ''), COALESCE(g.listed, ''), g.updated_at, COALESCE(g.protocol_version, '')
FROM catalog_states c LEFT JOIN gateway_sessions g ON `
	r := rowPool.Get().(*gatewayRow)
	defer r.release()
	found := 0
	// keep files row r's session under its token (the texts already set)
	keep := func() {
		found++
		if h, ok := byHash[r.g.ID]; ok && r.g.ID != "" {
			g := r.g
			out[h.token] = GatewayState{Session: &g}
		}
	}
	s.countRaw(ctx, 1)
	if s.dialect == DialectPostgres {
		// one session (an idle gateway's every read) by equality: = ANY
		// of a one-item array costs the statement a fifth more
		q, arg := cols+`g.id = $1 WHERE c.id = 1`, any(hashes[0])
		if len(hashes) > 1 {
			q, arg = cols+`g.id = ANY($1) WHERE c.id = 1`, hashes
		}
		err = withPgx(ctx, sqlDB, func(c *pgx.Conn) error {
			rows, err := c.Query(ctx, q, arg)
			if err != nil {
				return err
			}
			defer rows.Close()
			dest := r.pgDest()
			for rows.Next() {
				if err := rows.Scan(dest...); err != nil {
					return err
				}
				r.pgTexts(byHash)
				keep()
			}
			return rows.Err()
		})
	} else {
		args := make([]any, len(hashes))
		for i, h := range hashes {
			args[i] = h
		}
		rows, qerr := sqlDB.QueryContext(ctx, cols+`g.id IN (?`+strings.Repeat(", ?", len(hashes)-1)+`) WHERE c.id = 1`, args...)
		if qerr != nil {
			return nil, fmt.Errorf("models: gateway states: %w", qerr)
		}
		defer rows.Close()
		dest := r.sqlDest()
		for rows.Next() && err == nil {
			if err = rows.Scan(dest...); err == nil {
				r.sqlTimes()
				keep()
			}
		}
		if err == nil {
			err = rows.Err()
		}
	}
	if err == nil && found == 0 {
		err = ErrNotFound // no catalog state row
	}
	if err != nil {
		return nil, fmt.Errorf("models: gateway states: %w", err)
	}
	for _, t := range tokens {
		st := out[t]
		st.CatalogGen, st.ConfigGen = r.cat, r.cfg
		out[t] = st
	}
	return out, nil
}

// hashOf is a session hash the read asks for and the token it is the
// hash of.
type hashOf struct{ hash, token string }

// gatewayRow is one row of the gateway state read: the generations, the
// session's values, and its texts as the driver gave them (Postgres;
// valid until the next row).
type gatewayRow struct {
	cat, cfg                         int64
	g                                GatewaySession
	keyID, searches, calls, version  int64
	pgUpdated                        pgtype.Timestamptz
	sqlUpdated                       sql.NullTime
	id, agent, profile, subject, run pgtype.DriverBytes
	receipts, tools, without, shown  pgtype.DriverBytes
	listed, protocol                 pgtype.DriverBytes
	dest                             [19]any
}

// rowPool keeps the rows of finished reads: a read's row would otherwise
// be a heap object of its own (the scan holds pointers into it).
var rowPool = sync.Pool{New: func() any { return new(gatewayRow) }}

// release returns r to rowPool, holding nothing of its read.
func (r *gatewayRow) release() {
	*r = gatewayRow{}
	rowPool.Put(r)
}

// pgDest is where a Postgres row is scanned, in the read's column order.
func (r *gatewayRow) pgDest() []any {
	r.dest = [...]any{&r.cat, &r.cfg, &r.id, &r.keyID, &r.agent, &r.profile, &r.subject, &r.run, &r.receipts, &r.searches,
		&r.calls, &r.version, &r.g.Closed, &r.tools, &r.without, &r.shown, &r.listed, &r.pgUpdated, &r.protocol}
	return r.dest[:]
}

// sqlDest is where a SQLite row is scanned, in the read's column order
// (the driver hands texts over as strings already).
func (r *gatewayRow) sqlDest() []any {
	r.dest = [...]any{&r.cat, &r.cfg, &r.g.ID, &r.keyID, &r.g.Agent, &r.g.Profile, &r.g.SubjectDigest, &r.g.Run, &r.g.Receipts, &r.searches,
		&r.calls, &r.version, &r.g.Closed, &r.g.PickTools, &r.g.PickWithout, &r.g.Shown, &r.g.Listed, &r.sqlUpdated, &r.g.ProtocolVersion}
	return r.dest[:]
}

// pgTexts sets the session's texts and numbers from a Postgres row: the
// id as the hash the caller asked for, each other text as the string
// kept for it.
func (r *gatewayRow) pgTexts(byHash map[string]hashOf) {
	r.g.ID = byHash[string(r.id)].hash // "" for a session not asked for (none is)
	gatewayTexts.mu.Lock()
	r.g.Agent, r.g.Profile, r.g.SubjectDigest, r.g.Run = gatewayTexts.of(r.agent), gatewayTexts.of(r.profile), gatewayTexts.of(r.subject), gatewayTexts.of(r.run)
	r.g.Receipts, r.g.PickTools, r.g.PickWithout = gatewayTexts.of(r.receipts), gatewayTexts.of(r.tools), gatewayTexts.of(r.without)
	r.g.Shown, r.g.Listed, r.g.ProtocolVersion = gatewayTexts.of(r.shown), gatewayTexts.of(r.listed), gatewayTexts.of(r.protocol)
	gatewayTexts.mu.Unlock()
	r.numbers()
	r.g.UpdatedAt = r.pgUpdated.Time // the zero time for none
}

// sqlTimes sets the session's numbers and time from a SQLite row.
func (r *gatewayRow) sqlTimes() {
	r.numbers()
	r.g.UpdatedAt = r.sqlUpdated.Time
}

func (r *gatewayRow) numbers() {
	r.g.KeyID, r.g.Searches, r.g.Calls, r.g.Version = uint(r.keyID), int(r.searches), int(r.calls), int(r.version)
}
