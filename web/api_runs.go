package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// The runtime's deferred-run endpoints (the deferred-run rules). Activation state
// lives only in the receipts the runtime sends back, so any replica, after
// any restart, answers a request the same way.

type runSearchRequest struct {
	runTarget
	Query string `json:"query"`
	Step  *int   `json:"step"`
	Limit int    `json:"limit,omitempty"`
	// Pins are the run's pins, as its steps send them: a pinned tool is
	// shown by every step, so search never spends a hit on it.
	Pins []string `json:"pins,omitempty"`
}

type runStepRequest struct {
	runTarget
	Tier        string              `json:"tier,omitempty"`
	CatalogForm string              `json:"catalog_form,omitempty"`
	Encoding    string              `json:"encoding,omitempty"`
	Pins        []string            `json:"pins,omitempty"`
	Receipts    [][]json.RawMessage `json:"receipts"`
}

type runCallRequest struct {
	runTarget
	Tool string `json:"tool"`
	// Binding is an optional handle from POST /api/v1/bindings, checked
	// like /api/v1/authorize checks it.
	Binding  string              `json:"binding,omitempty"`
	Pins     []string            `json:"pins,omitempty"`
	Receipts [][]json.RawMessage `json:"receipts"`
	// Arguments are the call's arguments, checked against the reviewed
	// input schema once the call is otherwise active; never stored or
	// logged. Absent, nothing is checked.
	Arguments json.RawMessage `json:"arguments,omitempty"`
	// Approval is an approved request's reference for an approval-only
	// tool, spent by the call when single-use.
	Approval string `json:"approval,omitempty"`
}

// runHit is a search hit: an exact name and a description, never a schema.
type runHit struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

type runSearchResponse struct {
	Run     string            `json:"run"`
	Step    int               `json:"step"`
	Surface string            `json:"surface"`
	Hits    []runHit          `json:"hits"`
	Receipt *deferred.Receipt `json:"receipt"`
}

// runStepResponse is a step's answer: the step's projection, then what is
// the request's own (apiRunStep writes the two parts apart, byte for byte
// as encoding this type would).
type runStepResponse struct {
	meter.StepProjection
	runStepTail
}

// runStepTail is the part of a step's answer that belongs to the request:
// the run, the step, the surface and the receipts' verdicts.
type runStepTail struct {
	Run       string               `json:"run"`
	Step      int                  `json:"step"`
	Surface   string               `json:"surface"`
	Reachable int                  `json:"reachable"`
	Rejected  []deferred.Rejection `json:"rejected"`
	Receipts  []deferred.Accepted  `json:"receipts"`
	// Unpinned are the request's pins this subject's surface does not
	// hold (not granted, or no longer bindable): they pin nothing.
	Unpinned []string `json:"unpinned,omitempty"`
}

type runCallResponse struct {
	Run        string               `json:"run"`
	Tool       string               `json:"tool"`
	Status     string               `json:"status"`
	Message    string               `json:"message"`
	Error      *authority.Error     `json:"error,omitempty"`
	HostReason string               `json:"host_reason,omitempty"`
	Receipt    *deferred.Receipt    `json:"receipt,omitempty"`
	Rejected   []deferred.Rejection `json:"rejected"`
	// Unpinned: as for steps.
	Unpinned []string `json:"unpinned,omitempty"`
	// Skill is load_skill's answer, for a call with arguments naming a
	// skill the step lists: return its procedure to the model.
	Skill *loadedSkill `json:"skill,omitempty"`
}

// runID reads and checks the path's run id.
func runID(c echo.Context) (string, error) {
	run := c.Param("run")
	if !deferred.ValidRun(run) {
		return "", apiErr(http.StatusBadRequest, "bad_request", "run", fmt.Sprintf("run must be 1-%d letters, digits or . _ : - starting with a letter or digit", deferred.MaxRunBytes))
	}
	if isGatewayRun(run) {
		return "", apiErr(http.StatusBadRequest, "bad_request", "run", "run ids starting with mcp- belong to gateway sessions: only the session that opened one writes to it; choose another run id")
	}
	return run, nil
}

// gatewayRunPrefix starts the run id of every gateway session
// (mcp_http.go): the runs API never writes to such a run, so a session's
// evidence is its own (any key could otherwise append events to a run it
// saw on the Runs page).
const gatewayRunPrefix = "mcp-"

