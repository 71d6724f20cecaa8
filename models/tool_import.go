package models

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// ToolChange is a contract whose digest differs from the stored one.
type ToolChange struct {
	Old catalog.Contract
	New catalog.Contract
}

// ImportPlan is what an import would do, shown before the admin confirms.
type ImportPlan struct {
	Source    string
	Namespace string
	Added     []catalog.Contract
	Changed   []ToolChange
	Removed   []string
	// Restored are the tools back in review whose server sends their
	// approved version again (rolled back): they return to the approved
	// state, their open candidate withdrawn (restorable).
	Restored  []catalog.Contract
	Unchanged int
	// Rejected are the document's tools refused on their own, each with
	// its reasons (a third-party document read tool by tool); Rejecting
	// are those of them whose rejected ledger entry the import writes:
	// new, or changed since the entry stored (the same refused
	// descriptor again changes nothing).
	Rejected  []catalog.Rejection
	Rejecting []catalog.Rejection
	// Digest identifies the plan over the current catalog: confirming a
	// plan whose digest no longer matches is a conflict.
	Digest string
}

// Empty reports whether applying the plan would change nothing.
func (p ImportPlan) Empty() bool {
	return len(p.Added) == 0 && len(p.Changed) == 0 && len(p.Removed) == 0 && len(p.Rejecting) == 0 && len(p.Restored) == 0
}

// PlanImport compares validated contracts with the stored catalog. A
// namespaced import replaces its namespace: stored tools of it that the
// import lacks are removed. A native import only adds and changes.
func (s *Store) PlanImport(ctx context.Context, source, namespace string, cs []catalog.Contract) (ImportPlan, error) {
	return s.PlanOutcome(ctx, source, namespace, catalog.Outcome{Contracts: cs})
}

// PlanOutcome is PlanImport for a document read tool by tool: its
// rejected tools are kept in the namespace as rejected ledger entries
// (never removed as missing, never available). An import that writes
// into a connection's namespace is refused (NamespaceServedError): only
// the connection's syncs (SyncOutcome) write there.
func (s *Store) PlanOutcome(ctx context.Context, source, namespace string, o catalog.Outcome) (ImportPlan, error) {
	return s.planOutcome(ctx, source, namespace, o, false)
}

func (s *Store) planOutcome(ctx context.Context, source, namespace string, o catalog.Outcome, sync bool) (ImportPlan, error) {
	p := ImportPlan{Source: source, Namespace: namespace}
	if !sync {
		if err := s.servedNamespace(ctx, namespace, o); err != nil {
			return p, err
		}
	}
	stored, err := s.Tools(ctx)
	if err != nil {
		return p, fmt.Errorf("models: plan import: %w", err)
	}
	o = refuseCaseTwins(o, stored)
	byID := map[string]Tool{}
	for _, t := range stored {
		byID[t.ID] = t
	}
	seen := map[string]bool{}
	h := sha256.New()
	for _, c := range o.Contracts {
		seen[c.ID] = true
		old, ok := byID[c.ID]
		if ok {
			if oc, err := old.Parsed(); err == nil {
				c = keepStoredEffects(oc, c)
			}
		}
		if ok && len(c.SearchHints) == 0 {
			// reviewed search hints are the console's own: a descriptor
			// that brings none (an MCP or OpenAI file never does) keeps them
			if oc, err := old.Parsed(); err == nil && len(oc.SearchHints) > 0 {
				c.SearchHints = oc.SearchHints
			}
		}
		d := catalog.Digest(c)
		fmt.Fprintf(h, "%s=%s;", c.ID, d)
		switch {
		case !ok:
			p.Added = append(p.Added, c)
		case old.Digest != d && restorable(old, d):
			p.Restored = append(p.Restored, c)
			fmt.Fprintf(h, "restored from %s;", old.Digest)
		case old.Digest != d:
			oc, _ := old.Parsed()
			p.Changed = append(p.Changed, ToolChange{Old: oc, New: c})
			fmt.Fprintf(h, "was %s;", old.Digest)
		default:
			p.Unchanged++
		}
	}
	for _, r := range o.Rejected {
		p.Rejected = append(p.Rejected, r)
		fmt.Fprintf(h, "!%s=%s;", firstNonEmpty(r.ID, r.Name), r.Digest())
		if r.ID == "" || seen[r.ID] {
			continue // a name no id can hold is reported, never stored
		}
		seen[r.ID] = true
		if old, ok := byID[r.ID]; ok && old.Digest == r.Digest() && old.Status == ToolRejected {
			continue
		}
		p.Rejecting = append(p.Rejecting, r)
	}
	if namespace != "" {
		for _, t := range stored {
			if t.Namespace == namespace && !seen[t.ID] {
				p.Removed = append(p.Removed, t.ID)
				fmt.Fprintf(h, "-%s=%s;", t.ID, t.Digest)
			}
		}
	}
	sort.Strings(p.Removed)
	p.Digest = hex.EncodeToString(h.Sum(nil))
	return p, nil
}

