package models

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/agentforge/console/catalog"
)

// Tool statuses (capability ledger): only available tools can be in an
// effective roster.
const (
	ToolCandidate = "candidate"
	ToolAvailable = "available"
	ToolRejected  = "rejected"
)

// comparedWith is the version a change of t is compared with (its
// PrevDigest and PrevJSON after the change): t itself when it is
// available (approved), else the approved version t was already compared
// with — never an unapproved candidate — and "" when t was never
// approved.
func (t *Tool) comparedWith() (digest, contract string) {
	if t.Status == ToolAvailable {
		return t.Digest, t.Contract
	}
	return t.PrevDigest, t.PrevJSON
}

// EverApproved reports whether t is, or was, approved by a reviewer:
// available, or back in review with an approved version to compare
// with. A tool never approved (awaiting its first review, rejected) is
// no tool of any agent yet: a conversation set naming it is answered as
// one naming an id no catalog entry has.
func (t *Tool) EverApproved() bool { return t.Status == ToolAvailable || t.PrevDigest != "" }

// Tool sources.
const (
	SourceBuiltin = "builtin"
	SourceFile    = "file"
	SourceMCP     = "mcp"
	SourceOpenAI  = "openai"
)

// Tool is a stored tool contract with its provenance and review status.
type Tool struct {
	ID        string `gorm:"primaryKey;size:200"`
	Namespace string `gorm:"size:64;index"`
	Contract  string `gorm:"type:text;not null"`
	Digest    string `gorm:"size:64;not null"`
	// PrevDigest and PrevJSON are the approved version a changed tool is
	// compared with (comparedWith); "" when it was never approved.
	PrevDigest string `gorm:"size:64"`
	PrevJSON   string `gorm:"type:text"`
	Status     string `gorm:"size:16;index;not null"`
	Source     string `gorm:"size:16;not null"`
	ImportedBy string `gorm:"size:64"`
	ImportedAt time.Time
	ReviewedBy string `gorm:"size:64"`
	ReviewedAt *time.Time
	// ReviewGen counts the changes of the tool's descriptor and the
	// restores of its reviewed version (migration 255): part of its review
	// stamp, so a change undone before the next check still ends what
	// pinned the review before it.
	ReviewGen int `gorm:"not null;default:0"`
	Position  int `gorm:"not null;default:0"`
	// The capability ledger (seed 000): trust in the descriptor's source,
	// its validation state, and the reviewer's classification of effects
	// and risk, bound to the digest the reviewer saw. Import annotations
	// (the contract's effects) are hints that prefill the review form,
	// never policy.
	Trust            string `gorm:"size:16;not null;default:untrusted"`
	Validation       string `gorm:"size:24;not null;default:candidate"`
	ClassEffects     string `gorm:"size:24"`
	ClassRisk        string `gorm:"size:8"`
	ClassifiedBy     string `gorm:"size:64"`
	ClassifiedAt     *time.Time
	ClassifiedDigest string `gorm:"size:64"`
	// ReviewedPurpose is a reviewer's rewording of the description,
	// recorded with the contract review: the model reads it
	// instead of the imported purpose while the tool keeps the digest it
	// was written for (ReviewedPurposeDigest); the imported contract stays
	// as it was, in Contract and the ledger.
	ReviewedPurpose       string `gorm:"type:text" text:"person"`
	ReviewedPurposeDigest string `gorm:"size:64"`
	ReviewedPurposeBy     string `gorm:"size:64"`
	// ReviewedParams are a reviewer's rewordings of parameter
	// descriptions, as a JSON object (the parameter's JSON pointer in the
	// input schema → the text the model reads), bound like the purpose's
	// to the digest they were written for (ReviewedParamsDigest); "" for
	// none (tool_reword_params.go).
	ReviewedParams       string `gorm:"type:text;not null;default:''" text:"person"`
	ReviewedParamsDigest string `gorm:"size:64;not null;default:''"`
	ReviewedParamsBy     string `gorm:"size:64;not null;default:''"`
	// Reasons are the problems that got a third-party tool rejected at
	// import (a JSON list of catalog problems, each naming tool and
	// field), and Descriptor the tool as its server sent it: the evidence
	// of the rejection (seed 000). Both are empty for a tool that imported.
	Reasons    string `gorm:"type:text;not null;default:''"`
	Descriptor string `gorm:"type:text;not null;default:''"`
}

// RejectedAtImport reports whether the import refused this tool, and why.
func (t Tool) RejectedAtImport() (catalog.Problems, bool) {
	if t.Reasons == "" {
		return nil, false
	}
	var ps catalog.Problems
	if err := json.Unmarshal([]byte(t.Reasons), &ps); err != nil {
		ps = catalog.Problems{{Tool: t.ID, Message: t.Reasons}}
	}
	return ps, true
}