// isGatewayRun reports whether run is a gateway session's run id, in any
// letter case.
func isGatewayRun(run string) bool {
	return len(run) >= len(gatewayRunPrefix) && strings.EqualFold(run[:len(gatewayRunPrefix)], gatewayRunPrefix)
}

// decodeRun reads the body into v and checks the target.
func decodeRun(c echo.Context, v interface{ target() runTarget }) error {
	raw, err := readBody(c)
	if err != nil {
		return err
	}
	if err := decodeStrict(raw, v); err != nil {
		return err
	}
	return v.target().validate()
}

func (r *runSearchRequest) target() runTarget { return r.runTarget }
func (r *runStepRequest) target() runTarget   { return r.runTarget }
func (r *runCallRequest) target() runTarget   { return r.runTarget }

// runStatus maps the deferred package's input errors to 4xx answers.
func runStatus(err error) error {
	var ie *deferred.InputError
	if errors.As(err, &ie) {
		if ie.Limit > 0 {
			return apiErr(http.StatusUnprocessableEntity, "over_ceiling", ie.Field, ie.Message)
		}
		return apiErr(http.StatusBadRequest, "bad_request", ie.Field, ie.Message)
	}
	return composeStatus(err)
}

// apiRunSearch serves POST /api/v1/runs/{run}/search.
func (s *Server) apiRunSearch(c echo.Context) error {
	run, err := runID(c)
	if err != nil {
		return err
	}
	if err := s.notOthersRun(c, run); err != nil {
		return err
	}
	var req runSearchRequest
	if err := decodeRun(c, &req); err != nil {
		return err
	}
	if req.Step == nil {
		return apiErr(http.StatusBadRequest, "bad_request", "step", "step is required")
	}
	if *req.Step < 0 || *req.Step > deferred.MaxStep {
		return apiErr(http.StatusBadRequest, "bad_request", "step", fmt.Sprintf("step must be in 0..%d", deferred.MaxStep))
	}
	ctx := c.Request().Context()
	b, err := s.runBaseFor(ctx, req.runTarget)
	if err != nil {
		return err
	}
	key, err := s.receiptKey(ctx)
	if err != nil {
		return err
	}
	// the pins are checked as a step checks them; the search skips them
	// over the run's one index (a pinned surface would build its own)
	kept := b.Surface.KeepPins(req.Pins, b.Revoked)
	if _, err := b.Surface.CheckPins(kept); err != nil {
		return pinStatus(err)
	}
	if err := s.ownRun(c, run); err != nil {
		return err
	}
	hits, err := b.Surface.SearchSkipping(req.Query, req.Limit, s.runCeilings(), kept)
	if err != nil {
		return runStatus(err)
	}
	res := runSearchResponse{Run: run, Step: *req.Step, Surface: b.Surface.Key(), Hits: make([]runHit, len(hits))}
	names := make([]string, len(hits))
	for i, h := range hits {
		res.Hits[i] = runHit{Name: h.ID, Description: h.Description}
		names[i] = h.ID
	}
	ev := models.RunEvent{Run: run, Kind: models.RunSearch, Agent: b.Agent, Profile: b.Profile, ProfileVersion: b.ProfileVersion, Step: *req.Step,
		Surface: b.Surface.Key(), QueryBytes: len(req.Query), Hits: len(hits), Reachable: b.Surface.Reachable()}
	if len(names) > 0 {
		r := deferred.Mint(key, deferred.KindSearch, run, b.Surface.Key(), *req.Step, names)
		res.Receipt = &r
		ev.Receipts = r.ID()
	}
	if err := s.evidence.add(ctx, ev); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// apiRunStep serves POST /api/v1/runs/{run}/steps: the step's instruction,
// composed from its active tools only.
func (s *Server) apiRunStep(c echo.Context) error {
	run, err := runID(c)
	if err != nil {
		return err
	}
	if err := s.notOthersRun(c, run); err != nil {
		return err
	}
	var req runStepRequest
	if err := decodeRun(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	b, baseKey, err := s.runBaseKeyed(ctx, req.runTarget)
	if err != nil {
		return err
	}
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
	d := b.Draft
	if req.Tier != "" {
		d.Options.Tier = req.Tier
	}
	if req.CatalogForm != "" {
		d.Options.CatalogForm = req.CatalogForm
	}
	if err := d.Options.Validate(); err != nil {
		return composeStatus(err)
	}
	if err := s.ownRun(c, run); err != nil {
		return err
	}
	d.Options.Pins = sf.Pins()
	d.Activated = act.Activated
	enc := req.Encoding
	if enc == "" {
		enc = meter.O200k
	}
	e, err := s.stepProjection(baseKey, b, sf, d, enc)
	if err != nil {
		return err
	}
	tail := runStepTail{Run: run, Step: len(req.Receipts), Surface: sf.Key(), Reachable: sf.Reachable(),
		Rejected: nonNilRejections(act.Rejected), Receipts: act.Accepted, Unpinned: deferred.Unpinned(req.Pins, kept)}
	if tail.Receipts == nil {
		tail.Receipts = []deferred.Accepted{}
	}
	if err := s.evidence.add(ctx, stepEvidence(run, b, sf, act, e, tail.Step)); err != nil {
		return err
	}
	return e.write(c, tail)
}

// stepBodies recycles step answers' buffers: an answer is the size of
// the step's text twice over, and a busy runtime asks for thousands a
// second.
var stepBodies = sync.Pool{New: func() any { return new([]byte) }}

// write answers the step: the cached projection's fields, then the
// request's own, exactly as encoding runStepResponse would lay them out,
// in one write with its length.
func (e *stepEntry) write(c echo.Context, t runStepTail) error {
	j, err := json.Marshal(t)
	if err != nil {
		return err
	}
	bp := stepBodies.Get().(*[]byte)
	defer stepBodies.Put(bp)
	out := append(append(append((*bp)[:0], e.head...), ','), j[1:]...)
	out = append(out, '\n')
	*bp = out
	r := c.Response()
	r.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	r.Header().Set(echo.HeaderContentLength, strconv.Itoa(len(out)))
	r.WriteHeader(http.StatusOK)
	_, err = r.Write(out)
	return err
}

func stepEvidence(run string, b *runBase, sf *deferred.Surface, act deferred.Activation, e *stepEntry, step int) models.RunEvent {
	ev := models.RunEvent{Run: run, Kind: models.RunStep, Agent: b.Agent, Profile: b.Profile, ProfileVersion: b.ProfileVersion, Step: step,
		Surface: sf.Key(), Active: e.active, Activated: len(act.Activated), Reachable: sf.Reachable(), Accepted: len(act.Accepted),
		Rejected: len(act.Rejected), TextBytes: e.textBytes, Tokens: e.tokens, PrefixTokens: e.prefixTokens, Digest: e.digest, SchemaBytes: e.schemaBytes}
	var ids []string
	for _, a := range act.Accepted {
		if a.Used {
			ids = append(ids, a.ID)
		}
	}
	ev.Receipts = clip(strings.Join(ids, ","), 1024)
	why := map[string]int{}
	for _, r := range act.Rejected {
		why[r.Reason]++
	}
	var parts []string
	for r, n := range why {
		parts = append(parts, fmt.Sprintf("%s:%d", r, n))
	}
	sort.Strings(parts)
	ev.RejectedWhy = clip(strings.Join(parts, ","), 256)
	return ev
}

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
	cs, err := s.checkState(ctx, req.Binding)
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
	var approval string
	if v, approval, err = s.checkCall(c, req, cs, v); err != nil {
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
// call rests on ("" none), which the run's evidence names.
func (s *Server) checkCall(c echo.Context, req runCallRequest, cs models.CheckState, v deferred.CallVerdict) (_ deferred.CallVerdict, approval string, _ error) {
	if v.Status == deferred.CallSearchRequired || v.Console {
		return v, "", nil
	}
	// the arguments are checked (and a single-use approval spent) only
	// for a call that may otherwise proceed: a tool the run cannot use
	// shows nothing of its schema
	active := v.Status == deferred.CallActive
	st, d, t, err := s.decideAt(c.Request().Context(), cs, checkArgs{agent: req.Agent, profile: req.Profile, subject: req.Subject, tool: req.Tool, approval: req.Approval, spend: active, arguments: argumentsIf(active, req.Arguments), pick: req.Tools, without: req.Without, keyOwner: keyOwner(c), keyID: keyIDOf(requestKey(c))})
	if err != nil {
		return v, "", err
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
			return v, "", err
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
	return v, approval, nil
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