// ErrStalePlan means the catalog changed since the plan was shown.
var ErrStalePlan = errors.New("models: the catalog changed since this import was previewed")

// ApplyImport applies an import in one transaction, after re-planning and
// checking the plan digest the admin confirmed. New and changed tools enter
// as candidates; a changed tool keeps its previous contract for the diff.
func (s *Store) ApplyImport(ctx context.Context, actor, source, namespace string, cs []catalog.Contract, confirmed string) (ImportPlan, error) {
	return s.ApplyOutcome(ctx, actor, source, namespace, catalog.Outcome{Contracts: cs}, confirmed)
}

// ApplyOutcome is ApplyImport for a document read tool by tool: its
// rejected tools enter the ledger as rejected, with their reasons and
// descriptor, in the same transaction.
func (s *Store) ApplyOutcome(ctx context.Context, actor, source, namespace string, o catalog.Outcome, confirmed string) (ImportPlan, error) {
	return s.applyOutcome(ctx, actor, source, namespace, o, confirmed, false)
}

// SyncOutcome is ApplyOutcome for a sync (or the removal) of the
// connection name: its server's list replaces the tools of its namespace.
// The tools it adds or sends back to review are imported by the person
// who added the connection (syncImporter), whoever syncs or edited it
// since (a person, the gateway's relist); the review four-eyes rule also
// bars everyone who changed its source (ConnectionShaper); actor is
// audited.
func (s *Store) SyncOutcome(ctx context.Context, actor, name string, o catalog.Outcome) (ImportPlan, error) {
	return s.applyOutcome(ctx, actor, SourceMCP, name, o, "", true)
}

