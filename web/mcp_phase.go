package web

import (
	"encoding/json"
	"time"
)

// gwPhase is a stretch of one gateway request's handling. When the
// gateway's phase sink is set (the load run's breakdown of its slowest
// requests, mcp_load_phase_test.go) each request's handler times its
// stretches; unset, a lap is one pointer test.
type gwPhase uint8

// The stretches of a request, in the order a call meets them.
const (
	// phaseParse: the body read, the envelope and the params checked
	phaseParse gwPhase = iota
	// phaseSession: the session and the generations read, its state
	// decoded
	phaseSession
	// phaseStep: the step reconstructed, the list's moves noticed
	phaseStep
	// phaseDecide: the recorded-outcome lookup, the authority's decision
	// and the argument check, the budget and the served contract
	phaseDecide
	// phaseUpstream: the call to the tool's server
	phaseUpstream
	// phaseEvidence: the call's evidence handed to (or stored by) the
	// evidence writer
	phaseEvidence
	// phaseAnswer: the answer encoded and written
	phaseAnswer
	gwPhases
)

// phaseNames name the stretches in the load run's report.
var phaseNames = [gwPhases]string{"parse", "session", "step", "decide", "upstream", "evidence", "answer"}

// phaseClock times a request's stretches (nil: not timed).
type phaseClock struct {
	start, last time.Time
	d           [gwPhases]time.Duration
}

// lap charges the time since the last lap to phase p.
func (c *phaseClock) lap(p gwPhase) {
	if c == nil {
		return
	}
	now := time.Now()
	c.d[p] += now.Sub(c.last)
	c.last = now
}

// phaseSpan is what the sink is told of one timed request: the session
// token and the JSON-RPC id it carried, its method, when the handler
// began and ended, and each stretch.
type phaseSpan struct {
	Token, Method string
	ID            json.RawMessage
	Start, End    time.Time
	Phases        [gwPhases]time.Duration
}

// phaseSink receives the spans of timed requests.
type phaseSink func(phaseSpan)

// clock is a new request's phase clock, nil when no sink is set.
func (g *gateway) clock() *phaseClock {
	if g.phases.Load() == nil {
		return nil
	}
	now := time.Now()
	return &phaseClock{start: now, last: now}
}

// report tells the sink of a timed request once its handler is done.
func (g *gateway) report(c *phaseClock, token, method string, id json.RawMessage) {
	if c == nil {
		return
	}
	if sink := g.phases.Load(); sink != nil {
		(*sink)(phaseSpan{Token: token, Method: method, ID: id, Start: c.start, End: time.Now(), Phases: c.d})
	}
}
