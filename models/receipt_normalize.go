package models

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/agentforge/console/instruction/plural"
)

// receiptSets are the request's lists that mean sets: their order and
// repeats change nothing the composition serves.
var receiptSets = []string{"tools", "without", "services", "pins"}

// NormalizeReceiptInputs turns a receipt's inputs (JSON with the request
// under "request") into what is stored: the request's sets sorted with
// repeats dropped, and the subject's id replaced by its SubjectDigest
// ("id_digest"), its groups a set. The id itself is never stored.
func (s *Store) NormalizeReceiptInputs(ctx context.Context, inputs []byte) (string, error) {
	var m map[string]any
	if err := json.Unmarshal(inputs, &m); err != nil {
		return "", fmt.Errorf("models: receipt inputs: %w", err)
	}
	if req, ok := m["request"].(map[string]any); ok {
		for _, k := range receiptSets {
			if l, ok := req[k].([]any); ok {
				req[k] = stringSet(l)
			}
		}
		if sub, ok := req["subject"].(map[string]any); ok {
			if id, ok := sub["id"].(string); ok {
				d, err := s.SubjectDigest(ctx, id)
				if err != nil {
					return "", err
				}
				delete(sub, "id")
				sub["id_digest"] = d
			}
			if l, ok := sub["groups"].([]any); ok {
				sub["groups"] = stringSet(l)
			}
		}
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("models: receipt inputs: %w", err)
	}
	return string(b), nil
}

// stringSet sorts a list's strings and drops repeats (other values kept
// after them, in order): linear after the sort.
func stringSet(l []any) []any {
	var ss []string
	var rest []any
	for _, v := range l {
		if s, ok := v.(string); ok {
			ss = append(ss, s)
		} else {
			rest = append(rest, v)
		}
	}
	slices.Sort(ss)
	ss = slices.Compact(ss)
	out := make([]any, 0, len(ss)+len(rest))
	for _, s := range ss {
		out = append(out, s)
	}
	return append(out, rest...)
}

// scrubReceipts normalizes the inputs older versions stored verbatim
// (subject ids included), once, and audits how many it rewrote.
func scrubReceipts(ctx context.Context, s *Store) error {
	var rs []Receipt
	if err := s.with(ctx).Where("inputs <> ''").Find(&rs).Error; err != nil {
		return fmt.Errorf("models: scrub receipts: %w", err)
	}
	n := 0
	for _, r := range rs {
		in, err := s.NormalizeReceiptInputs(ctx, []byte(r.Inputs))
		if err != nil {
			in = "{}" // unreadable inputs are dropped, never kept verbatim
		}
		if in == r.Inputs {
			continue
		}
		if err := s.with(ctx).Model(&Receipt{}).Where("digest = ?", r.Digest).Update("inputs", in).Error; err != nil {
			return fmt.Errorf("models: scrub receipts: %w", err)
		}
		n++
	}
	if n == 0 {
		return nil
	}
	return s.Audit(ctx, Event{Actor: MigrationActor, Action: "receipt.inputs_normalized", Subject: "receipts", Detail: plural.Count(int(n), "receipt") + ": subject ids replaced by their digests, sets normalized"})
}
