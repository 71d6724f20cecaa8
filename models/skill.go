package models

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/agentforge/console/catalog"
)

// Skill limits.
const (
	MaxSkillName      = 64
	MaxSkillSummary   = 1024
	MaxSkillProcedure = 64 << 10
)

// Skill is a reviewed procedure with immutable versions.
type Skill struct {
	ID        uint   `gorm:"primaryKey"`
	Slug      string `gorm:"size:64;uniqueIndex;not null"`
	CreatedBy string `gorm:"size:64"`
	CreatedAt time.Time
}

// SkillVersion is one immutable version of a skill.
type SkillVersion struct {
	ID                uint   `gorm:"primaryKey"`
	SkillID           uint   `gorm:"not null;uniqueIndex:idx_skill_version"`
	Version           int    `gorm:"not null;uniqueIndex:idx_skill_version"`
	Name              string `gorm:"size:64;not null" text:"person"`
	Summary           string `gorm:"size:1024;not null" text:"person"`
	Procedure         string `gorm:"type:text;not null" text:"person"`
	RequiredToolsJSON string `gorm:"column:required_tools;type:text;not null"`
	Author            string `gorm:"size:64;not null"`
	Parent            *int
	Digest            string `gorm:"size:64;not null"`
	ProposalID        *uint
	CreatedAt         time.Time
}

// RequiredTools lists the tools the procedure needs.
func (v SkillVersion) RequiredTools() []string { return decodeList(v.RequiredToolsJSON) }

// SkillLabel points a label at a version. The primary key (skill, label)
// is how the database forbids two production versions of one skill.
type SkillLabel struct {
	SkillID uint   `gorm:"primaryKey;autoIncrement:false"`
	Label   string `gorm:"primaryKey;size:32"`
	Version int    `gorm:"not null"`
	Since   time.Time
	SetBy   string `gorm:"size:64"`
}

// LabelProduction is the protected label runtimes load.
const LabelProduction = "production"

// SkillContent is what a version (or a proposal revision) holds.
type SkillContent struct {
	Name          string   `json:"name"`
	Summary       string   `json:"summary"`
	Procedure     string   `json:"procedure"`
	RequiredTools []string `json:"required_tools"`
}

// Normalized is the content with every text's line endings normalized
// (NormalizeLineEndings): what is stored and what the digest covers.
func (c SkillContent) Normalized() SkillContent {
	c.Name, c.Summary, c.Procedure = NormalizeLineEndings(c.Name), NormalizeLineEndings(c.Summary), NormalizeLineEndings(c.Procedure)
	return c
}

// Digest is sha256 of the normalized content's canonical JSON: the same
// text with "\r\n", "\r" or "\n" line endings has one digest.
func (c SkillContent) Digest() string {
	c = c.Normalized()
	if c.RequiredTools == nil {
		c.RequiredTools = []string{}
	}
	b, _ := json.Marshal(c)
	return digestOf(string(b))
}

// Validate checks the hard limits (field errors); softer checks run as
// proposal checks.
func (c SkillContent) Validate() map[string]string {
	c = c.Normalized()
	errs := map[string]string{}
	if strings.TrimSpace(c.Name) == "" {
		errs["name"] = "is required"
	} else if len([]rune(c.Name)) > MaxSkillName {
		errs["name"] = fmt.Sprintf("is %d characters; at most %d", len([]rune(c.Name)), MaxSkillName)
	}
	if strings.TrimSpace(c.Summary) == "" {
		errs["summary"] = "is required"
	} else if len([]rune(c.Summary)) > MaxSkillSummary {
		errs["summary"] = fmt.Sprintf("is %d characters; at most %d", len([]rune(c.Summary)), MaxSkillSummary)
	}
	if strings.TrimSpace(c.Procedure) == "" {
		errs["procedure"] = "is required"
	} else if len(c.Procedure) > MaxSkillProcedure {
		errs["procedure"] = fmt.Sprintf("is %d bytes; at most %d", len(c.Procedure), MaxSkillProcedure)
	}
	// all three reach the model: nothing in them may hide from a reviewer
	for field, text := range map[string]string{"name": c.Name, "summary": c.Summary, "procedure": c.Procedure} {
		if msg := catalog.HiddenText(text); msg != "" && errs[field] == "" {
			errs[field] = msg
		}
	}
	for field, text := range map[string]string{"summary": c.Summary, "procedure": c.Procedure} {
		if hasConflictMarkers(text) && errs[field] == "" {
			errs[field] = "holds a merge's conflict markers (<<<<<<<, =======, >>>>>>>): keep the lines you want and delete the markers"
		}
	}
	seen := map[string]bool{}
	for _, t := range c.RequiredTools {
		if seen[t] {
			errs["required_tools"] = t + " is listed twice"
		}
		seen[t] = true
	}
	return errs
}

// Content returns a version's content.
func (v SkillVersion) Content() SkillContent {
	return SkillContent{Name: v.Name, Summary: v.Summary, Procedure: v.Procedure, RequiredTools: v.RequiredTools()}
}

// SkillBySlug finds a skill.
func (s *Store) SkillBySlug(ctx context.Context, slug string) (*Skill, error) {
	var k Skill
	if err := s.with(ctx).Where("slug = ?", slug).First(&k).Error; err != nil {
		return nil, fmt.Errorf("models: skill %q: %w", slug, notFound(err))
	}
	return &k, nil
}

