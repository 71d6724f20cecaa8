package models

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
)

// ErrSelfReview means the reviewer imported the tool themselves.
var ErrSelfReview = errors.New("models: the importer of a tool cannot review it")

// ErrNotUnderReview means a reviewed tool is not a candidate: built-in,
// already available or rejected tools are not under review (a rejected
// tool comes back only through a new import).
var ErrNotUnderReview = errors.New("models: only candidate tools are under review")

// ReviewTools marks candidate tools available or rejected. seen maps each
// tool id to the contract digest the reviewer saw: a tool changed since
// (re-imported) is ErrConflict, a tool that is not a candidate is
// ErrNotUnderReview, a missing one ErrNotFound, and the importer of a tool
// cannot review it. All or nothing; errors name the tool.
func (s *Store) ReviewTools(ctx context.Context, actor string, seen map[string]string, status string) (int, error) {
	return s.ReviewToolsReworded(ctx, actor, seen, status, nil)
}

// ReviewToolsReworded is ReviewTools with the reviewer's rewordings of
// descriptions (by tool id), recorded with the approval: the model then
// reads the rewording; the imported contract stays in the ledger, and the
// audit event keeps both texts. A rewording is refused, naming
// reword.<id>, for a tool not selected, with a rejection, or when it is
// empty, over the description ceiling or holds characters a reviewer
// cannot see; nothing is written then.
func (s *Store) ReviewToolsReworded(ctx context.Context, actor string, seen map[string]string, status string, rewords map[string]string) (int, error) {
	return s.DecideTools(ctx, actor, seen, ToolDecision{Status: status, Rewords: rewords})
}

// ToolDecision is a reviewer's decision on selected candidate tools:
// the status they move to, rewordings of descriptions (by tool id, only
// with available), the reason, which a rejection requires, and the
// reviewer's classification of selected tools (by tool id, only with
// available; a tool left out takes its pre-filled class, the import's
// hint, and an empty risk is the one its effects suggest).
type ToolDecision struct {
	Status  string
	Rewords map[string]string
	Reason  string
	Classes map[string]Classification
}

