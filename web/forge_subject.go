package web

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/views"
)

// subjectGroups reads the forge's picked subject groups (sg=…); none
// picked means no subject: the group everyone.
func subjectGroups(q url.Values) ([]string, error) {
	var out []string
	for _, g := range q["sg"] {
		if !authority.ValidGroup(g) {
			return nil, echo.NewHTTPError(http.StatusBadRequest, "sg: "+g+" is not a group name")
		}
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	slices.Sort(out)
	return out, nil
}

// subjectOf is the subject the picked groups make (nil: everyone).
func subjectOf(groups []string) *authority.Subject {
	if len(groups) == 0 {
		return nil
	}
	return &authority.Subject{Groups: groups}
}

// forSubject narrows the forge's agent to what the picked groups are
// granted, through the function compose's runtime.ForSubject uses
// (AuthorizedSet), over the grants the forge has already read.
func forSubject(snap *Snapshot, ac runtime.AgentContext, grants []authority.Grant, q url.Values) (runtime.AgentContext, error) {
	groups, err := subjectGroups(q)
	if err != nil {
		return ac, err
	}
	ac.Authorized, ac.ApprovalOnly = runtime.SubjectSets(snap, grants, authority.GroupsOf(subjectOf(groups)))
	return ac, nil
}

// subjectPicker lists every group with the token delta of toggling it:
// the total of the agent's profile selection (with the draft's options)
// for the toggled groups minus the total for the picked ones.
func (s *Server) subjectPicker(ctx context.Context, fc forgeContext, q url.Values) (*views.SubjectPickerData, error) {
	picked, err := subjectGroups(q)
	if err != nil {
		return nil, err
	}
	gs, err := s.store.Groups(ctx)
	if err != nil {
		return nil, err
	}
	grants := fc.grants
	// the roster's ids, and how many reach the model (as the forge's
	// header counts them)
	total := func(groups []string) (int, []string, int, error) {
		ac := fc.ac
		ac.Authorized, ac.ApprovalOnly = runtime.SubjectSets(fc.snap, grants, authority.GroupsOf(subjectOf(groups)))
		d, _ := ac.Draft(fc.snap, nil)
		d.Skills, d.Options = fc.draft.Skills, fc.draft.Options
		p, c, err := s.meter.Project(fc.state.Encoding, d, fc.snap.Fidelity())
		return p.Totals.Total, p.Roster, c.Reach().Reach, err
	}
	base, baseRoster, roster, err := total(picked)
	if err != nil {
		return nil, err
	}
	out := &views.SubjectPickerData{Roster: roster}
	// what the subject is offered only with a human approval per call
	for _, id := range baseRoster {
		if r, ok := fc.snap.Row(id); ok {
			if a, ok := authority.Authorize(authority.GroupsOf(subjectOf(picked)), grants, r.AuthorityTool()); ok && a.RequiresApproval {
				out.Approval = append(out.Approval, id)
			}
		}
	}
	for _, g := range gs {
		on := slices.Contains(picked, g.Name)
		var toggled []string
		for _, p := range picked {
			if p != g.Name {
				toggled = append(toggled, p)
			}
		}
		if !on {
			toggled = append(toggled, g.Name)
		}
		slices.Sort(toggled)
		t, _, r, err := total(toggled)
		if err != nil {
			return nil, err
		}
		out.Groups = append(out.Groups, views.SubjectGroup{Name: g.Name, On: on, Delta: t - base, Dropped: roster - r, Deferred: fc.draft.Options.Deferred})
	}
	return out, nil
}

// subjectQuery is the picked groups as share-link parameters.
func subjectQuery(q url.Values) string {
	groups, _ := subjectGroups(q)
	var b strings.Builder
	for _, g := range groups {
		b.WriteString("&sg=" + url.QueryEscape(g))
	}
	return b.String()
}