// SkillByID finds a skill by id.
func (s *Store) SkillByID(ctx context.Context, id uint) (*Skill, error) {
	var k Skill
	if err := s.with(ctx).First(&k, id).Error; err != nil {
		return nil, fmt.Errorf("models: skill %d: %w", id, notFound(err))
	}
	return &k, nil
}

// Skills lists skills by slug.
func (s *Store) Skills(ctx context.Context) ([]Skill, error) {
	var ks []Skill
	err := s.with(ctx).Order("slug").Find(&ks).Error
	return ks, err
}

// SkillVersions lists a skill's versions, newest first.
func (s *Store) SkillVersions(ctx context.Context, skillID uint) ([]SkillVersion, error) {
	var vs []SkillVersion
	err := s.with(ctx).Where("skill_id = ?", skillID).Order("version DESC").Find(&vs).Error
	return vs, err
}

// SkillVersionAt loads one version.
func (s *Store) SkillVersionAt(ctx context.Context, skillID uint, n int) (*SkillVersion, error) {
	var v SkillVersion
	if err := s.with(ctx).Where("skill_id = ? AND version = ?", skillID, n).First(&v).Error; err != nil {
		return nil, fmt.Errorf("models: skill version %d: %w", n, notFound(err))
	}
	return &v, nil
}

// Production returns the production label of a skill (nil when none).
func (s *Store) Production(ctx context.Context, skillID uint) (*SkillLabel, error) {
	var l SkillLabel
	err := s.with(ctx).Where("skill_id = ? AND label = ?", skillID, LabelProduction).Limit(1).Find(&l).Error
	if err != nil {
		return nil, err
	}
	if l.SkillID == 0 {
		return nil, nil
	}
	return &l, nil
}

// ProductionVersion loads the production version of a skill (ErrNotFound
// when it has none).
func (s *Store) ProductionVersion(ctx context.Context, skillID uint) (*SkillVersion, error) {
	l, err := s.Production(ctx, skillID)
	if err != nil {
		return nil, err
	}
	if l == nil {
		return nil, fmt.Errorf("models: skill %d has no production version: %w", skillID, ErrNotFound)
	}
	return s.SkillVersionAt(ctx, skillID, l.Version)
}

// ActiveSkill is a skill's production version, as compositions list it.
type ActiveSkill struct {
	Slug    string
	Version SkillVersion
}

// ActiveSkills lists every skill's production version.
func (s *Store) ActiveSkills(ctx context.Context) ([]ActiveSkill, error) {
	var rows []struct {
		Slug string
		SkillVersion
	}
	err := s.with(ctx).Table("skill_versions").
		Select("skills.slug, skill_versions.*").
		Joins("JOIN skill_labels ON skill_labels.skill_id = skill_versions.skill_id AND skill_labels.version = skill_versions.version AND skill_labels.label = ?", LabelProduction).
		Joins("JOIN skills ON skills.id = skill_versions.skill_id").
		Order("skills.slug").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("models: active skills: %w", err)
	}
	out := make([]ActiveSkill, len(rows))
	for i, r := range rows {
		out[i] = ActiveSkill{Slug: r.Slug, Version: r.SkillVersion}
	}
	return out, nil
}

// LatestVersion is a skill's newest version number (the automatic
// "latest" label), 0 when it has none.
func (s *Store) LatestVersion(ctx context.Context, skillID uint) (int, error) {
	var n int
	err := s.with(ctx).Model(&SkillVersion{}).Where("skill_id = ?", skillID).Select("COALESCE(MAX(version), 0)").Scan(&n).Error
	return n, err
}

// skillShownSQL holds for a skill anyone may see: one with a version or an
// open proposal. A skill that exists only through drafts (a private new
// skill) is shown to their authors alone; one whose only proposals were
// withdrawn or rejected is shown to nobody, and its slug is free again.
const skillShownSQL = `(EXISTS (SELECT 1 FROM skill_versions v WHERE v.skill_id = skills.id)
	OR EXISTS (SELECT 1 FROM proposals p WHERE p.skill_id = skills.id AND (p.status = ? OR (p.status = ? AND p.author = ?))))`

// SkillsVisibleTo lists, by slug, the skills user may see.
func (s *Store) SkillsVisibleTo(ctx context.Context, user string) ([]Skill, error) {
	var ks []Skill
	err := s.with(ctx).Where(skillShownSQL, ProposalOpen, ProposalDraft, user).Order("slug").Find(&ks).Error
	return ks, err
}

// SkillVisibleTo finds a skill by slug if user may see it (else
// ErrNotFound: a private draft's slug is not disclosed).
func (s *Store) SkillVisibleTo(ctx context.Context, slug, user string) (*Skill, error) {
	var k Skill
	if err := s.with(ctx).Where("slug = ?", slug).Where(skillShownSQL, ProposalOpen, ProposalDraft, user).First(&k).Error; err != nil {
		return nil, fmt.Errorf("models: skill %q: %w", slug, notFound(err))
	}
	return &k, nil
}

// hasConflictMarkers reports whether a text still holds the markers of an
// unresolved merge conflict (a line starting "<<<<<<< " and one
// starting ">>>>>>> ").
func hasConflictMarkers(s string) bool {
	open, closed := false, false
	for _, l := range strings.Split(s, "\n") {
		open = open || strings.HasPrefix(l, "<<<<<<< ")
		closed = closed || strings.HasPrefix(l, ">>>>>>> ")
	}
	return open && closed
}
