package web

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// apiRunCall serves POST /api/v1/runs/{run}/calls: may this call proceed?
func (s *Server) apiRunCall(c echo.Context) error {
	run, err := runID(c)
	if err != nil {
		return err
	}
	if err := s.notOthersRun(c, run); err != nil {
		return err
	}
	var req runCallRequest
	if err := decodeRun(c, &req); err != nil {
		return err
	}
	if req.Tool == "" || len(req.Tool) > catalog.MaxIDLength {
		return apiErr(http.StatusBadRequest, "bad_request", "tool", fmt.Sprintf("tool must be 1-%d bytes", catalog.MaxIDLength))
	}
	if err := checkBindingField(req.Binding); err != nil {
		return err
	}
	if err := checkApprovalField(req.Approval); err != nil {
		return err
	}
	ctx := c.Request().Context()
	// one read gives the generations both the surface and the call-time
	// check are built at, and the binding when one is sent
	cs, err := s.checkState(ctx, req.Binding, keyIDOf(requestKey(c)))
	if err != nil {
		return err
	}
	b, err := s.runBaseAt(ctx, req.runTarget, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return err
	}
	known := func(id string) bool { _, ok := b.Snapshot.Row(id); return ok }
	kept := b.Surface.KeepPins(req.Pins, b.Revoked)
	sf, err := withPins(b, kept)
	if err != nil {
		return err
	}
	key, err := s.receiptKey(ctx)
	if err != nil {
		return err
	}
	act, err := deferred.Reconstruct(key, run, sf, req.Receipts, s.runCeilings())
	if err != nil {
		return runStatus(err)
	}
	if err := s.ownRun(c, run); err != nil {
		return err
	}
	v := deferred.Classify(key, run, sf, act, len(req.Receipts), req.Tool, known)
	v.Shown, v.Withdrawn = act.ShownBefore(req.Tool, req.Pins, req.Binding != ""), act.Withdrawn(req.Tool)
	var approval, checkedOn string
	if v, approval, checkedOn, err = s.checkCall(c, req, cs, v); err != nil {
		return err
	}
	var loaded *loadedSkill
	skillErr := false
	if req.Tool == instruction.LoadSkillToolID && v.Status == deferred.CallActive && len(req.Arguments) > 0 {
		// the one loader the gateway uses: only the slugs this step lists
		k, e, err := s.loadSkill(ctx, listedSkills(b.Draft.Skills, sf, act.IsActive), req.Arguments)
		if err != nil {
			return err
		}
		skillErr = e != nil
		switch {
		case e == nil:
			loaded = k
		case e.Type == authority.TypeInvalidArguments:
			v = deferred.CallVerdict{Status: deferred.CallDenied, Console: true, Error: e}
		default:
			v = deferred.CallVerdict{Status: deferred.CallUnknown, Console: true, Error: e, HostReason: "the step lists no skill of that slug"}
		}
	}
	res := runCallResponse{Run: run, Tool: req.Tool, Status: v.Status, Error: v.Error, HostReason: v.HostReason, Receipt: v.Receipt, Rejected: nonNilRejections(act.Rejected),
		Unpinned: deferred.Unpinned(req.Pins, kept), Skill: loaded}
	switch {
	case loaded != nil:
		res.Message = loaded.Text()
	case v.Status == deferred.CallActive:
		res.Message = "The call may proceed."
	case v.Status == deferred.CallDenied, skillErr:
		res.Message = v.Error.Message
	case v.Status == deferred.CallSearchRequired:
		res.Message = fmt.Sprintf("SEARCH_REQUIRED: %s is not loaded yet. Call %s with what you want to do; a tool it returns can be called from your next reply.", req.Tool, instruction.SearchToolID)
	default:
		res.Message = fmt.Sprintf("No tool named %s is available.", req.Tool)
	}
	ev := models.RunEvent{Run: run, Kind: models.RunCall, Agent: b.Agent, Profile: b.Profile, ProfileVersion: b.ProfileVersion, Step: len(req.Receipts),
		Surface: sf.Key(), Active: len(act.Active()), Accepted: len(act.Accepted), Rejected: len(act.Rejected), Tool: clip(req.Tool, 200), Verdict: v.Status, Approval: approval}
	if v.Receipt != nil {
		ev.Receipts = v.Receipt.ID()
	}
	if loaded != nil {
		ev.Digest, ev.ResultBytes, ev.CallStatus = loaded.Digest, len(res.Message), "ok" // the answer the model reads, as over MCP
	}
	if v.Status == deferred.CallDenied {
		ev.Verdict = v.Status + ":" + v.Error.Type // the runs page says which denial
		if loaded == nil {
			ev.Digest = checkedOn // and the contract it was decided on, as the gateway's
		}
	}
	if err := s.evidence.add(ctx, ev); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// checkCall runs the call-time check of the authority rules on a call the surface
// did not send to search first and that is no console tool's (no catalog
// holds those), at the generations the surface was built at, and counts
// it like every other check. approval is the approval request an allowed
// call rests on ("" none), which the run's evidence names; checkedOn is
// the digest of the contract the check decided on, of a tool the run was
// shown ("" otherwise: a hidden tool's digest is never recorded).
func (s *Server) checkCall(c echo.Context, req runCallRequest, cs models.CheckState, v deferred.CallVerdict) (_ deferred.CallVerdict, approval, checkedOn string, _ error) {
	if v.Status == deferred.CallSearchRequired || v.Console {
		return v, "", "", nil
	}
	// the arguments are checked (and a single-use approval spent) only
	// for a call that may otherwise proceed: a tool the run cannot use
	// shows nothing of its schema
	active := v.Status == deferred.CallActive
	st, d, t, err := s.decideAt(c.Request().Context(), cs, checkArgs{agent: req.Agent, profile: req.Profile, subject: req.Subject, tool: req.Tool, approval: req.Approval, spend: active, arguments: argumentsIf(active, req.Arguments), pick: req.Tools, without: req.Without, keyOwner: keyOwner(c), keyID: keyIDOf(requestKey(c))})
	if err != nil {
		return v, "", "", err
	}
	if t != nil && (active || v.Shown) {
		checkedOn = t.Digest
	}
	v, counted, _ := deferred.Authorize(v, d)
	if v.Status == deferred.CallActive && d.Approval != nil {
		approval = d.Approval.Ref
	}
	refused := ""
	if v.Status == deferred.CallDenied {
		// the request a reviewer decides is bound to the call's arguments
		if err := s.nameApproval(c, st, &d, req.Agent, req.Profile, req.Subject, t, argumentsIf(active, req.Arguments), req.Approval != "" || cs.BindingApproval != ""); err != nil {
			s.countCheck(st, req.Agent, req.Tool, t, req.Subject, counted)
			return v, "", "", err
		}
		// (an approval_required the filing rules answered comes back as
		// the reviewer's denial or as arguments nobody can approve)
		if d.Error != nil && (d.Error.Type == v.Error.Type || v.Error.Type == authority.TypeApprovalRequired || d.Error.Type == authority.TypeInvalidArguments) {
			v.Error = d.Error
		}
		refused = v.Error.Type
	}
	// counted as what the caller is told (recordedDecision)
	s.countCheck(st, req.Agent, req.Tool, t, req.Subject, recordedDecision(counted, refused))
	return v, approval, checkedOn, nil
}

// argumentsIf is raw when the call is active, else nil (not checked).
func argumentsIf(active bool, raw json.RawMessage) json.RawMessage {
	if active {
		return raw
	}
	return nil
}

func (s *Server) runCeilings() deferred.Ceilings {
	if s.cfg.RunCeilings == (deferred.Ceilings{}) {
		return deferred.DefaultCeilings()
	}
	return s.cfg.RunCeilings
}

func nonNilRejections(r []deferred.Rejection) []deferred.Rejection {
	if r == nil {
		return []deferred.Rejection{}
	}
	return r
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
