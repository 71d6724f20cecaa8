package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

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
