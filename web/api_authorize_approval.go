package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// nameApproval makes an approval_required denial name an approval
// request: a new one (or the pending one a check made earlier for the
// same agent, subject, tool, digest and arguments) when the call
// presented none. A call sent with arguments files a request bound to
// them (approvalArguments), after they passed the tool's reviewed
// schema: arguments the call could never run with are refused
// (invalid_arguments), not put to a reviewer.
func (s *Server) nameApproval(c echo.Context, st *authState, d *authority.Decision, agent, profile string, subject *authority.Subject, t *authority.Tool, arguments json.RawMessage, presented bool) error {
	if d.Allow || d.Error == nil || d.Error.Type != authority.TypeApprovalRequired || presented || t == nil {
		return nil
	}
	if arguments != nil {
		if bad := authority.CheckArguments(authority.Decision{Allow: true}, t.Digest, st.contracts[t.ID], arguments); !bad.Allow {
			*d = bad
			return nil
		}
	}
	argsDigest, view, err := s.approvalArguments(c.Request().Context(), t, arguments)
	if err != nil {
		return err
	}
	a, _, err := s.requestApproval(c, agent, st.profileOf(agent, profile), subject, t, "", models.OriginCheck, argsDigest, view)
	if refused, ok := filingRefusal(d, err, t.ID); ok {
		*d = refused
		return nil
	}
	if err != nil {
		return err
	}
	// the gateway's answer: the filed request named, call again once
	// approved (never request_approval: the request exists)
	d.Error = approvalAnswer(d.Error, a, nil, t.ID, true)
	return nil
}

// filingRefusal is the decision answering an approval_required check (d)
// whose request the store's filing rules refused (err: a reviewer's recent
// denial of this very call, or arguments too large for the reviewer's
// view), worded as the gateway words it; ok is false for any other err.
func filingRefusal(d *authority.Decision, err error, tool string) (authority.Decision, bool) {
	if !filingRule(err) {
		return authority.Decision{}, false
	}
	return authority.Decision{Error: approvalAnswer(d.Error, nil, err, tool, true), HostReason: err.Error()}, true
}

// filingRule reports whether err is a store's filing rule refusing an
// approval request (a reviewer's recent denial of this very call, or
// arguments nobody could see whole), not a failure.
func filingRule(err error) bool {
	var den *models.DeniedCallError
	return errors.As(err, &den) || errors.Is(err, models.ErrUnseeableRequest)
}

// requestApproval records an approval request for subject's agent
// (under profile, resolved: authState.profileOf) to call t at its digest, with the arguments whose digest is argsDigest and
// whose reviewer's view is view ("" both: made without arguments).
//
// There is one pending request per call: created is false when one for
// the same agent, subject, tool, digest and arguments was already pending
// (filed by any session, caller or key), which is then the one returned.
// A call the filing rules refuse (a recent denial of it, arguments too
// large for the reviewer's view) returns the store's error as it is, for
// the caller to answer as a decision (filingRefusal).
func (s *Server) requestApproval(c echo.Context, agent, profile string, subject *authority.Subject, t *authority.Tool, summary, origin, argsDigest string, view authority.View) (*models.Approval, bool, error) {
	groups, _ := json.Marshal(authority.GroupsOf(subject))
	keyID := uint(0)
	if k, ok := c.Get(keyAPIKey).(*models.APIKey); ok {
		keyID = k.ID
	}
	a, created, err := s.store.RequestApproval(c.Request().Context(), keyActor(c), models.Approval{Agent: agent, Subject: subjectID(subject), GroupsJSON: string(groups), Tool: t.ID, Digest: t.Digest, ArgsDigest: argsDigest, ArgsView: view.Text, ArgsHidden: view.Hides, Summary: summary, Origin: origin, KeyID: keyID, Profile: profile})
	var tm *models.TooManyApprovalsError
	if filingRule(err) {
		// the filing rules' answers: the caller says them as a decision
		return nil, false, err
	}
	if errors.As(err, &tm) {
		return nil, false, apiErr(http.StatusTooManyRequests, "too_many_approvals", "approval",
			fmt.Sprintf("%s already has %s waiting for a reviewer, the most it may have; no new one was filed: wait until one is decided", tm.Whose(), plural.Count(tm.Limit, "approval request")))
	}
	var ve *models.ValidationError
	if errors.As(err, &ve) {
		// what the runtime sent breaks a rule: asking again cannot help
		field, msg := ve.First()
		return nil, false, apiErr(http.StatusBadRequest, "bad_request", field, field+" "+msg)
	}
	if replacedDatabase(err) {
		s.log.ErrorContext(c.Request().Context(), "approval request not filed", "agent", agent, "tool", t.ID, "err", err)
		return nil, false, apiErr(http.StatusServiceUnavailable, codeFor(http.StatusServiceUnavailable), "approval", replacedDatabaseMessage)
	}
	if err != nil {
		// never an approval_required naming no request
		s.log.ErrorContext(c.Request().Context(), "approval request not filed", "agent", agent, "tool", t.ID, "err", err)
		return nil, false, apiErr(http.StatusServiceUnavailable, codeFor(http.StatusServiceUnavailable), "approval",
			"the console could not file the approval request this call needs now: none exists and nothing was decided or run; try again in a moment")
	}
	return a, created, nil
}

// maxApprovalRef bounds an approval reference a request may send.
const maxApprovalRef = 40

// checkApprovalField bounds the approval field of a check.
func checkApprovalField(ref string) error {
	if len(ref) > maxApprovalRef {
		return apiErr(http.StatusBadRequest, "bad_request", "approval", fmt.Sprintf("approval is at most %d characters", maxApprovalRef))
	}
	return nil
}
