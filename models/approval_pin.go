package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/authority"
)

// Groups are the subject's groups the request was made with.
func (a Approval) Groups() []string {
	var gs []string
	_ = json.Unmarshal([]byte(a.GroupsJSON), &gs)
	return gs
}

// ReviewStamp names the tool's review: its digest, status, when it was
// reviewed (a descriptor changed, reverted and approved again is another
// review) and its review generation (ReviewGen: a change restored to the
// reviewed version is another review too). Bindings and approvals pin it.
// A tool never changed since generations were counted keeps the stamp it
// had, so what pinned it before still holds.
func (t Tool) ReviewStamp() string {
	at := ""
	if t.ReviewedAt != nil {
		at = strconv.FormatInt(t.ReviewedAt.UnixNano(), 10)
	}
	stamp := t.Digest + ":" + t.Status + ":" + at
	if t.ReviewGen > 0 {
		stamp += ":" + strconv.Itoa(t.ReviewGen)
	}
	return stamp
}

// AgentStamp is the part of an agent a pin holds: its roster's version
// (RosterVersion), which a rename or a new description leaves as it is.
func AgentStamp(a Agent) string { return strconv.Itoa(a.RosterVersion) }

// profileIDString names a default profile id ("" for none).
func profileIDString(id *uint) string {
	if id == nil {
		return ""
	}
	return strconv.FormatUint(uint64(*id), 10)
}

// approvalPin is the authority (authority.PinOf) a's call is decided
// under now, read from the database: its groups' versions, its agent's
// stamp, its profile's current version and its tool's review. Something
// gone counts as version 0 (or an empty stamp), which never equals what
// was there.
func (s *Store) approvalPin(ctx context.Context, a *Approval) (authority.Pin, error) {
	groups := a.Groups()
	versions := map[string]int{}
	if len(groups) > 0 {
		var gs []Group
		if err := s.with(ctx).Where("name IN ?", groups).Find(&gs).Error; err != nil {
			return authority.Pin{}, err
		}
		for _, g := range gs {
			versions[g.Name] = g.Version
		}
	}
	agentStamp := ""
	var ag Agent
	if err := s.with(ctx).Where("slug = ?", a.Agent).Limit(1).Find(&ag).Error; err != nil {
		return authority.Pin{}, err
	}
	if ag.ID != 0 {
		agentStamp = AgentStamp(ag)
	}
	profileVersion := 0
	if a.Profile != "" {
		var p Profile
		if err := s.with(ctx).Where("slug = ?", a.Profile).Limit(1).Find(&p).Error; err != nil {
			return authority.Pin{}, err
		}
		profileVersion = p.CurrentVersion
	}
	review := ""
	var t Tool
	if err := s.with(ctx).Where("id = ?", a.Tool).Limit(1).Find(&t).Error; err != nil {
		return authority.Pin{}, err
	}
	if t.ID != "" {
		review = t.ReviewStamp()
	}
	return authority.PinOf(groups, func(g string) int { return versions[g] }, a.Agent, agentStamp, a.Profile, profileVersion, a.Tool, review), nil
}

// VoidApproval records that an approved approval's pinned authority
// changed (reason: what changed), audited in the same transaction: it
// allows no further call, even if the change is undone, and the
// Approvals page shows it void. An approval no longer approved (already
// void, withdrawn, spent elsewhere), or whose pin still equals the
// authority of now (the caller read a stale state), is ErrConflict.
func (s *Store) VoidApproval(ctx context.Context, ref, reason string, now time.Time) error {
	err := s.Tx(ctx, func(tx *Store) error {
		var a Approval
		if err := tx.with(ctx).Where("ref = ?", ref).First(&a).Error; err != nil {
			return notFound(err)
		}
		// a check that read the authority before a change and the approval
		// after a reviewer decided it under that change saw a difference
		// that is not there: the database's authority of now decides
		if now, err := tx.approvalPin(ctx, &a); err != nil {
			return err
		} else if now.String() == a.AuthorityPin {
			return ErrConflict
		}
		res := tx.with(ctx).Model(&Approval{}).Where("id = ? AND status = ?", a.ID, authority.ApprovalApproved).
			Updates(map[string]any{"status": authority.ApprovalVoid, "voided_at": now.UTC(), "void_reason": clipTo(reason, 200)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		return tx.Audit(ctx, Event{Actor: SystemActor, Action: "approval.void", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), Before: a.Digest,
			Detail: fmt.Sprintf("subject %q, approved by %s: %s", clipTo(a.Subject, 200), a.DecidedBy, clipTo(reason, 200))})
	})
	if err != nil {
		return fmt.Errorf("models: void approval %s: %w", ref, err)
	}
	return nil
}

// migrateApprovalPins (migration 252) adds approvals' pinned authority,
// their profile and their voiding, and pins every approval still able to
// allow a call to the authority of now: a change from here on voids it.
func migrateApprovalPins(tx *gorm.DB, dialect string) error {
	if err := addColumns(tx, &Approval{}, "Profile", "AuthorityPin", "VoidedAt", "VoidReason"); err != nil {
		return err
	}
	return dataMigration(pinLiveApprovals)(tx, dialect)
}

// pinLiveApprovals pins approved, unspent approvals, under their agent's
// default profile (requests made before profiles were recorded).
func pinLiveApprovals(ctx context.Context, s *Store) error {
	var live []Approval
	if err := s.with(ctx).Where("status = ? AND used_at IS NULL AND authority_pin = ''", authority.ApprovalApproved).Find(&live).Error; err != nil {
		return err
	}
	for i := range live {
		a := &live[i]
		if a.Profile == "" {
			p, err := s.defaultProfileSlug(ctx, a.Agent)
			if err != nil {
				return err
			}
			a.Profile = p
		}
		pin, err := s.approvalPin(ctx, a)
		if err != nil {
			return err
		}
		if err := s.with(ctx).Model(&Approval{}).Where("id = ?", a.ID).Updates(map[string]any{"profile": a.Profile, "authority_pin": pin.String()}).Error; err != nil {
			return err
		}
	}
	return nil
}

// defaultProfileSlug is the slug of agent's default profile ("" when it
// has none, or there is no such agent).
func (s *Store) defaultProfileSlug(ctx context.Context, agent string) (string, error) {
	var ag Agent
	if err := s.with(ctx).Where("slug = ?", agent).Limit(1).Find(&ag).Error; err != nil {
		return "", err
	}
	if ag.DefaultProfileID == nil {
		return "", nil
	}
	var p Profile
	err := s.with(ctx).Where("id = ?", *ag.DefaultProfileID).First(&p).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	return p.Slug, err
}
