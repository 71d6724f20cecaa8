package models

import (
	"context"
	"fmt"

	"gorm.io/gorm/schema"

	"github.com/agentforge/console/instruction/plural"
)

// personTextModels are the models with columns a person types
// (PersonText): the texts migration 160 normalizes.
var personTextModels = []any{&Agent{}, &Profile{}, &ProfileVersion{}, &APIKey{}, &Approval{}, &Group{}, &GroupVersion{},
	&Proposal{}, &ProposalRevision{}, &Review{}, &SelectionCaseSet{}, &SkillVersion{}, &HintProposal{}}

// normalizeStoredText is migration 160: every person's text stored before
// line endings were normalized on write gets "\n" line endings, and the
// digests of skill versions, proposals and their revisions are computed
// again over the normalized text (a review keeps pointing at the revision
// it was given for: its digest moves with it). The audit log keeps what it
// recorded and gains one event saying what changed.
func normalizeStoredText(ctx context.Context, s *Store) error {
	rows := int64(0)
	for _, m := range personTextModels {
		sch, err := schema.Parse(m, &limitSchemas, schema.NamingStrategy{})
		if err != nil {
			return err
		}
		for _, f := range sch.Fields {
			if !PersonText(f) || f.DBName == "" {
				continue
			}
			res := s.with(ctx).Exec(fmt.Sprintf("UPDATE %s SET %s = REPLACE(REPLACE(%s, ?, ?), ?, ?) WHERE %s LIKE ?", sch.Table, f.DBName, f.DBName, f.DBName),
				"\r\n", "\n", "\r", "\n", "%\r%")
			if res.Error != nil {
				return fmt.Errorf("models: normalize %s.%s: %w", sch.Table, f.DBName, res.Error)
			}
			rows += res.RowsAffected
		}
	}
	redigested, err := s.redigestSkillTexts(ctx)
	if err != nil {
		return err
	}
	if rows == 0 && redigested == 0 {
		return nil
	}
	return s.Audit(ctx, Event{Actor: MigrationActor, Action: "text.line_endings_normalized", Subject: "texts",
		Detail: fmt.Sprintf("%s given \\n line endings; %d skill, proposal and revision digests computed again", plural.Count(int(rows), "text"), redigested)})
}

// redigestSkillTexts recomputes the digest of every skill version,
// proposal and revision whose stored digest is not its content's, and
// moves the reviews bound to an old digest of a proposal to the new one.
func (s *Store) redigestSkillTexts(ctx context.Context) (int, error) {
	n := 0
	var vs []SkillVersion
	if err := s.with(ctx).Find(&vs).Error; err != nil {
		return 0, err
	}
	for _, v := range vs {
		if d := v.Content().Digest(); d != v.Digest {
			if err := s.with(ctx).Model(&SkillVersion{}).Where("id = ?", v.ID).Update("digest", d).Error; err != nil {
				return 0, err
			}
			n++
		}
	}
	var rs []ProposalRevision
	if err := s.with(ctx).Find(&rs).Error; err != nil {
		return 0, err
	}
	for _, r := range rs {
		c := SkillContent{Name: r.Name, Summary: r.Summary, Procedure: r.Procedure, RequiredTools: decodeList(r.RequiredToolsJSON)}
		if d := c.Digest(); d != r.Digest {
			if err := s.redigest(ctx, &ProposalRevision{}, r.ID, r.ProposalID, r.Digest, d); err != nil {
				return 0, err
			}
			n++
		}
	}
	var ps []Proposal
	if err := s.with(ctx).Find(&ps).Error; err != nil {
		return 0, err
	}
	for _, p := range ps {
		if d := p.Content().Digest(); d != p.Digest {
			if err := s.redigest(ctx, &Proposal{}, p.ID, p.ID, p.Digest, d); err != nil {
				return 0, err
			}
			n++
		}
	}
	return n, nil
}

// redigest sets one row's digest and moves its proposal's reviews of the
// old digest to the new one.
func (s *Store) redigest(ctx context.Context, model any, id, proposalID uint, old, d string) error {
	if err := s.with(ctx).Model(model).Where("id = ?", id).Update("digest", d).Error; err != nil {
		return err
	}
	return s.with(ctx).Model(&Review{}).Where("proposal_id = ? AND digest = ?", proposalID, old).Update("digest", d).Error
}
