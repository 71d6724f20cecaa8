package models

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// GatewayStatesByTokens reads the sessions the clients' tokens name and
// both generations in one statement (one token by equality, the
// gateway's hot path; no ORM statement building): the state of each
// token (a token no session has gets the generations and a nil Session).
// The gateway's session reads of concurrent requests share it (web's
// session gate).
func (s *Store) GatewayStatesByTokens(ctx context.Context, tokens []string) (map[string]GatewayState, error) {
	out := make(map[string]GatewayState, len(tokens))
	if len(tokens) == 0 {
		return out, nil
	}
	byHash := make(map[string]string, len(tokens))
	hashes := make([]string, 0, len(tokens))
	for _, t := range tokens {
		h := SessionHash(t)
		if _, ok := byHash[h]; !ok {
			hashes = append(hashes, h)
		}
		byHash[h] = t
	}
	sqlDB, err := s.db.DB()
	if err != nil {
		return nil, fmt.Errorf("models: gateway states: %w", err)
	}
	const cols = `SELECT c.generation, c.config_generation, g.id, g.key_id, g.agent, g.profile, g.subject_digest, g.run, g.receipts, g.searches, g.calls, g.version, g.closed, g.pick_tools, g.pick_without, g.shown, g.listed, g.updated_at
FROM catalog_states c LEFT JOIN gateway_sessions g ON `
	var cat, cfg int64
	found := 0
	scan := func(sc func(...any) error) error {
		var (
			id, agent, profile, subject, run, receipts *string
			tools, without, shown, listed              *string
			keyID                                      *int64
			searches, calls, version                   *int64
			closed                                     *bool
			updated                                    *time.Time
		)
		if err := sc(&cat, &cfg, &id, &keyID, &agent, &profile, &subject, &run, &receipts, &searches, &calls, &version, &closed, &tools, &without, &shown, &listed, &updated); err != nil {
			return err
		}
		found++
		if id == nil {
			return nil
		}
		g := &GatewaySession{ID: *id, KeyID: uint(deref64(keyID)), Agent: deref(agent), Profile: deref(profile), SubjectDigest: deref(subject), Run: deref(run),
			Receipts: deref(receipts), Searches: int(deref64(searches)), Calls: int(deref64(calls)), Version: int(deref64(version)), Closed: closed != nil && *closed,
			PickTools: deref(tools), PickWithout: deref(without), Shown: deref(shown), Listed: deref(listed)}
		if updated != nil {
			g.UpdatedAt = *updated
		}
		if t, ok := byHash[g.ID]; ok {
			out[t] = GatewayState{Session: g}
		}
		return nil
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
			for rows.Next() {
				if err := scan(rows.Scan); err != nil {
					return err
				}
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
		for rows.Next() && err == nil {
			err = scan(rows.Scan)
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
		st.CatalogGen, st.ConfigGen = cat, cfg
		out[t] = st
	}
	return out, nil
}
