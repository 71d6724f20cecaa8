package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// authorizeRequest is POST /api/v1/authorize's body (the authority rules); a
// bindings request adds ttl_seconds and has no binding.
type authorizeRequest struct {
	Agent   string             `json:"agent"`
	Profile string             `json:"profile,omitempty"`
	Subject *authority.Subject `json:"subject,omitempty"`
	Tool    string             `json:"tool"`
	Binding string             `json:"binding,omitempty"`
	// TTLSeconds is kept raw so an explicit 0, negative or null is told
	// from an absent field (see validate).
	TTLSeconds json.RawMessage `json:"ttl_seconds,omitempty"`
	// Arguments are the call's arguments, checked against the reviewed
	// input schema of the tool version allowed; never logged. An approval
	// request the check files is bound to their digest and keeps the
	// reviewer's masked view of them (approvalArguments). Absent, nothing
	// is checked.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Approval is an approved request's reference, for an approval-only
	// tool: a single-use one is spent by the call it allows.
	Approval string `json:"approval,omitempty"`
	// Tools and Without are the conversation's set: a tool it leaves out
	// is capability_unavailable, as in a run.
	Tools   []string `json:"tools,omitempty"`
	Without []string `json:"without,omitempty"`
	// ttl is the validated lifetime in seconds.
	ttl int
}

// toolRef names the exact tool version a decision or binding is about.
type toolRef struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Digest  string `json:"digest"`
}

// decisionBody is the check's answer: allow with the tool, or deny with
// the model-visible error and the host-only reason.
type decisionBody struct {
	Decision   string           `json:"decision"`
	Tool       *toolRef         `json:"tool,omitempty"`
	Error      *authority.Error `json:"error,omitempty"`
	HostReason string           `json:"host_reason,omitempty"`
}

// validate checks a request's fields; every problem names its field.
func (r *authorizeRequest) validate(binding bool) error {
	switch {
	case strings.TrimSpace(r.Agent) == "":
		return apiErr(http.StatusBadRequest, "bad_request", "agent", "agent is required")
	case strings.TrimSpace(r.Tool) == "" || len(r.Tool) > catalog.MaxIDLength:
		return apiErr(http.StatusBadRequest, "bad_request", "tool", fmt.Sprintf("tool is required (at most %d bytes)", catalog.MaxIDLength))
	}
	if err := checkBindingField(r.Binding); err != nil {
		return err
	}
	if err := checkApprovalField(r.Approval); err != nil {
		return err
	}
	if err := checkToolSet(r.Tools, r.Without); err != nil {
		return err
	}
	if err := checkSlugs(r.Agent, r.Profile); err != nil {
		return err
	}
	if f, msg := r.Subject.Validate(); f != "" {
		return apiErr(http.StatusBadRequest, "bad_request", f, msg)
	}
	if binding {
		if r.Arguments != nil {
			return apiErr(http.StatusBadRequest, "bad_request", "arguments", "arguments are checked per call (POST /api/v1/authorize or a run's call), not when binding")
		}
		if r.Binding != "" {
			return apiErr(http.StatusBadRequest, "bad_request", "binding", "a new binding is not made from another")
		}
		maxTTL := int(models.MaxBindingTTL / time.Second)
		r.ttl = defaultBindingTTL
		if r.TTLSeconds != nil {
			n, err := strconv.Atoi(string(r.TTLSeconds))
			if err != nil || n < 1 || n > maxTTL {
				return apiErr(http.StatusBadRequest, "bad_request", "ttl_seconds", fmt.Sprintf("ttl_seconds is an integer 1 to %d (absent: %d)", maxTTL, defaultBindingTTL))
			}
			r.ttl = n
		}
	} else if r.TTLSeconds != nil {
		return apiErr(http.StatusBadRequest, "bad_request", "ttl_seconds", "unknown field ttl_seconds")
	}
	return nil
}

// defaultBindingTTL is a binding's lifetime in seconds when the request
// names none.
const defaultBindingTTL = 300

// maxBindingHandle bounds a binding handle a request may send.
const maxBindingHandle = 128

// checkBindingField bounds the binding field of a check (authorize or a
// run's call).
func checkBindingField(handle string) error {
	if len(handle) > maxBindingHandle {
		return apiErr(http.StatusBadRequest, "bad_request", "binding", fmt.Sprintf("binding is at most %d characters", maxBindingHandle))
	}
	return nil
}

