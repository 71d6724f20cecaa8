package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/agentforge/console/instruction/plural"
)

// An event's text may come from a client or a server (a tool name a
// client asked for, a status): a NUL, which Postgres refuses in text, or
// invalid UTF-8 would fail the statement that stores a whole batch, and
// so lose every session's evidence in it. Each string is cleaned and held
// to its column's size before the write (cleanRunEvents), and a batch the
// database still refuses is written again one event at a time
// (saveEachRunEvent), so one bad row loses itself only.

// CleanText is s without NUL and without invalid UTF-8: what a text
// column of either database stores as given.
func CleanText(s string) string {
	if strings.IndexByte(s, 0) < 0 && utf8.ValidString(s) {
		return s
	}
	return strings.ReplaceAll(strings.ToValidUTF8(s, ""), "\x00", "")
}

// cleanRunEvents cleans every string of evs in place, each held to its
// column's size (clipTo, which cleans by CleanText).
func cleanRunEvents(evs []RunEvent) {
	for i := range evs {
		e := &evs[i]
		for _, f := range []struct {
			s *string
			n int
		}{{&e.Run, 128}, {&e.Kind, 16}, {&e.Agent, 64}, {&e.Profile, 64}, {&e.Surface, 64}, {&e.RejectedWhy, 256},
			{&e.Digest, 64}, {&e.Receipts, 1024}, {&e.Tool, 200}, {&e.Verdict, 32}, {&e.CallStatus, 32}, {&e.Approval, 40}} {
			*f.s = clipTo(*f.s, f.n) // cleans too
		}
	}
}

// saveEachRunEvent writes the events one at a time after their batch
// failed with batchErr: the events the database accepts are stored, and
// the error says how many it refused (nil: none).
func (s *Store) saveEachRunEvent(ctx context.Context, evs []RunEvent, pipelined bool, batchErr error) error {
	if len(evs) < 2 || ctx.Err() != nil || errors.Is(batchErr, context.Canceled) || errors.Is(batchErr, context.DeadlineExceeded) {
		return batchErr
	}
	failed := 0
	var first error
	for i := range evs {
		if err := s.saveRunEvents(ctx, evs[i:i+1], pipelined); err != nil {
			failed++
			if first == nil {
				first = err
			}
		}
	}
	if failed == 0 {
		return nil
	}
	return fmt.Errorf("%d of %s refused one by one: %w", failed, plural.Count(len(evs), "event"), first)
}
