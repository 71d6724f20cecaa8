package web

import (
	"errors"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// approvalAnswer is the model-visible answer to an approval_required call
// (e, the check's) once its request was asked for (models.RequestApproval:
// a, or the filing error err), the same on every route (the gateway's
// tools/call, /authorize, a run's call): the request that waits for a
// reviewer; permission_denied naming a reviewer's recent denial of this
// very call; the arguments can never be approved (too large for the
// reviewer's view); or no request could be filed. presents is true on the
// REST routes, whose runtime presents the approval itself.
func approvalAnswer(e *authority.Error, a *models.Approval, err error, tool string, presents bool) *authority.Error {
	var den *models.DeniedCallError
	switch {
	case err == nil:
		return approvalPending(e, a.Ref, tool, presents)
	case errors.As(err, &den):
		return approvalDenied(den.Approval, tool)
	case errors.Is(err, models.ErrUnseeableRequest):
		return approvalUnseeable(e, tool, errors.Is(err, models.ErrMaskedRequest))
	}
	return approvalRefused(err, tool)
}

// approvalPending is the model-visible approval_required of a call whose
// request is filed: the request that waits for a reviewer, and that
// calling the tool again once it is approved runs the call — the gateway
// presents the approval itself; on the REST routes (presents) the call
// again carries it as "approval", and the message names no tool, as the
// REST routes' other denials do not. Never request_approval: the request
// exists. When the call presented an approval that does not hold, the
// check's reason (e.ApprovalReason) and its sentence come first.
func approvalPending(e *authority.Error, ref, tool string, presents bool) *authority.Error {
	out := *e
	out.Approval = ref
	lead, again := tool+" asks for a person's approval before it runs.", fmt.Sprintf("call %s again once it is approved", tool)
	if presents {
		// the REST answers keep the caller's tool out of their message
		lead, again = "This capability asks for a person's approval before it runs.", fmt.Sprintf("make the same call again with approval %s once it is approved", ref)
	}
	if e.ApprovalReason != "" {
		lead = e.Message
	}
	out.Message = fmt.Sprintf("%s Approval request %s is waiting for a reviewer: tell the user, and %s.", lead, ref, again)
	out.NextActions = []string{authority.ActAskUser, authority.ActCallWhenApproved, authority.ActChooseAlternative, authority.ActStop}
	return &out
}

// approvalDenied is the model-visible answer to a call a reviewer denied
// (a, within models.DenialHolds): permission_denied naming the request
// and the reviewer's reason; calling again with the same arguments gets
// the same answer, and no new request is filed.
func approvalDenied(a *models.Approval, tool string) *authority.Error {
	return &authority.Error{Type: authority.TypePermissionDenied, Approval: a.Ref,
		Message: fmt.Sprintf("A reviewer denied this call of %s (approval request %s): %q. Nothing was run. The same call is refused until %s; tell the user, or choose another way.",
			tool, a.Ref, a.Reason, a.DecidedAt.Add(models.DenialHolds).UTC().Format(time.RFC3339)),
		NextActions: []string{authority.ActAskUser, authority.ActChooseAlternative, authority.ActStop}}
}

// approvalUnseeable is the model-visible answer to a call that needs an
// approval its reviewer could never give: its arguments do not fit the
// reviewer's view (authority.MaxArgumentsView bytes, authority.ViewIsCut),
// or the view masks a value that reads as a secret (masked,
// authority.ViewMasks). No request is filed and nothing ran.
func approvalUnseeable(e *authority.Error, tool string, masked bool) *authority.Error {
	out := *e
	out.Approval = ""
	out.NextActions = []string{authority.ActFixArguments, authority.ActAskUser, authority.ActStop}
	if masked {
		out.Message = fmt.Sprintf("%s asks for a person's approval before it runs, and these arguments can never be approved: a value in them reads as a secret and is masked in the reviewer's view, and nobody approves what they cannot see. No request was filed and nothing was run; call %s without secret-looking values in its arguments, or tell the user.",
			tool, tool)
		return &out
	}
	out.Message = fmt.Sprintf("%s asks for a person's approval before it runs, and these arguments cannot be approved: shown to a reviewer they take more than %d bytes, and nobody approves what they cannot see whole. No request was filed and nothing was run; call %s with smaller arguments, or tell the user.",
		tool, authority.MaxArgumentsView, tool)
	return &out
}

// approvalRefused is the model-visible answer to a call whose approval
// request was not filed: too many of the run's or agent's wait for a
// reviewer (approval_required naming the cap: the conversation's, the
// runtime key's, the subject's or the agent's), or the request could not
// be stored (environment_unavailable): either way no request exists and
// nothing ran, and the model is never told to wait for one.
func approvalRefused(err error, tool string) *authority.Error {
	var tm *models.TooManyApprovalsError
	if !errors.As(err, &tm) {
		return &authority.Error{Type: typeUnavailableEnv,
			Message:     fmt.Sprintf("%s asks for a person's approval before it runs, and the console could not file the approval request now: no request exists and nothing was run. Try again later.", tool),
			NextActions: []string{authority.ActRetryLater, authority.ActAskUser, authority.ActStop}}
	}
	return &authority.Error{Type: authority.TypeApprovalRequired,
		Message: fmt.Sprintf("%s asks for a person's approval before it runs, and %s already has %s waiting for a reviewer, the most it may have: no new request was filed and nothing was run. Tell the user; call %s again once a waiting request is decided.",
			tool, tm.Whose(), plural.Count(tm.Limit, "approval request"), tool),
		NextActions: []string{authority.ActAskUser, authority.ActChooseAlternative, authority.ActStop}}
}
