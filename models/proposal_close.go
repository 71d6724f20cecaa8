package models

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"gorm.io/gorm"
)

// productionNumber is the skill's production version now (0: none).
func (s *Store) productionNumber(ctx context.Context, skillID uint) (int, error) {
	l, err := s.Production(ctx, skillID)
	if err != nil {
		return 0, err
	}
	return prodNumber(l), nil
}

// prodNumber is a production label's version (0: none).
func prodNumber(l *SkillLabel) int {
	if l == nil {
		return 0
	}
	return l.Version
}

// migrateClosedProposals adds the columns that freeze a closed proposal's
// record (databases created since have them from migration 3) and fills
// them for proposals closed before.
func migrateClosedProposals(tx *gorm.DB, dialect string) error {
	m := tx.Migrator()
	if !m.HasColumn(&Proposal{}, "closed_production") {
		if err := tx.Exec("ALTER TABLE proposals ADD COLUMN closed_production INTEGER").Error; err != nil {
			return err
		}
	}
	if !m.HasColumn(&Proposal{}, "approved_by") {
		if err := tx.Exec("ALTER TABLE proposals ADD COLUMN approved_by TEXT NOT NULL DEFAULT ''").Error; err != nil {
			return err
		}
	}
	return dataMigration(backfillClosedProposals)(tx, dialect)
}

// backfillClosedProposals reconstructs, for each proposal closed before
// the record was kept, the production version it was judged against and
// the approvals that counted, from the immutable records: the promoted
// version's parent, the audit events of promotions and rollbacks, and
// the reviews bound to the final revision.
func backfillClosedProposals(ctx context.Context, s *Store) error {
	var ps []Proposal
	if err := s.with(ctx).Where("status IN ? AND closed_production IS NULL", []string{ProposalPromoted, ProposalRejected, ProposalWithdrawn}).Order("id").Find(&ps).Error; err != nil {
		return err
	}
	for _, p := range ps {
		k, err := s.SkillByID(ctx, p.SkillID)
		if err != nil {
			return err
		}
		against, approvers, err := s.closedRecord(ctx, &p, k.Slug)
		if err != nil {
			return err
		}
		if err := s.with(ctx).Model(&Proposal{}).Where("id = ?", p.ID).Updates(map[string]any{"closed_production": against, "approved_by": encodeList(approvers)}).Error; err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) closedRecord(ctx context.Context, p *Proposal, slug string) (int, []string, error) {
	against := p.BaseVersion
	if p.Status == ProposalPromoted && p.PromotedVersion != nil {
		v, err := s.SkillVersionAt(ctx, p.SkillID, *p.PromotedVersion)
		if err != nil {
			return 0, nil, err
		}
		against = 0
		if v.Parent != nil {
			against = *v.Parent
		}
		var e AuditEvent
		err = s.with(ctx).Where("action = ? AND subject = ?", "skill.promote", fmt.Sprintf("skill:%s proposal:%d", slug, p.ID)).Order("id").Limit(1).Find(&e).Error
		if err != nil {
			return 0, nil, err
		}
		if names := approversOf(e.Detail); len(names) > 0 {
			return against, names, nil
		}
	} else if p.ClosedAt != nil {
		// production as the last promotion or rollback before the close left it
		var e AuditEvent
		err := s.with(ctx).Where("action IN ? AND (subject = ? OR subject LIKE ?"+likeEscape+") AND at <= ?", []string{"skill.promote", "skill.rollback"}, "skill:"+slug, likeLiteral("skill:"+slug+" proposal:")+"%", *p.ClosedAt).
			Order("id DESC").Limit(1).Find(&e).Error
		if err != nil {
			return 0, nil, err
		}
		if n, ok := strings.CutPrefix(e.AfterDigest, "v"); ok {
			if v, err := strconv.Atoi(n); err == nil {
				against = v
			}
		}
	}
	rs, err := s.Reviews(ctx, p.ID)
	if err != nil {
		return 0, nil, err
	}
	seen := map[string]bool{}
	var names []string
	for _, r := range rs {
		if r.Withdrawn || r.Kind != ReviewApprove || r.Digest != p.Digest || r.Revision != p.Revision || r.ProductionVersion != against || seen[r.Reviewer] || p.EditedBy(r.Reviewer) {
			continue
		}
		seen[r.Reviewer] = true
		names = append(names, r.Reviewer)
	}
	return against, names, nil
}

// approversOf reads the reviewers out of a promotion's audit detail,
// "approved by a, b" (older events wrote "approved by [a b]").
func approversOf(detail string) []string {
	rest, ok := strings.CutPrefix(detail, "approved by ")
	if !ok {
		return nil
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "[") && strings.HasSuffix(rest, "]") {
		return strings.Fields(rest[1 : len(rest)-1])
	}
	var out []string
	for _, n := range strings.Split(rest, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}
