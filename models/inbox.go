package models

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	"gorm.io/gorm/clause"
)

// InboxRead records that a user read one inbox item.
type InboxRead struct {
	Username string `gorm:"primaryKey;size:64"`
	Item     string `gorm:"primaryKey;size:64"`
	ReadAt   time.Time
}

// Inbox item kinds.
const (
	InboxApproved         = "approved"
	InboxChangesRequested = "changes_requested"
	InboxPromoted         = "promoted"
	InboxRejected         = "rejected"
	InboxReviewRequested  = "review_requested"
)

// InboxItem is one thing that happened to a user's proposal, or a
// proposal waiting for their review, bound to the revision it was about.
type InboxItem struct {
	Key        string // stable, for the read state
	Kind       string
	ProposalID uint
	Skill      string
	Revision   int // the revision it was about
	Current    int // the proposal's revision now
	Actor      string
	Comment    string
	At         time.Time
	Unread     bool
}

// Inbox lists, newest first, what happened to u's proposals (approvals,
// change requests, promotions, rejections, by others) and the open
// proposals waiting for u's review of their current revision (for a
// reviewer who wrote none of it), each marked unread until read.
func (s *Store) Inbox(ctx context.Context, u *User, limit int) ([]InboxItem, error) {
	items, err := s.inboxItems(ctx, u, 0)
	if err != nil {
		return nil, err
	}
	sort.SliceStable(items, func(a, b int) bool { return items[a].At.After(items[b].At) })
	if len(items) > limit {
		items = items[:limit]
	}
	return items, s.markUnread(ctx, u.Username, items)
}

// MarkInboxRead marks read every inbox item of u about proposal id (0:
// all of them): opening the proposal reads what it says.
func (s *Store) MarkInboxRead(ctx context.Context, u *User, id uint) error {
	items, err := s.inboxItems(ctx, u, id)
	if err != nil || len(items) == 0 {
		return err
	}
	now := time.Now().UTC()
	rows := make([]InboxRead, len(items))
	for i, it := range items {
		rows[i] = InboxRead{Username: u.Username, Item: it.Key, ReadAt: now}
	}
	return s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&rows).Error
}

// inboxItems gathers the items of u, of one proposal when id > 0.
func (s *Store) inboxItems(ctx context.Context, u *User, id uint) ([]InboxItem, error) {
	var ps []Proposal
	q := s.with(ctx).Where("(author = ? AND status <> ?) OR status = ?", u.Username, ProposalDraft, ProposalOpen)
	if id > 0 {
		q = q.Where("id = ?", id)
	}
	if err := q.Find(&ps).Error; err != nil {
		return nil, fmt.Errorf("models: inbox: %w", err)
	}
	// every proposal's skill and reviews in two reads, not two per proposal
	slugs, reviews, err := s.inboxContext(ctx, ps)
	if err != nil {
		return nil, err
	}
	var out []InboxItem
	for _, p := range ps {
		rs := reviews[p.ID]
		base := InboxItem{ProposalID: p.ID, Skill: slugs[p.SkillID], Current: p.Revision}
		if p.Author == u.Username {
			out = append(out, authorItems(base, p, rs, u.Username)...)
		} else if it, ok := reviewRequest(base, p, rs, u); ok {
			out = append(out, it)
		}
	}
	return out, nil
}

// inboxBatch bounds the ids of one IN list (well under either database's
// limit on bound parameters).
const inboxBatch = 500

// inboxContext reads the slugs of the proposals' skills and each
// proposal's reviews (in id order, as Reviews), a batch of ids a query.
func (s *Store) inboxContext(ctx context.Context, ps []Proposal) (map[uint]string, map[uint][]Review, error) {
	slugs := map[uint]string{}
	reviews := map[uint][]Review{}
	var skillIDs, ids []uint
	seen := map[uint]bool{}
	for _, p := range ps {
		ids = append(ids, p.ID)
		if !seen[p.SkillID] {
			seen[p.SkillID] = true
			skillIDs = append(skillIDs, p.SkillID)
		}
	}
	for part := range slices.Chunk(skillIDs, inboxBatch) {
		var ks []Skill
		if err := s.with(ctx).Where("id IN ?", part).Find(&ks).Error; err != nil {
			return nil, nil, fmt.Errorf("models: inbox skills: %w", err)
		}
		for _, k := range ks {
			slugs[k.ID] = k.Slug
		}
	}
	for part := range slices.Chunk(ids, inboxBatch) {
		var rs []Review
		if err := s.with(ctx).Where("proposal_id IN ?", part).Order("id").Find(&rs).Error; err != nil {
			return nil, nil, fmt.Errorf("models: inbox reviews: %w", err)
		}
		for _, r := range rs {
			reviews[r.ProposalID] = append(reviews[r.ProposalID], r)
		}
	}
	return slugs, reviews, nil
}

// authorItems are the reviews of others and the close of an author's
// proposal.
func authorItems(base InboxItem, p Proposal, rs []Review, me string) []InboxItem {
	var out []InboxItem
	for _, r := range rs {
		if r.Reviewer == me || r.Withdrawn {
			continue
		}
		it := base
		it.Key, it.Revision, it.Actor, it.Comment, it.At = fmt.Sprintf("review:%d", r.ID), r.Revision, r.Reviewer, r.Comment, r.CreatedAt
		it.Kind = InboxApproved
		if r.Kind == ReviewRequestChanges {
			it.Kind = InboxChangesRequested
		}
		out = append(out, it)
	}
	if (p.Status == ProposalPromoted || p.Status == ProposalRejected) && p.ClosedBy != me && p.ClosedAt != nil {
		it := base
		it.Key, it.Kind, it.Revision, it.Actor, it.Comment, it.At = fmt.Sprintf("closed:%d", p.ID), p.Status, p.Revision, p.ClosedBy, p.Reason, *p.ClosedAt
		out = append(out, it)
	}
	return out
}

// reviewRequest is an open proposal waiting for u's review of its current
// revision.
func reviewRequest(base InboxItem, p Proposal, rs []Review, u *User) (InboxItem, bool) {
	if !WaitsForReview(p, rs, u) {
		return InboxItem{}, false
	}
	base.Key, base.Kind, base.Revision, base.Actor, base.At = fmt.Sprintf("request:%d:%d", p.ID, p.Revision), InboxReviewRequested, p.Revision, p.Author, p.UpdatedAt
	return base, true
}

// markUnread sets Unread on the items u has not read.
func (s *Store) markUnread(ctx context.Context, user string, items []InboxItem) error {
	if len(items) == 0 {
		return nil
	}
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = it.Key
	}
	var read []string
	if err := s.with(ctx).Model(&InboxRead{}).Where("username = ? AND item IN ?", user, keys).Pluck("item", &read).Error; err != nil {
		return fmt.Errorf("models: inbox read state: %w", err)
	}
	seen := map[string]bool{}
	for _, k := range read {
		seen[k] = true
	}
	for i := range items {
		items[i].Unread = !seen[items[i].Key]
	}
	return nil
}
