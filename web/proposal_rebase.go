package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/textmerge"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// outOfDate reports, for an open proposal whose base is no longer
// production, the move and what promoting it unchanged would undo: the
// lines production gained or lost since the base, reversed, unless the
// proposal already holds them. nil when the proposal is up to date.
//
// The answer depends only on the base, production and the proposal's
// content, so it is computed once per such triple (by the proposal's
// digest and production's) and remembered: a render of an out-of-date
// proposal neither reads its base nor merges again.
func (s *Server) outOfDate(ctx context.Context, p *models.Proposal, prod *models.SkillVersion) (*views.OutOfDate, error) {
	if p.Closed() || prod == nil || prod.Version == p.BaseVersion {
		return nil, nil
	}
	d := &views.OutOfDate{Base: p.BaseVersion, Production: prod.Version}
	key := fmt.Sprintf("%d/%d/%s/%s", p.SkillID, p.BaseVersion, prod.Digest, p.Digest)
	if undo, ok := s.undos.get(key); ok {
		d.Undo = undo
		return d, nil
	}
	base, err := s.baseContent(ctx, p)
	if err != nil {
		return nil, err
	}
	merged, _ := mergeContent(base, prod.Content(), p.Content(), p.Revision, prod.Version)
	if merged.Procedure != p.Procedure {
		d.Undo = hunks(lineDiff(prod.Procedure, base.Procedure), 1)
	}
	s.undos.put(key, d.Undo)
	return d, nil
}

// undoCache remembers what promoting an out-of-date proposal would undo,
// by the contents it was computed from (immutable: a new revision or a
// new production has a new digest). It is bounded by entries and dropped
// whole when full.
type undoCache struct {
	mu sync.Mutex
	m  map[string][]views.DiffLine
}

// maxUndoEntries bounds the undo cache.
const maxUndoEntries = 512

func (c *undoCache) get(key string) ([]views.DiffLine, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	u, ok := c.m[key]
	return u, ok
}

func (c *undoCache) put(key string, undo []views.DiffLine) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxUndoEntries {
		c.m = map[string][]views.DiffLine{}
	}
	c.m[key] = undo
}

// baseContent is the production version a proposal was based on (empty
// for a new skill).
func (s *Server) baseContent(ctx context.Context, p *models.Proposal) (models.SkillContent, error) {
	if p.BaseVersion == 0 {
		return models.SkillContent{}, nil
	}
	v, err := s.store.SkillVersionAt(ctx, p.SkillID, p.BaseVersion)
	if err != nil {
		return models.SkillContent{}, err
	}
	return v.Content(), nil
}

// mergeContent applies to production both its own changes since the base
// and the proposal's (textmerge, line by line): the rebased content, and
// the regions both changed differently, which hold conflict markers.
func mergeContent(base, prod, prop models.SkillContent, revision, version int) (models.SkillContent, []views.MergeConflict) {
	marks := textmerge.Markers{Ours: fmt.Sprintf("production v%d", version), Theirs: fmt.Sprintf("proposal revision %d", revision)}
	out := prop
	var conflicts []views.MergeConflict
	switch {
	case prop.Name == base.Name:
		out.Name = prod.Name
	case prod.Name != base.Name && prod.Name != prop.Name:
		conflicts = append(conflicts, views.MergeConflict{Field: "name", Base: base.Name, Production: prod.Name, Theirs: prop.Name})
	}
	for _, f := range []struct {
		name               string
		base, prod, theirs string
		dst                *string
	}{{"summary", base.Summary, prod.Summary, prop.Summary, &out.Summary}, {"procedure", base.Procedure, prod.Procedure, prop.Procedure, &out.Procedure}} {
		r := textmerge.Merge(f.base, f.prod, f.theirs, marks)
		*f.dst = r.Text()
		for _, c := range r.Conflicts {
			conflicts = append(conflicts, views.MergeConflict{Field: f.name, Base: strings.Join(c.Base, "\n"), Production: strings.Join(c.Ours, "\n"), Theirs: strings.Join(c.Theirs, "\n")})
		}
	}
	added, removed := listDiff(base.RequiredTools, prod.RequiredTools)
	tools := slices.DeleteFunc(slices.Clone(prop.RequiredTools), func(t string) bool { return slices.Contains(removed, t) })
	for _, t := range added {
		if !slices.Contains(tools, t) {
			tools = append(tools, t)
		}
	}
	out.RequiredTools = tools
	return out, conflicts
}

// rebaseProposal makes a new revision of the author's out-of-date proposal
// on today's production: the 3-way merge of the base, production and the
// proposal. With conflicts nothing is written: the page lists them and
// the revise form holds the merge with its markers, to resolve and save.
func (s *Server) rebaseProposal(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	rev, err := strconv.Atoi(c.FormValue("revision"))
	if err != nil || rev < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "revision: the revision you rebase is required")
	}
	ctx := c.Request().Context()
	p, err := s.store.ProposalByID(ctx, id)
	if err != nil {
		return err
	}
	prod, err := s.store.ProductionVersion(ctx, p.SkillID)
	if errors.Is(err, models.ErrNotFound) || (err == nil && prod.Version == p.BaseVersion) {
		return s.flashAndRedirect(c, "Already up to date with production.", fmt.Sprintf("/proposals/%d", id))
	}
	if err != nil {
		return err
	}
	base, err := s.baseContent(ctx, p)
	if err != nil {
		return err
	}
	merged, conflicts := mergeContent(base, prod.Content(), p.Content(), p.Revision, prod.Version)
	if len(conflicts) > 0 {
		f := skillFormOf(merged)
		f.Onto = prod.Version
		msg := fmt.Sprintf("The rebase on production v%d has %s: resolve %s in the form below (keep the lines you want, delete the markers) and save.",
			prod.Version, views.Plural(len(conflicts), "conflict", "conflicts"), map[bool]string{true: "it", false: "them"}[len(conflicts) == 1])
		return s.renderProposalWith(c, http.StatusConflict, id, []string{msg}, &f, conflicts)
	}
	return s.saveRebase(c, id, rev, prod.Version, merged)
}

// freshApprovalCount is how many approvals proposal id holds before a new
// revision makes them stale (0 when it cannot be read: the note is left out).
func (s *Server) freshApprovalCount(c echo.Context, id uint) int {
	p, err := s.store.ProposalByID(c.Request().Context(), id)
	if err != nil {
		return 0
	}
	fresh, err := s.store.FreshApprovals(c.Request().Context(), p)
	if err != nil {
		return 0
	}
	return len(fresh)
}

// staleNote says a new revision made n approvals stale ("": there were
// none, so nothing is said).
func staleNote(n int) string {
	if n == 0 {
		return ""
	}
	return "; its " + views.Plural(n, "approval", "approvals") + " " + map[bool]string{true: "is", false: "are"}[n == 1] + " stale: reviewers approve the new revision again"
}
