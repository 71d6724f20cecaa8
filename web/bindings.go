package web

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// maxListedBindings bounds a bindings list on a page.
const maxListedBindings = 200

// canSeeBindings: bindings name end users, so only admins and reviewers
// (who see the check counters) see them; only admins revoke.
func canSeeBindings(c echo.Context) bool {
	u := currentUser(c)
	return u != nil && (u.Has(models.RoleAdmin) || u.Has(models.RoleReviewer))
}

// bindingsData lists the unexpired bindings the filter selects with the
// state each is in: invalid with the verdict a check recorded (its type,
// reason and time), or valid — re-decided here against the committed
// state, so a binding whose next check would be denied never shows as
// live (the verdict is recorded by that check, not by the page).
func (s *Server) bindingsData(c echo.Context, snap *Snapshot, f models.BindingFilter, back, scope string) (*views.BindingsData, error) {
	ctx := c.Request().Context()
	now := time.Now()
	bs, err := s.store.LiveBindings(ctx, f, now, maxListedBindings)
	if err != nil {
		return nil, err
	}
	cg, fg, err := s.store.Generations(ctx)
	if err != nil {
		return nil, err
	}
	st, err := s.authorityAt(ctx, cg, fg)
	if err != nil {
		return nil, err
	}
	u := currentUser(c)
	d := &views.BindingsData{CanRevoke: u != nil && u.Has(models.RoleAdmin), Back: back, CSRF: csrfToken(c), Scope: scope}
	for _, b := range bs {
		row := views.BindingRow{ID: b.ID, Agent: b.Agent, Tool: b.Tool, Subject: b.Subject, Digest: shortDigest(b.Digest),
			CreatedBy: b.CreatedBy, CreatedAt: b.CreatedAt.UTC().Format(time.DateTime), ExpiresAt: b.ExpiresAt.UTC().Format(time.DateTime),
			Pins: bindingPins(b)}
		if inv := b.Invalidation(); inv != nil {
			row.State, row.Reason, row.At = inv.Type, inv.Reason, inv.At.Format(time.DateTime)
		} else if v := st.recheck(b, s.pinnedApproval(ctx, st, b), now); !v.Allow {
			row.State, row.Reason, row.Pending = v.Error.Type, v.HostReason, true
		}
		d.Rows = append(d.Rows, row)
	}
	return d, nil
}

// bindingPins says what a binding pinned at issue.
func bindingPins(b models.Binding) string {
	if b.CatalogGen == 0 {
		return "issued before pins were recorded"
	}
	out := fmt.Sprintf("catalog generation %d, policy generation %d", b.CatalogGen, b.PolicyGen)
	if b.ApprovalRef != "" {
		out += ", approval " + b.ApprovalRef
	}
	return out
}

// pinnedApproval is the approval b was issued with, as a check reads it
// (nil when it pinned none): the page re-judges it like a call would, so a
// spent, expired or denied approval does not leave its binding shown valid.
func (s *Server) pinnedApproval(ctx context.Context, st *authState, b models.Binding) *authority.Approval {
	if b.ApprovalRef == "" {
		return nil
	}
	a, err := s.store.ApprovalByRef(ctx, b.ApprovalRef)
	if err != nil {
		return &authority.Approval{} // gone or unreadable: judged as not found
	}
	return st.approvalOf(a)
}

// recheck is what a check presenting b by its own subject, with the
// approval b pinned, would answer now (Allow when it would hold).
func (st *authState) recheck(b models.Binding, ap *authority.Approval, now time.Time) authority.Decision {
	if b.GroupsJSON == "" {
		return authority.Decision{Allow: true} // issued before groups were kept: its next check decides
	}
	ag, err := st.agentFor(b.Agent, b.Profile)
	if err != nil {
		return authority.Deny(authority.TypeRevoked, "binding revoked: agent or profile gone")
	}
	var subject *authority.Subject
	if b.Subject != "" {
		subject = &authority.Subject{ID: b.Subject, Groups: b.Groups()}
	}
	ab := &authority.Binding{Found: true, Subject: b.Subject, Groups: b.GroupSet, Agent: b.Agent, Tool: b.Tool, Digest: b.Digest, ExpiresAt: b.ExpiresAt, Approval: b.ApprovalRef, Pin: b.AuthorityPin}
	d, _ := st.decide(ag, subject, b.Tool, ab, ap, "", now)
	return d
}

func shortDigest(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

// bindingsBack is where a revoke form returns: the checks page or a
// tool's page, never anywhere else; at its top, where the flash shows.
func bindingsBack(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || strings.Contains(u.Path, "//") ||
		(u.Path != "/checks" && !strings.HasPrefix(u.Path, "/catalog/tools/")) {
		return "/checks"
	}
	out := url.URL{Path: u.Path}
	if agent := u.Query().Get("agent"); agent != "" && u.Path == "/checks" {
		out.RawQuery = url.Values{"agent": {agent}}.Encode()
	}
	// no #bindings anchor: the confirmation is the flash at the page's top
	return out.String()
}

// revokeBinding serves POST /bindings/:id/revoke: an admin revokes one
// live binding, audited; its next check is capability_revoked on every
// replica, since checks read the binding each time.
func (s *Server) revokeBinding(c echo.Context) error {
	id, err := uintParam(c, "id", "No such binding.")
	if err != nil {
		return err
	}
	back := bindingsBack(c.FormValue("back"))
	b, err := s.store.RevokeBinding(c.Request().Context(), userName(c), id, time.Now())
	if errors.Is(err, models.ErrNotFound) {
		return s.flashAndRedirect(c, fmt.Sprintf("Binding #%d is no longer live (expired, released or already revoked): nothing to revoke.", id), back)
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Binding #%d revoked: %s → %s for subject %q. Its next check is denied (capability_revoked).", b.ID, b.Agent, b.Tool, b.Subject), back)
}

// toolBindings is the tool page's bindings panel (nil for viewers who
// may not see them).
func (s *Server) toolBindings(c echo.Context, snap *Snapshot, tool string) (*views.BindingsData, error) {
	if !canSeeBindings(c) {
		return nil, nil
	}
	return s.bindingsData(c, snap, models.BindingFilter{Tool: tool}, "/catalog/tools/"+tool, "this tool")
}