// check decodes a request and decides it against the committed state:
// the generations from a read started after the request arrived (shared
// with concurrent checks through the gate; with the binding in one query
// when one is sent), then the pure decision. Every check is counted.
func (s *Server) check(c echo.Context, binding bool) (authorizeRequest, authority.Decision, *authority.Tool, models.CheckState, error) {
	var req authorizeRequest
	var cs models.CheckState
	raw, err := readBody(c)
	if err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	if err := decodeStrict(raw, &req); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	if err := req.validate(binding); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	ctx := c.Request().Context()
	if cs, err = s.checkState(ctx, req.Binding); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	if err := s.checkAgentSet(ctx, cs, req.Agent, req.Tools, req.Without); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	st, d, t, err := s.decideAt(ctx, cs, checkArgs{agent: req.Agent, profile: req.Profile, subject: req.Subject, tool: req.Tool, approval: req.Approval, spend: !binding, arguments: req.Arguments, pick: req.Tools, without: req.Without, keyOwner: keyOwner(c)})
	if err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	// counted as decided (recordedDecision: a call put to a reviewer as
	// what came of it); answered as a caller never shown a hidden tool
	// may see it (a reviewer's denial of this very call, which
	// nameApproval may answer with, is of a tool the caller was shown)
	decided := d
	d = authority.Conceal(d)
	if err := s.nameApproval(c, st, &d, req.Agent, req.Subject, t, req.Arguments, req.Approval != "" || cs.BindingApproval != ""); err != nil {
		s.countCheck(st, req.Agent, req.Tool, t, req.Subject, decided)
		return req, authority.Decision{}, nil, cs, err
	}
	refused := ""
	if !d.Allow && d.Error != nil {
		refused = d.Error.Type
	}
	s.countCheck(st, req.Agent, req.Tool, t, req.Subject, recordedDecision(decided, refused))
	return req, d, t, cs, nil
}

// checkArgs is what a check decides besides the committed state.
type checkArgs struct {
	agent, profile string
	subject        *authority.Subject
	tool           string
	// approval is the reference the request presents ("" none: a
	// binding's pinned one is used).
	approval string
	// spend: an allowed call resting on a single-use approval spends it
	// (calls; a binding only pins it).
	spend bool
	// arguments are checked once the call is otherwise allowed (nil: not).
	arguments json.RawMessage
	// pick and without are the conversation's set (nil: none).
	pick, without []string
	// approvalRow, when set, is the approval whose reference approval
	// names, read by the caller just now (not read again).
	approvalRow *models.Approval
	// argsDigest is the arguments' digest (models.ApprovalArgsDigest) when
	// the caller computed it; else decideAt computes it for an approval
	// presented with arguments.
	argsDigest string
	// keyOwner is the creator of the runtime key the check is made
	// through ("" none): an approval its own decider presents through a
	// key they created holds for nothing (four eyes).
	keyOwner string
}

// keyCreator is the person who created the runtime key k ("" for none).
func keyCreator(k *models.APIKey) string {
	if k == nil {
		return ""
	}
	return k.CreatedBy
}

