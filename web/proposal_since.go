package web

import (
	"context"
	"strconv"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// sinceDiff is what changed in a proposal since an earlier revision: the
// one named by since (a query value), or else the viewer's last review,
// when that was of an earlier revision. It also lists the earlier
// revisions one may compare with.
// reviews are the proposal's reviews, already read by the caller.
func (s *Server) sinceDiff(ctx context.Context, p *models.Proposal, reviews []models.Review, viewer, since string) (*views.RevisionDiff, []int, error) {
	revs, err := s.store.Revisions(ctx, p.ID)
	if err != nil {
		return nil, nil, err
	}
	var earlier []int
	for _, r := range revs {
		if r.Revision < p.Revision {
			earlier = append(earlier, r.Revision)
		}
	}
	from, mine := 0, false
	if n, err := strconv.Atoi(since); err == nil && n >= 1 && n < p.Revision {
		from = n
	} else {
		from = lastReviewedRevision(p, reviews, viewer)
		mine = from > 0
	}
	if from == 0 {
		return nil, earlier, nil
	}
	for _, r := range revs {
		if r.Revision == from {
			return revisionDiff(from, p.Revision, mine, r.Content(), p.Content()), earlier, nil
		}
	}
	return nil, earlier, nil
}

// lastReviewedRevision is the revision of the viewer's newest review of
// the proposal (of its reviews rs, in id order), when it is older than the
// current one (else 0).
func lastReviewedRevision(p *models.Proposal, rs []models.Review, viewer string) int {
	last := 0
	for _, r := range rs {
		if r.Reviewer == viewer && r.Revision > 0 {
			last = r.Revision
		}
	}
	if last >= p.Revision {
		return 0
	}
	return last
}

// revisionDiff compares two contents of one proposal, changed lines with
// a line of context.
func revisionDiff(from, to int, mine bool, was, now models.SkillContent) *views.RevisionDiff {
	d := &views.RevisionDiff{From: from, To: to, Mine: mine, NameFrom: was.Name, NameTo: now.Name,
		Summary: hunks(lineDiff(was.Summary, now.Summary), 1), Procedure: hunks(lineDiff(was.Procedure, now.Procedure), 1)}
	d.ToolsAdded, d.ToolsRemoved = listDiff(was.RequiredTools, now.RequiredTools)
	return d
}
