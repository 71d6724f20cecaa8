package models

import (
	"context"
	"errors"
	"fmt"
	"github.com/agentforge/console/instruction/toolpick"
	"strings"
	"time"
)

// Agent is an app configuration: the tools it declares are the upper bound
// of what it may ever see; its connected services are its named-service
// connections.
type Agent struct {
	ID               uint   `gorm:"primaryKey"`
	Slug             string `gorm:"size:64;uniqueIndex;not null"`
	Name             string `gorm:"size:128;not null" text:"person"`
	Description      string `gorm:"size:2000" text:"person"`
	DeclaredJSON     string `gorm:"column:declared;type:text;not null"`
	ServicesJSON     string `gorm:"column:services;type:text;not null"`
	DefaultProfileID *uint
	// ProfileReview is the admin's choice that a save of this agent's
	// default profile waits for a reviewer before it is used (off by
	// default).
	ProfileReview bool `gorm:"not null;default:false"`
	Version       int  `gorm:"not null"`
	// RosterVersion counts the changes of what the agent may call — its
	// declared tools, services and default profile — not of its name or
	// description: bindings and approvals pin it (AgentStamp), so a
	// rename leaves them live (migration 254).
	RosterVersion int `gorm:"not null;default:0"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// Declared lists the declared tool ids.
func (a Agent) Declared() []string { return decodeList(a.DeclaredJSON) }

// Services lists the connected services.
func (a Agent) Services() []string { return decodeList(a.ServicesJSON) }

// AgentInput is what creating or editing an agent takes.
type AgentInput struct {
	Slug           string
	Name           string
	Description    string
	Declared       []string
	Services       []string
	DefaultProfile string // profile slug, optional
	// ProfileReview: a save of the default profile needs a reviewer.
	ProfileReview bool
}

// Validate checks the input against the set of known tool ids; it returns
// field errors.
func (in AgentInput) Validate(known map[string]bool) map[string]string {
	errs := map[string]string{}
	if !slugPattern().MatchString(in.Slug) {
		errs["slug"] = slugRule()
	}
	if strings.TrimSpace(in.Name) == "" || tooLong(in.Name, MaxName) {
		errs["name"] = requiredAtMost(MaxName)
	}
	if tooLong(in.Description, MaxDescription) {
		errs["description"] = atMost(MaxDescription)
	}
	if msg := checkToolList(in.Declared, known); msg != "" {
		errs["declared"] = msg
	}
	for _, s := range in.Services {
		if !servicePattern().MatchString(s) {
			errs["services"] = fmt.Sprintf("%q is not a service name (%s)", s, servicePattern())
			break
		}
	}
	return errs
}

// withDeclared is known plus the tools an agent already declares: a tool
// that left the catalog with its connection (removed, or a sync that no
// longer lists it) stays declarable, so a save that keeps it is never
// refused for a change made elsewhere; it is back in the roster when the
// tool returns. known is not changed.
func withDeclared(known map[string]bool, declared []string) map[string]bool {
	missing := false
	for _, id := range declared {
		missing = missing || !known[id]
	}
	if !missing {
		return known
	}
	out := make(map[string]bool, len(known)+len(declared))
	for id := range known {
		out[id] = true
	}
	for _, id := range declared {
		out[id] = true
	}
	return out
}

// checkToolList reports every unknown or duplicate tool id, unknown ones
// with the closest known id to suggest; "" when the list is good.
func checkToolList(ids []string, known map[string]bool) string {
	return toolpick.Join(toolpick.Check(ids, known, ""))
}

// CreateAgent stores a new agent and audits it.
func (s *Store) CreateAgent(ctx context.Context, actor string, in AgentInput, known map[string]bool) (*Agent, error) {
	if errs := in.Validate(known); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	a := &Agent{Slug: in.Slug, Name: strings.TrimSpace(in.Name), Description: in.Description, DeclaredJSON: encodeList(in.Declared), ServicesJSON: encodeList(in.Services), ProfileReview: in.ProfileReview, Version: 1, RosterVersion: 1}
	err := s.Tx(ctx, func(tx *Store) error {
		if err := tx.resolveDefaultProfile(ctx, a, in.DefaultProfile); err != nil {
			return err
		}
		if err := tx.lockDefaultProfiles(ctx, a.DefaultProfileID); err != nil {
			return err
		}
		if err := tx.with(ctx).Create(a).Error; err != nil {
			if errors.Is(notFound(err), ErrConflict) {
				return &ValidationError{Fields: map[string]string{"slug": "is taken"}}
			}
			return err
		}
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "agent.create", Subject: "agent:" + a.Slug, After: digestOf(a.DeclaredJSON + a.ServicesJSON)})
	})
	if err != nil {
		return nil, fmt.Errorf("models: create agent: %w", err)
	}
	return a, nil
}

func (s *Store) resolveDefaultProfile(ctx context.Context, a *Agent, slug string) error {
	a.DefaultProfileID = nil
	if slug == "" {
		return nil
	}
	p, err := s.ProfileBySlug(ctx, slug)
	if err != nil {
		return &ValidationError{Fields: map[string]string{"default_profile": fmt.Sprintf("no profile %q", slug)}}
	}
	// an agent runs under its own profiles or one made for no agent (a
	// new agent has none of its own yet: its ID is 0)
	if p.AgentID != nil && *p.AgentID != a.ID {
		return &ValidationError{Fields: map[string]string{"default_profile": fmt.Sprintf("%q is made for another agent: pick one of this agent's profiles or one made for no agent", slug)}}
	}
	a.DefaultProfileID = &p.ID
	return nil
}

// UpdateAgent replaces an agent's settings if it is still at version base.
func (s *Store) UpdateAgent(ctx context.Context, actor, slug string, base int, in AgentInput, known map[string]bool) (*Agent, error) {
	in.Slug = slug
	if cur, err := s.AgentBySlug(ctx, slug); err == nil {
		known = withDeclared(known, cur.Declared())
	}
	if errs := in.Validate(known); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	var out *Agent
	err := s.Tx(ctx, func(tx *Store) error {
		a, err := tx.AgentBySlug(ctx, slug)
		if err != nil {
			return err
		}
		before := digestOf(a.DeclaredJSON + a.ServicesJSON)
		reviewWas, defaultWas := a.ProfileReview, a.DefaultProfileID
		rosterWas := a.DeclaredJSON + "\x00" + a.ServicesJSON + "\x00" + profileIDString(a.DefaultProfileID)
		a.ProfileReview = in.ProfileReview
		a.Name, a.Description, a.DeclaredJSON, a.ServicesJSON = strings.TrimSpace(in.Name), in.Description, encodeList(in.Declared), encodeList(in.Services)
		if err := tx.resolveDefaultProfile(ctx, a, in.DefaultProfile); err != nil {
			return err
		}
		// a save of either default profile reads whether it needs review
		// under that profile's lock (SaveProfileVersion)
		if err := tx.lockDefaultProfiles(ctx, defaultWas, a.DefaultProfileID); err != nil {
			return err
		}
		if rosterWas != a.DeclaredJSON+"\x00"+a.ServicesJSON+"\x00"+profileIDString(a.DefaultProfileID) {
			a.RosterVersion++
		}
		res := tx.with(ctx).Model(&Agent{}).Where("id = ? AND version = ?", a.ID, base).Updates(map[string]any{
			"name": a.Name, "description": a.Description, "declared": a.DeclaredJSON, "services": a.ServicesJSON,
			"default_profile_id": a.DefaultProfileID, "profile_review": a.ProfileReview, "version": base + 1, "roster_version": a.RosterVersion, "updated_at": time.Now().UTC(),
		})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		a.Version = base + 1
		out = a
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "agent.update", Subject: "agent:" + slug, Before: before, After: digestOf(a.DeclaredJSON + a.ServicesJSON)}); err != nil {
			return err
		}
		if reviewWas == a.ProfileReview {
			return nil
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "agent.profile_review", Subject: "agent:" + slug,
			Detail: onOff(a.ProfileReview) + " (was " + onOff(reviewWas) + "): saves of the default profile " + map[bool]string{true: "need a reviewer's approval", false: "are used at once"}[a.ProfileReview]})
	})
	if err != nil {
		return nil, fmt.Errorf("models: update agent: %w", err)
	}
	return out, nil
}

// AgentBySlug finds an agent.
func (s *Store) AgentBySlug(ctx context.Context, slug string) (*Agent, error) {
	var a Agent
	if err := s.with(ctx).Where("slug = ?", slug).First(&a).Error; err != nil {
		return nil, fmt.Errorf("models: agent %q: %w", slug, notFound(err))
	}
	return &a, nil
}

// AgentByID finds an agent by id.
func (s *Store) AgentByID(ctx context.Context, id uint) (*Agent, error) {
	var a Agent
	if err := s.with(ctx).First(&a, id).Error; err != nil {
		return nil, fmt.Errorf("models: agent %d: %w", id, notFound(err))
	}
	return &a, nil
}

// Agents lists agents by name.
func (s *Store) Agents(ctx context.Context) ([]Agent, error) {
	var as []Agent
	err := s.with(ctx).Order("name").Find(&as).Error
	return as, err
}
