package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

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
// (mcp_http_session.go): the runs API never writes to such a run, so a session's
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
