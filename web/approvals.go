package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// approvalRequest is POST /api/v1/approvals' body: the check's target and
// the runtime's own summary of the intended call (never its arguments).
type approvalRequest struct {
	runTarget
	Tool    string `json:"tool"`
	Summary string `json:"summary"`
	// Arguments are the one call's arguments the request is for: sent,
	// the approval holds for a call with exactly these (their digest) and
	// the reviewer sees them masked; absent, it holds only for a check
	// made without arguments, never for a call that has them.
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

func (r *approvalRequest) target() runTarget { return r.runTarget }

// approvalBody is an approval request as the runtime API shows it.
type approvalBody struct {
	Approval  string     `json:"approval"`
	Status    string     `json:"status"`
	Agent     string     `json:"agent"`
	Subject   string     `json:"subject,omitempty"`
	Tool      toolRef    `json:"tool"`
	Summary   string     `json:"summary"`
	SingleUse bool       `json:"single_use,omitempty"`
	Until     *time.Time `json:"until,omitempty"`
	Used      bool       `json:"used,omitempty"`
	// Expired is set once a time-bound approval's Until has passed.
	Expired   bool   `json:"expired,omitempty"`
	DecidedBy string `json:"decided_by,omitempty"`
	Reason    string `json:"reason,omitempty"`
	// Arguments is the reviewer's view of the one call's arguments the
	// request holds for (secrets masked, bounded); absent for a request
	// made without arguments.
	Arguments string `json:"arguments,omitempty"`
	// VoidReason says what changed since a void approval was approved.
	VoidReason string `json:"void_reason,omitempty"`
	// LapsedReason says why a stale or expired request can no longer be
	// approved.
	LapsedReason string `json:"lapsed_reason,omitempty"`
}

// approvedVersion is the contract version of the tool an approval was
// filed for: the tool's version while it keeps the approval's digest, ""
// once it changed (the digest alone names it then) or when unknown.
func approvedVersion(st *authState, a *models.Approval) string {
	if st == nil {
		return ""
	}
	if t, ok := st.tools[a.Tool]; ok && t.Digest == a.Digest {
		return t.Version
	}
	return ""
}

// approvalJSON is a's answer; version is its tool's contract version
// ("": left out of the answer).
func approvalJSON(a *models.Approval, version string) approvalBody {
	return approvalBody{Approval: a.Ref, Status: a.Status, Agent: a.Agent, Subject: a.Subject, Tool: toolRef{ID: a.Tool, Version: version, Digest: a.Digest},
		Summary: a.ShownSummary(), SingleUse: a.SingleUse, Until: a.Until, Used: a.UsedAt != nil, Expired: approvalExpired(a, time.Now()), DecidedBy: a.DecidedBy, Reason: a.Reason, Arguments: a.ArgsView, VoidReason: a.VoidReason}
}

// approvalExpired: an approved, time-bound approval whose window has
// passed (the check then answers approval_required).
func approvalExpired(a *models.Approval, now time.Time) bool {
	return a.Status == authority.ApprovalApproved && !a.SingleUse && a.Until != nil && !now.Before(*a.Until)
}

// textProblem says why a free text is refused ("" when it is fine):
// empty, too long, or holding control characters.
func textProblem(s string, max int) string {
	switch {
	case strings.TrimSpace(s) == "":
		return "is required"
	case !utf8.ValidString(s):
		return "is not valid UTF-8"
	case utf8.RuneCountInString(s) > max:
		return fmt.Sprintf("is at most %d characters", max)
	case strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' }):
		return "must not hold control characters"
	case catalog.HiddenText(s) != "":
		// the rule the store holds person text to
		return catalog.HiddenText(s)
	}
	return ""
}

// apiRequestApproval serves POST /api/v1/approvals: the runtime asks for
// an approval of one call of an approval-only tool. The check decides
// first: a tool the subject may not use answers exactly as /authorize
// does (403), one that needs no approval is 409, else 201 with the
// pending request reviewers see on the Approvals page — or 200 with the
// one already pending for the same call (agent, subject, tool, digest,
// arguments), whoever filed it: one pending request per call.
func (s *Server) apiRequestApproval(c echo.Context) error {
	var req approvalRequest
	if err := decodeRun(c, &req); err != nil {
		return err
	}
	if msg := textProblem(req.Summary, models.MaxApprovalSummary); msg != "" {
		return apiErr(http.StatusBadRequest, "bad_request", "summary", "summary "+msg)
	}
	if authority.FreeTextHoldsSecret(req.Summary) {
		// refused as a secret in the arguments is: every reviewer would
		// read it, and the audit trail would keep it
		return apiErr(http.StatusBadRequest, "bad_request", "summary", "summary holds what reads as a credential (a token, a key, password=…): describe the call without it; it would be shown to every reviewer as "+strconv.Quote(clip(authority.MaskFreeText(req.Summary), 200)))
	}
	if err := (&authorizeRequest{Agent: req.Agent, Profile: req.Profile, Subject: req.Subject, Tool: req.Tool}).validate(false); err != nil {
		return err
	}
	ctx := c.Request().Context()
	cs, err := s.checkState(ctx, "", 0)
	if err != nil {
		return err
	}
	st, d, t, err := s.decideAt(ctx, cs, checkArgs{agent: req.Agent, profile: req.Profile, subject: req.Subject, tool: req.Tool, keyOwner: keyOwner(c)})
	if err != nil {
		return err
	}
	s.countCheck(st, req.Agent, req.Tool, t, req.Subject, d)
	switch {
	case d.Allow:
		return apiErr(http.StatusConflict, "conflict", "tool", "this call needs no approval: the check allows it")
	case d.Error.Type != authority.TypeApprovalRequired:
		return c.JSON(http.StatusForbidden, body(authority.Conceal(d), t))
	}
	if req.Arguments != nil {
		// arguments the call could never run with are refused, not put
		// to a reviewer
		if bad := authority.CheckArguments(authority.Decision{Allow: true}, t.Digest, st.contracts[t.ID], req.Arguments); !bad.Allow {
			return c.JSON(http.StatusBadRequest, body(bad, t))
		}
	}
	argsDigest, view, err := s.approvalArguments(ctx, t, req.Arguments)
	if err != nil {
		return err
	}
	a, created, err := s.requestApproval(c, req.Agent, st.profileOf(req.Agent, req.Profile), req.Subject, t, req.Summary, models.OriginRuntime, argsDigest, view)
	if refused, ok := filingRefusal(&d, err, t.ID); ok {
		// denied: 403 as a check's denial; too large to review: 400, as
		// arguments the call could never run with
		status := http.StatusForbidden
		if errors.Is(err, models.ErrUnseeableRequest) {
			status = http.StatusBadRequest
		}
		return c.JSON(status, body(refused, t))
	}
	if err != nil {
		return err
	}
	if !created {
		// one pending request per call: the one already waiting
		return c.JSON(http.StatusOK, approvalJSON(a, t.Version))
	}
	return c.JSON(http.StatusCreated, approvalJSON(a, t.Version))
}

// apiApproval serves GET /api/v1/approvals/{approval}: the request's
// state, for the runtime waiting on it. A key reads only a request it
// filed or asked for (the request holds the subject and the arguments'
// view); any other answers 404 exactly as an unknown ref, so a ref
// handed to a model tells another key nothing.
func (s *Server) apiApproval(c echo.Context) error {
	ref := c.Param("approval")
	if !strings.HasPrefix(ref, models.ApprovalPrefix) || len(ref) > maxApprovalRef {
		return apiErr(http.StatusNotFound, "not_found", "approval", "no such approval")
	}
	ctx := c.Request().Context()
	a, err := s.store.ApprovalByRef(ctx, ref)
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "approval", "no such approval")
	}
	if err != nil {
		return err
	}
	k, _ := c.Get(keyAPIKey).(*models.APIKey)
	if k == nil {
		return apiErr(http.StatusNotFound, "not_found", "approval", "no such approval")
	}
	if asked, err := s.store.ApprovalAskedBy(ctx, a, k.ID); err != nil {
		return err
	} else if !asked {
		return apiErr(http.StatusNotFound, "not_found", "approval", "no such approval")
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	st := s.pageAuthority(ctx)
	body := approvalJSON(a, approvedVersion(st, a))
	shown := showApproval(st, a, time.Now())
	body.Status, body.VoidReason, body.LapsedReason = shown.Status, shown.VoidReason, shown.Lapsed
	return c.JSON(http.StatusOK, body)
}