// decideAt decides a check at the generations (and with the binding) cs
// was read at: the pure decision, not yet counted. It records the first
// invalidation of a binding and spends a single-use approval the call
// rests on (after its arguments passed: a refused call spends nothing).
func (s *Server) decideAt(ctx context.Context, cs models.CheckState, a checkArgs) (*authState, authority.Decision, *authority.Tool, error) {
	st, err := s.authorityAt(ctx, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return nil, authority.Decision{}, nil, err
	}
	ag, err := st.agentFor(a.agent, a.profile)
	if err != nil {
		return nil, authority.Decision{}, nil, err
	}
	ag.Pick, ag.Without = a.pick, a.without
	ref := a.approval
	if ref == "" {
		ref = cs.BindingApproval
	}
	var ap *authority.Approval
	if ref != "" {
		row := a.approvalRow
		if row == nil || row.Ref != ref {
			if row, err = s.store.ApprovalByRef(ctx, ref); err != nil && !errors.Is(err, models.ErrNotFound) {
				return nil, authority.Decision{}, nil, err
			}
		}
		ap = row.Authority()
		ap.Ref, ap.KeyOwner = ref, a.keyOwner
	}
	argsDigest := a.argsDigest
	if tl, ok := st.tools[a.tool]; ok && ap != nil && argsDigest == "" && a.arguments != nil {
		// an approval made for one call's arguments holds for those only,
		// one made without arguments for no call that has them
		if argsDigest, err = s.store.ApprovalArgsDigest(ctx, tl.ID, tl.Digest, canonicalArguments(a.arguments)); err != nil {
			return nil, authority.Decision{}, nil, err
		}
	}
	now := time.Now()
	d, t := st.decide(ag, a.subject, a.tool, cs.Binding, ap, argsDigest, now)
	if d.Invalidates && cs.BindingID != 0 {
		// the first stale or revoked verdict is the binding's for good;
		// a concurrent check that recorded first wins
		inv, err := s.store.InvalidateBinding(ctx, cs.BindingID, authority.Invalidation{Type: d.Error.Type, Reason: d.HostReason, At: now})
		if err != nil {
			return nil, authority.Decision{}, nil, err
		}
		if inv.Type != d.Error.Type || inv.Reason != d.HostReason {
			d = authority.Recorded(inv)
		}
	}
	d = st.arguments(d, t, a.arguments)
	if d.Allow && a.spend && d.Approval != nil && d.Approval.SingleUse {
		err := s.store.SpendApproval(ctx, "check", d.Approval.Ref, now)
		if errors.Is(err, models.ErrConflict) {
			d = authority.ApprovalSpent(d.Approval.Ref)
		} else if err != nil {
			return nil, authority.Decision{}, nil, err
		}
	}
	return st, d, t, nil
}

// nameApproval makes an approval_required denial name an approval
// request: a new one (or the pending one a check made earlier for the
// same agent, subject, tool, digest and arguments) when the call
// presented none. A call sent with arguments files a request bound to
// them (approvalArguments), after they passed the tool's reviewed
// schema: arguments the call could never run with are refused
// (invalid_arguments), not put to a reviewer.
func (s *Server) nameApproval(c echo.Context, st *authState, d *authority.Decision, agent string, subject *authority.Subject, t *authority.Tool, arguments json.RawMessage, presented bool) error {
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
	a, _, err := s.requestApproval(c, agent, subject, t, "", models.OriginCheck, argsDigest, view)
	if refused, ok := filingRefusal(d, err, t.ID); ok {
		*d = refused
		return nil
	}
	if err != nil {
		return err
	}
	e := *d.Error
	e.Approval = a.Ref
	d.Error = &e
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
	return authority.Decision{Error: approvalAnswer(d.Error, nil, err, tool), HostReason: err.Error()}, true
}

// filingRule reports whether err is a store's filing rule refusing an
// approval request (a reviewer's recent denial of this very call, or
// arguments nobody could see whole), not a failure.
func filingRule(err error) bool {
	var den *models.DeniedCallError
	return errors.As(err, &den) || errors.Is(err, models.ErrUnseeableRequest)
}

