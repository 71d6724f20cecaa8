package models

import (
	"context"
	"fmt"
)

// RunCaller is who made a run, as the runs pages name it: the runtime key
// that owns it (its name, "" when the key is gone) and, for a gateway
// session's run, the keyed digest of the subject the session was opened
// for ("" for none: the group everyone).
type RunCaller struct {
	KeyID         uint
	KeyName       string
	SubjectDigest string
}

// maxCallerRuns bounds the runs one RunCallers read asks for.
const maxCallerRuns = 1000

// RunCallers reads the callers of runs (a run no key owns has none), in
// one statement for at most maxCallerRuns runs.
func (s *Store) RunCallers(ctx context.Context, runs []string) (map[string]RunCaller, error) {
	out := make(map[string]RunCaller, len(runs))
	if len(runs) == 0 {
		return out, nil
	}
	if len(runs) > maxCallerRuns {
		return nil, fmt.Errorf("models: run callers: %d runs asked for, at most %d", len(runs), maxCallerRuns)
	}
	var rows []struct {
		Run           string
		KeyID         uint
		Name          string
		SubjectDigest string
	}
	err := s.with(ctx).Raw(`SELECT o.run, o.key_id, COALESCE(k.name, '') AS name, o.subject_digest
FROM run_owners o LEFT JOIN api_keys k ON k.id = o.key_id WHERE o.run IN ?`, runs).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("models: run callers: %w", err)
	}
	for _, r := range rows {
		out[r.Run] = RunCaller{KeyID: r.KeyID, KeyName: r.Name, SubjectDigest: r.SubjectDigest}
	}
	return out, nil
}
