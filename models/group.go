package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
)

// Group is a set of subjects (end users an agent acts for) that grants
// attach to. Its grant set is versioned: every change is a new immutable
// GroupVersion, written with a compare-and-swap on Version.
type Group struct {
	ID          uint   `gorm:"primaryKey"`
	Name        string `gorm:"size:64;uniqueIndex;not null" text:"person"`
	Description string `gorm:"size:500" text:"person"`
	Version     int    `gorm:"not null"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// TableName keeps the table clear of the GROUPS keyword.
func (Group) TableName() string { return "subject_groups" }

// GroupVersion is one immutable version of a group's grants.
type GroupVersion struct {
	ID         uint   `gorm:"primaryKey"`
	GroupID    uint   `gorm:"uniqueIndex:idx_group_version;not null"`
	Version    int    `gorm:"uniqueIndex:idx_group_version;not null"`
	GrantsJSON string `gorm:"column:grants;type:text;not null"`
	Author     string `gorm:"size:64;not null"`
	Message    string `gorm:"size:500" text:"person"`
	CreatedAt  time.Time
}

// Grants decodes the version's grants.
func (v GroupVersion) Grants() []GrantSpec {
	var out []GrantSpec
	_ = json.Unmarshal([]byte(v.GrantsJSON), &out)
	return out
}

// Groups lists every group by name.
func (s *Store) Groups(ctx context.Context) ([]Group, error) {
	var gs []Group
	err := s.with(ctx).Order("name").Find(&gs).Error
	return gs, err
}

// GroupByName finds a group.
func (s *Store) GroupByName(ctx context.Context, name string) (*Group, error) {
	var g Group
	if err := s.with(ctx).Where("name = ?", name).First(&g).Error; err != nil {
		return nil, fmt.Errorf("models: group %q: %w", name, notFound(err))
	}
	return &g, nil
}

// GroupVersions lists a group's versions, newest first.
func (s *Store) GroupVersions(ctx context.Context, groupID uint) ([]GroupVersion, error) {
	var vs []GroupVersion
	err := s.with(ctx).Where("group_id = ?", groupID).Order("version DESC").Find(&vs).Error
	return vs, err
}

// GroupVersionAt loads one version of a group's grants.
func (s *Store) GroupVersionAt(ctx context.Context, groupID uint, n int) (*GroupVersion, error) {
	var v GroupVersion
	if err := s.with(ctx).Where("group_id = ? AND version = ?", groupID, n).First(&v).Error; err != nil {
		return nil, fmt.Errorf("models: group version %d: %w", n, notFound(err))
	}
	return &v, nil
}

// SetGrants saves a group's whole grant set as a new version, creating the
// group when base is 0. Saving from a stale base is ErrConflict; an
// unchanged set writes nothing. Every replica's next check sees it: the
// configuration generation moves in the same transaction, as does the
// voiding of the group's pending requests the new set can never grant
// (voidRequestsOfGroup).
func (s *Store) SetGrants(ctx context.Context, actor, group string, base int, grants []GrantSpec, message string, known map[string]bool) (*GroupVersion, error) {
	var services map[string]bool
	if known != nil {
		var err error
		if services, err = s.KnownServices(ctx, known); err != nil {
			return nil, err
		}
	}
	if errs := ValidateGroupVersion(group, message, grants, known, services); errs != nil {
		return nil, &ValidationError{Fields: errs}
	}
	grants = sortGrants(grants)
	body, _ := json.Marshal(grants)
	var out *GroupVersion
	err := s.Tx(ctx, func(tx *Store) error {
		g, err := tx.GroupByName(ctx, group)
		switch {
		case errors.Is(err, ErrNotFound):
			if base != 0 {
				return ErrNotFound
			}
			g = &Group{Name: group, Version: 0}
			if err := tx.with(ctx).Create(g).Error; err != nil {
				return notFound(err)
			}
		case err != nil:
			return err
		case g.Version != base:
			return ErrConflict
		default:
			cur, err := tx.GroupVersionAt(ctx, g.ID, g.Version)
			if err != nil {
				return err
			}
			if cur.GrantsJSON == string(body) {
				out = cur
				return nil
			}
		}
		res := tx.with(ctx).Model(&Group{}).Where("id = ? AND version = ?", g.ID, g.Version).Updates(map[string]any{"version": g.Version + 1, "updated_at": time.Now().UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		out = &GroupVersion{GroupID: g.ID, Version: g.Version + 1, GrantsJSON: string(body), Author: actor, Message: message}
		if err := tx.with(ctx).Create(out).Error; err != nil {
			return notFound(err)
		}
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "grants.save", Subject: fmt.Sprintf("group:%s v%d", group, out.Version), After: digestOf(string(body)),
			Detail: fmt.Sprintf("%s; %s", plural.CountForms(len(grants), "grant", "grants"), message)}); err != nil {
			return err
		}
		return tx.voidRequestsOfGroup(ctx, actor, group, fmt.Sprintf("group:%s v%d", group, out.Version), time.Now())
	})
	if err != nil {
		return nil, fmt.Errorf("models: save grants of %s: %w", group, err)
	}
	return out, nil
}

// CurrentGrants returns a group's current version (nil, 0 for a group
// that does not exist yet).
func (s *Store) CurrentGrants(ctx context.Context, group string) ([]GrantSpec, int, error) {
	g, err := s.GroupByName(ctx, group)
	if errors.Is(err, ErrNotFound) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	v, err := s.GroupVersionAt(ctx, g.ID, g.Version)
	if err != nil {
		return nil, 0, err
	}
	return v.Grants(), g.Version, nil
}

// ChangeGrants adds or removes grants of a group (the command line's
// grant add|remove), retrying when another writer moved the group first.
// Adding a grant that exists updates its requires_approval flag, and the
// version's message says which way it moved; removing
// one that does not exist is a validation error naming it.
func (s *Store) ChangeGrants(ctx context.Context, actor, group string, add bool, change []GrantSpec, known map[string]bool) (*GroupVersion, error) {
	for attempt := 0; ; attempt++ {
		cur, base, err := s.CurrentGrants(ctx, group)
		if err != nil {
			return nil, err
		}
		next := map[string]GrantSpec{}
		for _, g := range cur {
			next[g.Key()] = g
		}
		verb := "add"
		keys := make([]string, 0, len(change))
		for _, g := range change {
			keys = append(keys, g.Key())
			if add {
				// re-adding a grant may flip its approval: say which way
				if was, ok := next[g.Key()]; ok && was.RequiresApproval != g.RequiresApproval {
					if g.RequiresApproval {
						keys[len(keys)-1] += " (now requires approval)"
					} else {
						keys[len(keys)-1] += " (no longer requires approval)"
					}
				} else if !ok && g.RequiresApproval {
					keys[len(keys)-1] += " (requires approval)"
				}
				next[g.Key()] = g
				continue
			}
			verb = "remove"
			if _, ok := next[g.Key()]; !ok {
				return nil, &ValidationError{Fields: map[string]string{g.Kind: fmt.Sprintf("group %s has no grant %s", group, g.Key())}}
			}
			delete(next, g.Key())
		}
		list := make([]GrantSpec, 0, len(next))
		for _, g := range next {
			list = append(list, g)
		}
		v, err := s.SetGrants(ctx, actor, group, base, list, verb+" "+strings.Join(keys, ", "), known)
		if errors.Is(err, ErrConflict) && attempt < 5 {
			continue
		}
		return v, err
	}
}

// AllGrants returns every group's current grants: the input of every
// authorization.
func (s *Store) AllGrants(ctx context.Context) ([]authority.Grant, error) {
	var rows []struct {
		Name   string
		Grants string
	}
	err := s.with(ctx).Table("subject_groups g").Select("g.name, v.grants").
		Joins("JOIN group_versions v ON v.group_id = g.id AND v.version = g.version").
		Order("g.name").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("models: grants: %w", err)
	}
	var out []authority.Grant
	for _, r := range rows {
		var gs []GrantSpec
		if err := json.Unmarshal([]byte(r.Grants), &gs); err != nil {
			return nil, fmt.Errorf("models: grants of %s unreadable: %w", r.Name, err)
		}
		for _, g := range gs {
			out = append(out, authority.Grant{Group: r.Name, Kind: g.Kind, Value: g.Value, RequiresApproval: g.RequiresApproval})
		}
	}
	return out, nil
}