// Parsed decodes the stored contract.
func (t Tool) Parsed() (catalog.Contract, error) {
	var c catalog.Contract
	err := json.Unmarshal([]byte(t.Contract), &c)
	return c, err
}

// Effective is the contract the model reads: the imported one, with the
// reviewed rewordings of its description and of its parameters'
// descriptions when they were recorded for this digest, and the reviewer's classification of its effects when one was
// made for this digest — never the import's hint (the authority rules: the text
// speaks the reviewer's classification).
func (t Tool) Effective() (catalog.Contract, error) {
	c, err := t.Parsed()
	if err == nil && t.Reworded() {
		c.Purpose = t.ReviewedPurpose
	}
	if err == nil {
		t.rewordParams(&c)
	}
	if err == nil && t.ClassEffects != "" && t.ClassifiedDigest == t.Digest {
		c.Effects, c.EffectsAssumed = catalog.Effects(t.ClassEffects), false
	}
	return c, err
}

// Reworded reports whether a reviewed rewording applies to the tool as
// stored (it was written for this digest).
func (t Tool) Reworded() bool {
	return t.ReviewedPurpose != "" && t.ReviewedPurposeDigest == t.Digest
}

// CatalogState holds the catalog generation, bumped by every catalog
// change so each replica knows when to rebuild its in-memory catalog.
type CatalogState struct {
	ID         uint `gorm:"primaryKey"`
	Generation int64
	// ConfigGeneration is bumped by every change that can alter a
	// composition besides the catalog: agents, profiles, skill labels.
	ConfigGeneration int64 `gorm:"not null;default:1"`
}

// Generations reads both counters in one query: the catalog's and the
// configuration's. Together they key any cached composition.
func (s *Store) Generations(ctx context.Context) (catalogGen, configGen int64, err error) {
	// the hot path of every API request: one plain query, without the
	// ORM's per-call statement building (a quarter of a check's CPU)
	if sqlDB, derr := s.db.DB(); derr == nil {
		s.countRaw(ctx, 1)
		err = sqlDB.QueryRowContext(ctx, "SELECT generation, config_generation FROM catalog_states WHERE id = 1").Scan(&catalogGen, &configGen)
		if errors.Is(err, sql.ErrNoRows) {
			err = ErrNotFound
		}
		if err != nil {
			return 0, 0, fmt.Errorf("models: generations: %w", err)
		}
		return catalogGen, configGen, nil
	}
	var st CatalogState
	if err := s.with(ctx).First(&st, 1).Error; err != nil {
		return 0, 0, fmt.Errorf("models: generations: %w", notFound(err))
	}
	return st.Generation, st.ConfigGeneration, nil
}

func (s *Store) bumpConfig(ctx context.Context) error {
	return s.with(ctx).Exec("UPDATE catalog_states SET config_generation = config_generation + 1 WHERE id = 1").Error
}

// CatalogGeneration reads the current generation.
func (s *Store) CatalogGeneration(ctx context.Context) (int64, error) {
	gen, _, err := s.Generations(ctx)
	return gen, err
}

func (s *Store) bumpCatalog(ctx context.Context) error {
	return s.with(ctx).Exec("UPDATE catalog_states SET generation = generation + 1 WHERE id = 1").Error
}

// Tools lists stored tools in catalog order.
func (s *Store) Tools(ctx context.Context) ([]Tool, error) {
	var ts []Tool
	err := s.with(ctx).Order("position, id").Find(&ts).Error
	return ts, err
}

// ToolByID finds one stored tool.
func (s *Store) ToolByID(ctx context.Context, id string) (*Tool, error) {
	var t Tool
	if err := s.with(ctx).Where("id = ?", id).First(&t).Error; err != nil {
		return nil, fmt.Errorf("models: tool %q: %w", id, notFound(err))
	}
	return &t, nil
}

// AvailableContracts returns the contracts of available tools in catalog
// order: the universe every effective roster is drawn from.
func (s *Store) AvailableContracts(ctx context.Context) ([]catalog.Contract, error) {
	var ts []Tool
	if err := s.with(ctx).Where("status = ?", ToolAvailable).Order("position, id").Find(&ts).Error; err != nil {
		return nil, err
	}
	out := make([]catalog.Contract, 0, len(ts))
	for _, t := range ts {
		c, err := t.Effective()
		if err != nil {
			return nil, fmt.Errorf("models: tool %s: stored contract unreadable: %w", t.ID, err)
		}
		out = append(out, c)
	}
	return out, nil
}
