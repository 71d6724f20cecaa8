package web

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// approvalScopes are the values the decision form's scope may take: one
// call or minutes (a form without the choice decides for one call; an
// empty scope is refused).
var approvalScopes = []string{"once", "minutes"}

// decideApproval serves POST /approvals/:ref/approve and /deny: a
// reviewer or admin decides a pending request with a reason, audited;
// nobody decides a request made for themselves.
func (s *Server) decideApproval(approve bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		ref := c.Param("ref")
		d := models.ApprovalDecision{Approve: approve, Reason: strings.TrimSpace(c.FormValue("reason")), SingleUse: true}
		scope := formChoice(c, "scope", "once")
		if !slices.Contains(approvalScopes, scope) {
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: scope: must be once (one call) or minutes, not %q. Nothing was decided.", ref, clip(scope, 40)), "/approvals")
		}
		if approve && scope == "minutes" {
			n, err := strconv.Atoi(strings.TrimSpace(c.FormValue("minutes")))
			if err != nil || n < 1 || n > int(models.MaxApprovalWindow/time.Minute) {
				return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: minutes must be a whole number from 1 to %d. Nothing was decided.", ref, int(models.MaxApprovalWindow/time.Minute)), "/approvals")
			}
			d.SingleUse, d.Until = false, time.Now().Add(time.Duration(n)*time.Minute)
		}
		a, err := s.store.DecideApproval(c.Request().Context(), userName(c), ref, d, time.Now())
		var ve *models.ValidationError
		var lapsed *models.LapsedRequestError
		switch {
		case errors.Is(err, models.ErrSelfDecision):
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s is a request made for you: another reviewer or admin decides it (four eyes). Nothing was decided.", ref), "/approvals")
		case errors.Is(err, models.ErrKeyOwnerDecision):
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s was filed through a runtime key you created: another reviewer or admin approves it (four eyes); you may deny it. Nothing was decided.", ref), "/approvals")
		case errors.Is(err, models.ErrConflict):
			if now, e := s.store.ApprovalByRef(c.Request().Context(), ref); e == nil && now.Status == authority.ApprovalVoid {
				// void is no one's decision: say why it can no longer be
				return s.flashAndRedirect(c, fmt.Sprintf("Approval %s is void: %s. Nothing was changed.", ref, strings.TrimSuffix(now.VoidReason, ".")), "/approvals")
			}
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s was already decided. Nothing was changed.", ref), "/approvals")
		case errors.Is(err, models.ErrMaskedArguments):
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: its arguments hold a value that reads as a secret, shown masked, so nobody can see all it would allow. Nothing was approved: deny it, and have the runtime call without secrets in its arguments.", ref), "/approvals")
		case errors.Is(err, models.ErrUnseenArguments):
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: its arguments are larger than the %d-byte view, so nobody can see all it would allow. Nothing was approved: deny it, and have the runtime make a smaller call.", ref, authority.MaxArgumentsView), "/approvals")
		case errors.As(err, &ve):
			f, msg := ve.First()
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: %s: %s. Nothing was decided.", ref, f, msg), "/approvals")
		case errors.As(err, &lapsed) && lapsed.Reason == authority.ReasonApprovalExpired:
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s cannot be decided: it is %s. Nothing was decided.", ref, lapsed.Why), "/approvals")
		case errors.As(err, &lapsed):
			return s.flashAndRedirect(c, fmt.Sprintf("Approval %s cannot be approved: it is %s. Nothing was approved; deny it to take it off the list.", ref, lapsed.Why), "/approvals")
		case err != nil:
			return err
		}
		verb := "denied"
		if approve {
			verb = "approved"
		}
		return s.flashAndRedirect(c, fmt.Sprintf("Approval %s %s: %s → %s for subject %q.", a.Ref, verb, a.Agent, a.Tool, a.Subject), "/approvals")
	}
}

// withdrawApproval serves POST /approvals/:ref/withdraw: a reviewer or
// admin takes back an approved, unspent approval with a reason, audited;
// a binding that pinned it is revoked for good at its next check.
func (s *Server) withdrawApproval(c echo.Context) error {
	ref := c.Param("ref")
	a, err := s.store.WithdrawApproval(c.Request().Context(), userName(c), ref, strings.TrimSpace(c.FormValue("reason")), time.Now())
	var ve *models.ValidationError
	switch {
	case errors.Is(err, models.ErrNotFound):
		return s.flashAndRedirect(c, fmt.Sprintf("No approval %s. Nothing was withdrawn.", ref), "/approvals")
	case errors.Is(err, models.ErrConflict):
		return s.flashAndRedirect(c, fmt.Sprintf("Approval %s is not an approved, unspent approval. Nothing was withdrawn.", ref), "/approvals")
	case errors.As(err, &ve):
		f, msg := ve.First()
		return s.flashAndRedirect(c, fmt.Sprintf("Approval %s: %s: %s. Nothing was withdrawn.", ref, f, msg), "/approvals")
	case err != nil:
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Approval %s withdrawn: %s → %s for subject %q. A binding that pinned it is revoked at its next check.", a.Ref, a.Agent, a.Tool, a.Subject), "/approvals")
}