// DecideTools applies a reviewer's decision on the tools in seen (id →
// the digest the reviewer saw), as ReviewToolsReworded describes. A
// rejection without a reason is refused naming "reason"; the reason is
// kept in the audit event. Every field error is reported at once and
// nothing is written then.
func (s *Store) DecideTools(ctx context.Context, actor string, seen map[string]string, d ToolDecision) (int, error) {
	status, rewords := d.Status, d.Rewords
	reason := strings.TrimSpace(d.Reason)
	fields := map[string]string{}
	if status != ToolAvailable && status != ToolRejected {
		fields["status"] = "must be available or rejected"
	}
	if len(seen) == 0 {
		fields["tools"] = "choose at least one tool"
	}
	switch {
	case status == ToolRejected && reason == "":
		fields["reason"] = "say why these tools are rejected; the importer reads it in the ledger"
	case tooLong(reason, MaxMessage):
		fields["reason"] = atMost(MaxMessage)
	case catalog.HiddenText(reason) != "":
		fields["reason"] = catalog.HiddenText(reason)
	}
	for id, text := range rewords {
		if msg := rewordProblem(seen, status, id, text); msg != "" {
			fields["reword."+id] = msg
		}
	}
	classProblems(fields, seen, status, d.Classes)
	if len(fields) > 0 {
		return 0, &ValidationError{Fields: fields}
	}
	ids := make([]string, 0, len(seen))
	for id := range seen {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	n := 0
	err := s.Tx(ctx, func(tx *Store) error {
		var ts []Tool
		if err := tx.with(ctx).Where("id IN ?", ids).Order("id").Find(&ts).Error; err != nil {
			return err
		}
		if len(ts) != len(ids) {
			return fmt.Errorf("models: review tools: %w", ErrNotFound)
		}
		var details []string
		for _, t := range ts {
			switch {
			case t.Status != ToolCandidate:
				return fmt.Errorf("tool %s is %s: %w", t.ID, t.Status, ErrNotUnderReview)
			case t.Digest != seen[t.ID]:
				return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
			}
			if own, err := tx.ownTool(ctx, &t, actor); err != nil || own {
				return cmp.Or(err, ErrSelfReview)
			}
			// approving in the bulk form takes the class the reviewer set
			// for the tool, or else the prefilled one they were shown (the
			// hint); the tool page classifies one tool explicitly
			to, cl := authority.StateRejected, Classification{}
			if status == ToolAvailable {
				hint := hintOf(&t)
				to, cl = authority.StateBindable, Classification{Effects: hint, Risk: HintRisk(hint)}
				if set, ok := d.Classes[t.ID]; ok {
					cl = set
					if cl.Risk == "" {
						cl.Risk = HintRisk(cl.Effects)
					}
				}
			}
			if err := tx.moveTool(ctx, &t, actor, seen[t.ID], to, cl); err != nil {
				if errors.Is(err, ErrConflict) {
					return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
				}
				return err
			}
			details = append(details, moveDetail(&t, to, cl))
			if text, ok := rewords[t.ID]; ok {
				if err := tx.writeReword(ctx, actor, &t, strings.TrimSpace(text), "on review"); err != nil {
					return err
				}
			}
			n++
		}
		if err := tx.bumpCatalog(ctx); err != nil {
			return err
		}
		detail := fmt.Sprintf("%s marked %s: %s", plural.CountForms(n, "tool", "tools"), status, strings.Join(details, "; "))
		if reason != "" {
			// the reason first, so clipping a long list never cuts it
			detail = "reason: " + reason + " — " + detail
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "tool." + status, Subject: "tools:" + summarizeIDs(ids), Detail: clipTo(detail, 2000)})
	})
	return n, err
}

// ToolDigests maps each id to its stored contract digest: what a reviewer
// who looks at those tools now sees (scripts and tests review with it).
func (s *Store) ToolDigests(ctx context.Context, ids []string) (map[string]string, error) {
	var ts []Tool
	if err := s.with(ctx).Where("id IN ?", ids).Find(&ts).Error; err != nil {
		return nil, err
	}
	out := make(map[string]string, len(ts))
	for _, t := range ts {
		out[t.ID] = t.Digest
	}
	return out, nil
}

// ToolsAwaitingReview counts the tools among ids that are candidates: a
// reviewer has yet to approve them (new, changed, or imported again).
func (s *Store) ToolsAwaitingReview(ctx context.Context, ids []string) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	var n int64
	if err := s.with(ctx).Model(&Tool{}).Where("id IN ? AND status = ?", ids, ToolCandidate).Count(&n).Error; err != nil {
		return 0, fmt.Errorf("models: tools awaiting review: %w", err)
	}
	return int(n), nil
}

func summarizeIDs(ids []string) string {
	if len(ids) <= 3 {
		return strings.Join(ids, ",")
	}
	return fmt.Sprintf("%s,… (%d)", strings.Join(ids[:3], ","), len(ids))
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// rewordProblem is what is wrong with a reviewer's rewording of tool id's
// description in a decision to status ("" when nothing is).
func rewordProblem(seen map[string]string, status, id, text string) string {
	switch {
	case seen[id] == "":
		return "is for a tool you did not select"
	case status != ToolAvailable:
		return "a rewording is recorded only when the tool is made available"
	case strings.TrimSpace(text) == "":
		return "is empty; leave it out to keep the imported description"
	case len(text) > catalog.MaxDescriptionBytes:
		return fmt.Sprintf("is %d bytes, over the ceiling of %d", len(text), catalog.MaxDescriptionBytes)
	case !utf8.ValidString(text):
		return "is not valid UTF-8"
	case catalog.HiddenText(text) != "":
		return catalog.HiddenText(text)
	}
	return ""
}