func (s *Store) applyOutcome(ctx context.Context, actor, source, namespace string, o catalog.Outcome, confirmed string, sync bool) (ImportPlan, error) {
	var plan ImportPlan
	err := s.Tx(ctx, func(tx *Store) error {
		if tx.dialect == DialectPostgres {
			if err := tx.with(ctx).Exec("SELECT pg_advisory_xact_lock(7003)").Error; err != nil {
				return err
			}
		}
		importer := actor
		if sync {
			var err error
			if importer, err = tx.syncImporter(ctx, actor, namespace); err != nil {
				return err
			}
		}
		var err error
		plan, err = tx.planOutcome(ctx, source, namespace, o, sync)
		if err != nil {
			return err
		}
		if confirmed != "" && plan.Digest != confirmed {
			return ErrStalePlan
		}
		now := time.Now().UTC()
		var maxPos int
		tx.with(ctx).Model(&Tool{}).Select("COALESCE(MAX(position), 0)").Scan(&maxPos)
		// the added tools go in with their ledger entry, a hundred rows a
		// statement (an insert and an update per tool before)
		added := make([]Tool, len(plan.Added))
		for i, c := range plan.Added {
			row := Tool{ID: c.ID, Namespace: c.Namespace(), Contract: string(catalog.CanonicalJSON(c)), Digest: catalog.Digest(c), Status: ToolCandidate, Source: source, ImportedBy: importer, ImportedAt: now, Position: maxPos + i + 1}
			ledger := map[string]any{}
			if err := ledgerEntry(ledger, source, string(c.Effects), row.Digest, now); err != nil {
				return err
			}
			if err := row.setLedger(ledger); err != nil {
				return err
			}
			added[i] = row
		}
		if len(added) > 0 {
			if err := tx.with(ctx).CreateInBatches(added, 100).Error; err != nil {
				return notFound(err)
			}
		}
		for _, ch := range plan.Changed {
			old, err := tx.ToolByID(ctx, ch.New.ID)
			if err != nil {
				return err
			}
			base, baseJSON := old.comparedWith()
			upd := map[string]any{
				"contract": string(catalog.CanonicalJSON(ch.New)), "digest": catalog.Digest(ch.New), "prev_digest": base, "prev_json": baseJSON,
				"status": ToolCandidate, "source": source, "imported_by": importer, "imported_at": now, "reviewed_by": "", "reviewed_at": nil,
				"reasons": "", "descriptor": "",
			}
			// a changed descriptor returns to candidate (its bindings go stale:
			// they name the old digest), then revalidates
			if err := authority.Transition(old.Validation, authority.StateCandidate, authority.Move{System: true}); err != nil && old.Validation != authority.StateCandidate {
				return err
			}
			if err := ledgerEntry(upd, source, string(ch.New.Effects), catalog.Digest(ch.New), now); err != nil {
				return err
			}
			keepApprovedClassification(upd, old, base)
			nextReview(upd)
			if source == SourceBuiltin {
				// a changed built-in still waits for a reviewer, as before
				upd["validation"], upd["status"] = authority.StateStructurallyValid, ToolCandidate
				upd["class_effects"], upd["class_risk"], upd["classified_by"], upd["classified_at"], upd["classified_digest"] = "", "", "", nil, ""
			}
			res := tx.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", old.ID, old.Digest).Updates(upd)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected != 1 {
				return ErrConflict
			}
		}
		for _, c := range plan.Restored {
			if err := tx.restoreApproved(ctx, actor, c); err != nil {
				return err
			}
		}
		if len(plan.Removed) > 0 {
			if err := tx.with(ctx).Where("id IN ?", plan.Removed).Delete(&Tool{}).Error; err != nil {
				return err
			}
		}
		for i, r := range plan.Rejecting {
			if err := tx.storeRejection(ctx, actor, source, r, now, maxPos+len(plan.Added)+i+1); err != nil {
				return err
			}
		}
		if plan.Empty() {
			return nil
		}
		if err := tx.bumpCatalog(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "catalog.import", Subject: "catalog:" + firstNonEmpty(namespace, "native"), After: plan.Digest,
			Detail: fmt.Sprintf("source %s: %d added, %d changed, %d removed, %d unchanged, %d rejected%s", source, len(plan.Added), len(plan.Changed), len(plan.Removed), plan.Unchanged, catalog.RejectedTools(plan.Rejected), rejectedIDs(plan.Rejecting)) + restoredCount(plan.Restored)})
	})
	if err != nil {
		return plan, fmt.Errorf("models: apply import: %w", err)
	}
	return plan, nil
}

// syncImporter is who imports the tools a sync of connection name
// brings: the person who added it, else who last changed its source
// (EditedBy); actor when the row names neither (stored before either was
// kept) or there is no such connection (a removal after the row went).
func (s *Store) syncImporter(ctx context.Context, actor, name string) (string, error) {
	var c Connection
	if err := s.with(ctx).Where("name = ?", name).Limit(1).Find(&c).Error; err != nil {
		return "", err
	}
	switch {
	case c.CreatedBy != "":
		return c.CreatedBy, nil
	case c.EditedBy != "":
		return c.EditedBy, nil
	}
	return actor, nil
}