// maxListedApprovals bounds the Approvals page.
const maxListedApprovals = 200

// approvalsPage serves GET /approvals: pending requests first, with
// approve and deny forms, then the latest decisions.
func (s *Server) approvalsPage(c echo.Context) error {
	as, err := s.store.Approvals(c.Request().Context(), maxListedApprovals)
	if err != nil {
		return err
	}
	var pending []uint
	for _, a := range as {
		if a.Status == authority.ApprovalPending {
			pending = append(pending, a.ID)
		}
	}
	owners, err := s.store.ApprovalKeyOwners(c.Request().Context(), pending)
	if err != nil {
		return err
	}
	me := userName(c)
	now := time.Now()
	st := s.pageAuthority(c.Request().Context())
	d := views.ApprovalsData{CSRF: csrfToken(c)}
	for _, a := range as {
		r := views.ApprovalRow{Ref: a.Ref, Status: a.Status, Agent: a.Agent, Subject: a.Subject, Tool: a.Tool, Digest: shortDigest(a.Digest), Summary: a.ShownSummary(), Arguments: a.ArgsView,
			Origin: a.Origin, RequestedBy: a.RequestedBy, At: a.CreatedAt.UTC().Format(time.DateTime), DecidedBy: a.DecidedBy, Reason: a.Reason,
			Own: !authority.CanDecideApproval(me, a.Subject), WithdrawnBy: a.WithdrawnBy, WithdrawReason: a.WithdrawReason, Run: a.Run}
		shown := showApproval(st, &a, now)
		r.Status, r.Void, r.Lapsed = shown.Status, shown.Note, shown.Lapsed
		switch {
		case shown.Status != authority.ApprovalApproved:
		case a.SingleUse && a.UsedAt != nil:
			r.Scope = "single-use, used " + a.UsedAt.UTC().Format(time.DateTime)
		case a.SingleUse:
			r.Scope = "single-use, not used yet"
		case approvalExpired(&a, now):
			r.Scope = "expired " + a.Until.UTC().Format(time.DateTime)
		case a.Until != nil:
			r.Scope = "until " + a.Until.UTC().Format(time.DateTime)
		}
		r.Withdrawable = shown.Status == authority.ApprovalApproved && a.UsedAt == nil && !approvalExpired(&a, now)
		why := denyOnlyOf(shown.Status, &a, keyOwnerOf(me, owners[a.ID]))
		r.KeyOwner, r.Unseen, r.Masked = why == denyKeyOwner, why == denyUnseen, why == denyMasked
		d.Rows = append(d.Rows, r)
	}
	return s.render(c, http.StatusOK, s.page(c, "Approvals", "approvals"), views.Approvals(d))
}
