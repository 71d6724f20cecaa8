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
// Version is the contract's own version, left out when it has none (or,
// for an approval, when its tool changed since): the digest names the
// exact version always.
type toolRef struct {
	ID      string `json:"id"`
	Version string `json:"version,omitempty"`
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
	if cs, err = s.checkState(ctx, req.Binding, keyIDOf(requestKey(c))); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	if err := s.checkAgentSet(ctx, cs, req.Agent, req.Tools, req.Without); err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	st, d, t, err := s.decideAt(ctx, cs, checkArgs{agent: req.Agent, profile: req.Profile, subject: req.Subject, tool: req.Tool, approval: req.Approval, spend: !binding, arguments: req.Arguments, pick: req.Tools, without: req.Without, keyOwner: keyOwner(c), keyID: keyIDOf(requestKey(c))})
	if err != nil {
		return req, authority.Decision{}, nil, cs, err
	}
	// counted as decided (recordedDecision: a call put to a reviewer as
	// what came of it); answered as a caller never shown a hidden tool
	// may see it (a reviewer's denial of this very call, which
	// nameApproval may answer with, is of a tool the caller was shown)
	decided := d
	d = authority.Conceal(d)
	if err := s.nameApproval(c, st, &d, req.Agent, req.Profile, req.Subject, t, req.Arguments, req.Approval != "" || cs.BindingApproval != ""); err != nil {
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
	// keyID is the runtime key the check is made through (0: none): an
	// approval presented holds only if that key asked for it (heldFor).
	keyID uint
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
		if row, err = s.heldFor(ctx, row, a.keyID); err != nil {
			return nil, authority.Decision{}, nil, err
		}
		ap = st.approvalOf(row)
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
	if d.Void != "" && ap != nil {
		// approved under an authority that changed since: void for good,
		// on every replica (a concurrent check that voided first is fine)
		if err := s.store.VoidApproval(ctx, ap.Ref, d.Void, now); err != nil && !errors.Is(err, models.ErrConflict) {
			return nil, authority.Decision{}, nil, err
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