// requestApproval records an approval request for subject's agent to
// call t at its digest, with the arguments whose digest is argsDigest and
// whose reviewer's view is view ("" both: made without arguments).
//
// There is one pending request per call: created is false when one for
// the same agent, subject, tool, digest and arguments was already pending
// (filed by any session, caller or key), which is then the one returned.
// A call the filing rules refuse (a recent denial of it, arguments too
// large for the reviewer's view) returns the store's error as it is, for
// the caller to answer as a decision (filingRefusal).
func (s *Server) requestApproval(c echo.Context, agent string, subject *authority.Subject, t *authority.Tool, summary, origin, argsDigest string, view authority.View) (*models.Approval, bool, error) {
	groups, _ := json.Marshal(authority.GroupsOf(subject))
	keyID := uint(0)
	if k, ok := c.Get(keyAPIKey).(*models.APIKey); ok {
		keyID = k.ID
	}
	a, created, err := s.store.RequestApproval(c.Request().Context(), keyActor(c), models.Approval{Agent: agent, Subject: subjectID(subject), GroupsJSON: string(groups), Tool: t.ID, Digest: t.Digest, ArgsDigest: argsDigest, ArgsView: view.Text, ArgsHidden: view.Hides, Summary: summary, Origin: origin, KeyID: keyID})
	var tm *models.TooManyApprovalsError
	if filingRule(err) {
		// the filing rules' answers: the caller says them as a decision
		return nil, false, err
	}
	if errors.As(err, &tm) {
		return nil, false, apiErr(http.StatusTooManyRequests, "too_many_approvals", "approval",
			fmt.Sprintf("%s already has %d approval requests waiting for a reviewer, the most it may have; no new one was filed: wait until one is decided", tm.Whose(), tm.Limit))
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

// countCheck counts a decided check under the tool asked for, or under
// "(unknown)" when the catalog has no such tool (t nil).
func (s *Server) countCheck(st *authState, agent, tool string, t *authority.Tool, subject *authority.Subject, d authority.Decision) {
	if t == nil {
		tool = "(unknown)" // a model's guesses must not grow the counters
	}
	s.counters.count(agent, tool, st.countedGroups(subject), d)
	s.metrics.checkDecided(d)
}

func body(d authority.Decision, t *authority.Tool) decisionBody {
	if d.Allow {
		return decisionBody{Decision: "allow", Tool: &toolRef{ID: t.ID, Version: t.Version, Digest: t.Digest}}
	}
	return decisionBody{Decision: "deny", Error: d.Error, HostReason: d.HostReason}
}

// apiAuthorize serves POST /api/v1/authorize: may this agent, acting for
// this subject, call this tool now? Allow and deny are both 200.
func (s *Server) apiAuthorize(c echo.Context) error {
	_, d, t, _, err := s.check(c, false)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, body(d, t))
}

// bindingBody is a new binding; the handle is shown once.
type bindingBody struct {
	Handle           string    `json:"handle"`
	Tool             toolRef   `json:"tool"`
	DescriptorDigest string    `json:"descriptor_digest"`
	ExpiresAt        time.Time `json:"expires_at"`
}

// apiCreateBinding serves POST /api/v1/bindings: a handle on the exact
// tool version, for this subject and agent, when the check allows it; a
// denial is 403 with the same structured error.
func (s *Server) apiCreateBinding(c echo.Context) error {
	req, d, t, cs, err := s.check(c, true)
	if err != nil {
		return err
	}
	if !d.Allow {
		return c.JSON(http.StatusForbidden, body(d, t))
	}
	subject := ""
	if req.Subject != nil {
		subject = req.Subject.ID
	}
	exp := time.Now().Add(time.Duration(req.ttl) * time.Second).UTC().Truncate(time.Second)
	groups, _ := json.Marshal(authority.GroupsOf(req.Subject))
	ref := ""
	if d.Approval != nil {
		ref = d.Approval.Ref
	}
	pin, err := s.pinAt(c.Request().Context(), cs, req.Agent, req.Profile, req.Subject, t.ID)
	if err != nil {
		return err
	}
	handle, _, err := s.store.CreateBinding(c.Request().Context(), keyActor(c), models.Binding{Subject: subject, GroupSet: authority.GroupSetDigest(authority.GroupsOf(req.Subject)), Agent: req.Agent, Tool: t.ID, Digest: t.Digest, ExpiresAt: exp,
		Profile: req.Profile, GroupsJSON: string(groups), CatalogGen: cs.CatalogGen, PolicyGen: cs.ConfigGen, ApprovalRef: ref, AuthorityPin: pin.String()})
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusCreated, bindingBody{Handle: handle, Tool: toolRef{ID: t.ID, Version: t.Version, Digest: t.Digest}, DescriptorDigest: t.Digest, ExpiresAt: exp})
}

// apiReleaseBinding serves DELETE /api/v1/bindings/{handle}.
func (s *Server) apiReleaseBinding(c echo.Context) error {
	h := c.Param("handle")
	if !strings.HasPrefix(h, models.BindingPrefix) || len(h) > maxBindingHandle {
		return apiErr(http.StatusNotFound, "not_found", "handle", "no such binding")
	}
	err := s.store.ReleaseBinding(c.Request().Context(), keyActor(c), h)
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "handle", "no such binding")
	}
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// keyActor names the API key a runtime change is audited under.
func keyActor(c echo.Context) string {
	k, _ := c.Get(keyAPIKey).(*models.APIKey)
	return apiKeyActor(k)
}

// apiKeyActor is the audit actor of a runtime key k ("apikey" when
// unknown).
func apiKeyActor(k *models.APIKey) string {
	if k == nil {
		return "apikey"
	}
	return fmt.Sprintf("apikey:%d %s", k.ID, k.Name)
}
