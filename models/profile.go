package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/agentforge/console/instruction/toolpick"
	"strings"
	"time"
)

// Profile is a named, versioned, ordered tool list with options: an admin's
// convenience, never authority.
type Profile struct {
	ID             uint   `gorm:"primaryKey"`
	Slug           string `gorm:"size:64;uniqueIndex;not null"`
	Name           string `gorm:"size:128;not null" text:"person"`
	AgentID        *uint  // the default agent whose token totals each version records
	CurrentVersion int    `gorm:"not null"`
	CreatedBy      string `gorm:"size:64"`
	CreatedAt      time.Time
}

// ProfileVersion is one immutable version of a profile.
type ProfileVersion struct {
	ID          uint   `gorm:"primaryKey"`
	ProfileID   uint   `gorm:"not null;uniqueIndex:idx_profile_version"`
	Version     int    `gorm:"not null;uniqueIndex:idx_profile_version"`
	ToolsJSON   string `gorm:"column:tools;type:text;not null"`
	Tier        string `gorm:"size:16;not null"`
	CatalogForm string `gorm:"size:16;not null"`
	Deferred    bool   `gorm:"not null"`
	// SearchBudget and CallBudget bound a gateway run's searches and
	// calls (0: no budget).
	SearchBudget int    `gorm:"not null;default:0"`
	CallBudget   int    `gorm:"not null;default:0"`
	PinsJSON     string `gorm:"column:pins;type:text;not null"`
	Message      string `gorm:"size:500" text:"person"`
	Author       string `gorm:"size:64;not null"`
	Digest       string `gorm:"size:64;not null"`
	Encoding     string `gorm:"size:32"`
	Body         int
	Protocol     int
	Catalog      int
	Total        int
	// Status is "" for a version that was used when saved, else
	// VersionPending, VersionApproved or VersionRejected: a save that
	// needed review (see Agent.ProfileReview).
	Status string `gorm:"size:16;not null;default:''"`
	// BaseVersion is the version a reviewed save was made from.
	BaseVersion int    `gorm:"not null;default:0"`
	ReviewedBy  string `gorm:"size:64;not null;default:''"`
	CreatedAt   time.Time
}

// Tools lists the version's tools in order.
func (v ProfileVersion) Tools() []string { return decodeList(v.ToolsJSON) }

// Pins lists the version's deferred-mode pins.
func (v ProfileVersion) Pins() []string { return decodeList(v.PinsJSON) }

// ProfileContent is what a version holds.
type ProfileContent struct {
	Tools       []string
	Tier        string
	CatalogForm string
	Deferred    bool
	Pins        []string
	Message     string
	// SearchBudget and CallBudget bound a gateway run (0: none).
	SearchBudget, CallBudget int
}

// TokenTotals are a version's composed token counts for its default agent.
type TokenTotals struct {
	Encoding                       string
	Body, Protocol, Catalog, Total int
}

// Validate checks the content; known is the set of tool ids that exist.
func (c ProfileContent) Validate(known map[string]bool) map[string]string {
	errs := map[string]string{}
	if msg := checkToolList(c.Tools, known); msg != "" {
		errs["tools"] = msg
	}
	switch c.Tier {
	case "full", "standard", "compact":
	default:
		errs["tier"] = "choose full, standard or compact"
	}
	if c.CatalogForm != "full" && c.CatalogForm != "compact" {
		errs["catalog_form"] = "choose full or compact"
	}
	if msg := checkPins(c.Pins, c.Tools); msg != "" {
		errs["pins"] = msg
	}
	if tooLong(c.Message, MaxMessage) {
		errs["message"] = atMost(MaxMessage)
	}
	for f, n := range map[string]int{"search_budget": c.SearchBudget, "call_budget": c.CallBudget} {
		if n < 0 || n > MaxBudget {
			errs[f] = fmt.Sprintf("is a whole number from 0 (no budget) to %d", MaxBudget)
		}
	}
	return errs
}

// PinNoun names a pin in the pins field's messages: a pin must be one of
// the profile's own tools.
const PinNoun = "pin (not in this profile's tool list)"

// PinProblems lists every pin that is not one of the profile's tools
// (with the closest of them to suggest) and every pin listed twice.
func PinProblems(pins, tools []string) []toolpick.Problem {
	have := make(map[string]bool, len(tools))
	for _, t := range tools {
		have[t] = true
	}
	return toolpick.Check(pins, have, PinNoun)
}

func checkPins(pins, tools []string) string { return toolpick.Join(PinProblems(pins, tools)) }

// MaxBudget bounds a run's budget of searches or calls.
const MaxBudget = 100000

func (c ProfileContent) digest() string {
	parts := []any{c.Tools, c.Tier, c.CatalogForm, c.Deferred, c.Pins}
	if c.SearchBudget > 0 || c.CallBudget > 0 {
		// budgets join the digest only when set: versions saved before
		// budgets existed keep theirs
		parts = append(parts, c.SearchBudget, c.CallBudget)
	}
	b, _ := json.Marshal(parts)
	return digestOf(string(b))
}

func digestOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// ProfileInput creates a profile.
type ProfileInput struct {
	Slug    string
	Name    string
	Agent   string // default agent slug, optional
	Content ProfileContent
}

