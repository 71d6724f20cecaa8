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
//
// One rule names the tool in every one of these answers (answerTool): on
// the gateway by the name the client called it by, on the REST routes not
// at all, so no answer teaches a model a tool name it did not send.
func approvalAnswer(e *authority.Error, a *models.Approval, err error, tool string, presents bool) *authority.Error {
	var den *models.DeniedCallError
	n := answerTool(tool)
	if presents {
		n = ""
	}
	switch {
	case err == nil:
		return approvalPending(e, a.Ref, tool, presents)
	case errors.As(err, &den):
		return approvalDenied(den.Approval, n)
	case errors.Is(err, models.ErrUnseeableRequest):
		return approvalUnseeable(e, n, errors.Is(err, models.ErrMaskedRequest))
	}
	return approvalRefused(err, n)
}

// answerTool is how a model-visible approval answer names the tool it is
// about: the name the gateway's client called it by, or "" on the REST
// routes, whose answers name no tool (the runtime knows which it asked
// for; the model may not have been shown it).
type answerTool string

// it is the tool as the subject of a sentence.
func (n answerTool) it() string {
	if n == "" {
		return "This capability"
	}
	return string(n)
}

// call is the imperative to call it.
func (n answerTool) call() string {
	if n == "" {
		return "make the call"
	}
	return "call " + string(n)
}

// of is "this call", of it when it is named.
func (n answerTool) of() string {
	if n == "" {
		return "this call"
	}
	return "this call of " + string(n)
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
	n := answerTool(tool)
	lead, again := n.it()+" asks for a person's approval before it runs.", n.call()+" again once it is approved"
	if presents {
		// the REST answers keep the caller's tool out of their message
		n = ""
		lead, again = n.it()+" asks for a person's approval before it runs.", fmt.Sprintf("make the same call again with approval %s once it is approved", ref)
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
func approvalDenied(a *models.Approval, n answerTool) *authority.Error {
	return &authority.Error{Type: authority.TypePermissionDenied, Approval: a.Ref,
		Message: fmt.Sprintf("A reviewer denied %s (approval request %s): %q. Nothing was run. The same call is refused until %s; tell the user, or choose another way.",
			n.of(), a.Ref, a.Reason, a.DecidedAt.Add(models.DenialHolds).UTC().Format(time.RFC3339)),
		NextActions: []string{authority.ActAskUser, authority.ActChooseAlternative, authority.ActStop}}
}

// approvalUnseeable is the model-visible answer to a call that needs an
// approval its reviewer could never give: its arguments do not fit the
// reviewer's view (authority.MaxArgumentsView bytes, authority.ViewIsCut),
// or the view masks a value that reads as a secret (masked,
// authority.ViewMasks). No request is filed and nothing ran.
func approvalUnseeable(e *authority.Error, n answerTool, masked bool) *authority.Error {
	out := *e
	out.Approval = ""
	out.NextActions = []string{authority.ActFixArguments, authority.ActAskUser, authority.ActStop}
	if masked {
		out.Message = fmt.Sprintf("%s asks for a person's approval before it runs, and these arguments can never be approved: a value in them reads as a secret and is masked in the reviewer's view, and nobody approves what they cannot see. No request was filed and nothing was run; %s without secret-looking values in its arguments, or tell the user.",
			n.it(), n.call())
		return &out
	}
	out.Message = fmt.Sprintf("%s asks for a person's approval before it runs, and these arguments cannot be approved: shown to a reviewer they take more than %d bytes, and nobody approves what they cannot see whole. No request was filed and nothing was run; %s with smaller arguments, or tell the user.",
		n.it(), authority.MaxArgumentsView, n.call())
	return &out
}

// approvalRefused is the model-visible answer to a call whose approval
// request was not filed: too many of the run's or agent's wait for a
// reviewer (approval_required naming the cap: the conversation's, the
// runtime key's, the subject's or the agent's), or the request could not
// be stored (environment_unavailable): either way no request exists and
// nothing ran, and the model is never told to wait for one.
func approvalRefused(err error, n answerTool) *authority.Error {
	var tm *models.TooManyApprovalsError
	if replacedDatabase(err) {
		// only an administrator's restart helps: never "try again"
		return &authority.Error{Type: typeUnavailableEnv,
			Message:     fmt.Sprintf("%s asks for a person's approval before it runs, and the console's database was replaced under it (a restore): no request exists and nothing was run until an administrator restarts the console. Tell the user.", n.it()),
			NextActions: []string{authority.ActAskUser, authority.ActStop}}
	}
	if !errors.As(err, &tm) {
		return &authority.Error{Type: typeUnavailableEnv,
			Message:     fmt.Sprintf("%s asks for a person's approval before it runs, and the console could not file the approval request now: no request exists and nothing was run. Try again later.", n.it()),
			NextActions: []string{authority.ActRetryLater, authority.ActAskUser, authority.ActStop}}
	}
	return &authority.Error{Type: authority.TypeApprovalRequired,
		Message: fmt.Sprintf("%s asks for a person's approval before it runs, and %s already has %s waiting for a reviewer, the most it may have: no new request was filed and nothing was run. Tell the user; %s again once a waiting request is decided.",
			n.it(), tm.Whose(), plural.Count(tm.Limit, "approval request"), n.call()),
		NextActions: []string{authority.ActAskUser, authority.ActChooseAlternative, authority.ActStop}}
}