// CreateProfile stores a profile with its first version.
func (s *Store) CreateProfile(ctx context.Context, actor string, in ProfileInput, known map[string]bool, totals TokenTotals) (*Profile, error) {
	errs := in.Content.Validate(known)
	if err := s.checkCodeOnlyPins(ctx, in.Content, errs); err != nil {
		return nil, err
	}
	if !slugPattern().MatchString(in.Slug) {
		errs["slug"] = slugRule()
	}
	if strings.TrimSpace(in.Name) == "" || tooLong(in.Name, MaxName) {
		errs["name"] = requiredAtMost(MaxName)
	}
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	p := &Profile{Slug: in.Slug, Name: strings.TrimSpace(in.Name), CurrentVersion: 1, CreatedBy: actor}
	err := s.Tx(ctx, func(tx *Store) error {
		if in.Agent != "" {
			a, err := tx.AgentBySlug(ctx, in.Agent)
			if err != nil {
				return &ValidationError{Fields: map[string]string{"agent": fmt.Sprintf("no agent %q", in.Agent)}}
			}
			p.AgentID = &a.ID
		}
		if err := tx.with(ctx).Create(p).Error; err != nil {
			if errors.Is(notFound(err), ErrConflict) {
				return &ValidationError{Fields: map[string]string{"slug": "is taken"}}
			}
			return err
		}
		v := newVersion(p.ID, 1, actor, in.Content, totals)
		if err := tx.with(ctx).Create(&v).Error; err != nil {
			return err
		}
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "profile.create", Subject: "profile:" + p.Slug, After: v.Digest, Detail: "version 1"})
	})
	if err != nil {
		return nil, fmt.Errorf("models: create profile: %w", err)
	}
	return p, nil
}

func newVersion(profileID uint, n int, actor string, c ProfileContent, t TokenTotals) ProfileVersion {
	if c.Pins == nil {
		c.Pins = []string{}
	}
	return ProfileVersion{ProfileID: profileID, Version: n, ToolsJSON: encodeList(c.Tools), Tier: c.Tier, CatalogForm: c.CatalogForm, Deferred: c.Deferred,
		SearchBudget: c.SearchBudget, CallBudget: c.CallBudget,
		PinsJSON: encodeList(c.Pins), Message: c.Message, Author: actor, Digest: c.digest(), Encoding: t.Encoding, Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}
}

// ErrUnchanged means a save would repeat its base version's tools and
// options: a version records a change, so none is made.
var ErrUnchanged = errors.New("models: nothing changed")

// ErrMissingBase means a save did not say which version it edits.
var ErrMissingBase = errors.New("models: the base version is required")

// SaveProfileVersion adds a version made from base. A save whose base is
// no longer current is refused with ErrConflict: never a silent overwrite.
func (s *Store) SaveProfileVersion(ctx context.Context, actor, slug string, base int, c ProfileContent, known map[string]bool, totals TokenTotals) (*ProfileVersion, error) {
	if base < 1 {
		return nil, ErrMissingBase
	}
	errs := c.Validate(known)
	if err := s.checkCodeOnlyPins(ctx, c, errs); err != nil {
		return nil, err
	}
	if len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	var out ProfileVersion
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProfileBySlug(ctx, slug)
		if err != nil {
			return err
		}
		// whether the save waits for review is read under the profile's
		// lock, which an agent change that turns review on or makes this
		// profile its default takes too: no such change commits between
		// this read and the save's commit
		if p, err = tx.lockProfile(ctx, p.ID); err != nil {
			return err
		}
		if p.CurrentVersion != base {
			return ErrConflict
		}
		prev, err := tx.ProfileVersionAt(ctx, p.ID, base)
		if err != nil {
			return err
		}
		if prev.Digest == newVersion(p.ID, base+1, actor, c, totals).Digest {
			return fmt.Errorf("version %d holds these tools and options: %w", base, ErrUnchanged)
		}
		reviewers, err := tx.agentsReviewingProfile(ctx, p.ID)
		if err != nil {
			return err
		}
		if err := tx.fail("profile.save.reviewers-read"); err != nil {
			return err
		}
		// a version's number follows the newest, pending ones included
		var n int
		if err := tx.with(ctx).Model(&ProfileVersion{}).Where("profile_id = ?", p.ID).Select("COALESCE(MAX(version), 0)").Scan(&n).Error; err != nil {
			return err
		}
		n++
		out = newVersion(p.ID, n, actor, c, totals)
		if len(reviewers) > 0 {
			out.Status, out.BaseVersion = VersionPending, base
			if err := tx.with(ctx).Create(&out).Error; err != nil {
				return notFound(err)
			}
			return tx.Audit(ctx, Event{Actor: actor, Action: "profile.propose", Subject: "profile:" + slug, Before: prev.Digest, After: out.Digest,
				Detail: withText(fmt.Sprintf("version %d from %d awaits review (default profile of %s, which require review)", n, base, strings.Join(reviewers, ", ")), c.Message)})
		}
		res := tx.with(ctx).Model(&Profile{}).Where("id = ? AND current_version = ?", p.ID, base).Update("current_version", n)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		if err := tx.with(ctx).Create(&out).Error; err != nil {
			return notFound(err)
		}
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "profile.save", Subject: "profile:" + slug, Before: prev.Digest, After: out.Digest, Detail: withText(fmt.Sprintf("version %d from %d", n, base), c.Message)})
	})
	if err != nil {
		return nil, fmt.Errorf("models: save profile %s: %w", slug, err)
	}
	return &out, nil
}
