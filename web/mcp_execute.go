package web

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// spend charges an allowed call to the run's call budget, or answers
// budget_exhausted. It is called once the call will run: a keyed retry
// answered from its record (or still running elsewhere) runs nothing and
// spends nothing. A budgeted run counts its calls atomically
// in its session row (two replicas never both spend the last call); an
// unbudgeted one is counted by its evidence alone, with no write on the
// call's path.
func (g *gateway) spend(ctx context.Context, r *gwReq, st *gwStep, ev *models.RunEvent) *mcp.CallToolResult {
	b := st.base.CallBudget
	if b <= 0 {
		return nil
	}
	if err := g.s.store.CountGatewayCall(ctx, r.sess.ID, b); err != nil {
		if errors.Is(err, models.ErrBudget) {
			ev.Verdict = deferred.CallDenied + ":" + typeBudgetExhausted
			return gwError(typeBudgetExhausted, "This conversation has used its "+plural.Count(b, "tool call")+".", authority.ActStop)
		}
		return gwError(typeUnavailableEnv, "The console could not record this call now; try again.", authority.ActRetryLater)
	}
	return nil
}

// execute makes an allowed call: once per idempotency key for tools
// that write, bounded in time and size, its
// result checked against the reviewed output schema.
func (g *gateway) execute(ctx context.Context, r *gwReq, st *gwStep, call *allowedCall, p *mcp.CallToolParamsRaw, ev *models.RunEvent) (*mcp.CallToolResult, error) {
	ev.Digest = call.tool.Digest
	var claim *models.IdempotentCall
	key, keyed, _ := idempotencyKey(p)
	keyed = keyed && effectful(call.tool.Effects)
	if keyed {
		// a recorded outcome is answered before the server is consulted:
		// a retry needs no server (one restarting, or down, too)
		rec, res, err := g.claim(ctx, r, call, p, key, ev)
		if rec == nil {
			return res, err
		}
		claim = rec
	}
	// the server's contract checked, then the call charged only now, as
	// it will go to the server (a recorded outcome above was answered
	// free, a refusal here runs nothing and is not charged)
	res := g.pausedCall(ctx, call, ev)
	if res == nil {
		res = g.checkServed(ctx, call, ev)
	}
	if res == nil {
		res = g.commit(ctx, r, st, call, ev)
	}
	if res != nil {
		if claim != nil {
			// nothing ran: the key is free for a retry
			g.settle(context.WithoutCancel(ctx), r, claim, res, true)
		}
		return res, nil
	}
	if keyed {
		// a keyed call, once claimed, runs to its outcome and records it
		// whatever happens to the request: a client that goes away (or a
		// request that is cancelled) neither cuts the call short nor
		// leaves its key unsettled (the call is bounded by the upstream
		// timeout all the same)
		ctx = context.WithoutCancel(ctx)
	}
	g.secretsSent(ctx, r, call, p.Arguments)
	r.clock.lap(phaseDecide)
	start := time.Now()
	res, raw, masked, err := g.pool.CallJSON(ctx, call.spec, call.name, p.Arguments)
	took := time.Since(start)
	r.clock.lap(phaseUpstream)
	ev.LatencyUS = int(took / time.Microsecond)
	g.s.metrics.upstreamCall(took, err != nil || (res != nil && res.IsError)) // a tool's error result is an error outcome
	if ee := (*upstream.ExposureError)(nil); errors.As(err, &ee) {
		if !g.echoed(ctx, r, call, ee) {
			out := g.exposure(ctx, r, call, ev, ee)
			if claim != nil {
				// the call ran: a retry under its key reads this refusal
				b, _ := json.Marshal(out)
				g.record(context.WithoutCancel(ctx), r, claim, b)
			}
			return out, nil
		}
		// an echo of what a caller sent: served as any other answer
		res, raw, masked, err = ee.Res, ee.Raw, ee.Masked, ee.Err
	}
	if masked {
		g.maskedAnswer(ctx, r, call)
	}
	if err != nil {
		out := g.upstreamFailure(call, err, ev, keyed)
		ranNothing := ev.CallStatus == "unavailable" || ev.CallStatus == "refused"
		if ranNothing {
			g.giveBack(context.WithoutCancel(ctx), r, st, call)
		}
		if claim != nil {
			g.settle(ctx, r, claim, out, ranNothing)
		}
		return out, nil
	}
	out, b := g.bound(res, raw, call, ev)
	if out == res {
		r.resultOf, r.resultJSON = out, b
	}
	if claim != nil {
		if out != res {
			b, _ = json.Marshal(out)
		}
		g.record(ctx, r, claim, b)
	}
	return out, nil
}

// upstreamFailure is the answer to a call that failed upstream: the
// server's own error answer (a tool error result with its message), or
// the structured error of a call the upstream did not answer:
// unreachable (nothing ran), timed out or lost (for a tool with effects
// the effect is uncertain).
//
// An uncertain outcome is what the call's idempotency key records (keyed:
// the call carried one): a retry with that key answers it again and never
// runs the call a second time, since the console cannot learn whether it
// took effect. The model is told to check the outcome and to run the call
// again, if it did not take effect, only under a new key.
func (g *gateway) upstreamFailure(call *allowedCall, err error, ev *models.RunEvent, keyed bool) *mcp.CallToolResult {
	var ue *upstream.UnavailableError
	var tl *upstream.TooLargeError
	var se *upstream.ServerError
	var re *upstream.RefusedError
	switch {
	case errors.As(err, &se):
		// the server answered, with a JSON-RPC error: the call failed and
		// nothing about it is uncertain; the model reads the server's
		// message (masked, bounded) as it reads a tool's own error result
		ev.CallStatus = "tool_error"
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
			Text: fmt.Sprintf("The server behind %s answered with an error (JSON-RPC %d): %s", call.tool.ID, se.Code, se.Message)}}}
	case errors.As(err, &tl):
		// the answer was refused as it arrived, over the ceiling: the tool
		// ran, its answer is not read
		ev.CallStatus = "too_large"
		return g.tooLarge(fmt.Sprintf("The server's answer to %s is over %d bytes and was not read; at most %d are returned.", call.tool.ID, tl.Limit, g.resultCeiling()))
	case errors.As(err, &ue):
		ev.CallStatus = "unavailable"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s is not reachable now; nothing was run.", call.tool.ID), authority.ActRetryLater, authority.ActChooseAlternative, authority.ActStop)
	case errors.As(err, &re):
		// a status that proves the server did not process the call (HTTP
		// 404: its session was unknown, and the next call starts a new
		// one; 400, 401, 403, ...: upstream.RefusedError): nothing ran,
		// nothing is uncertain, and a key the call carried is released for
		// the retry. A 429, 503 or any other status a proxy may give after
		// the server got the call is not one: its outcome is unknown
		ev.CallStatus = "refused"
		return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s refused the call before running it (HTTP %d); nothing was run.", call.tool.ID, re.Status), authority.ActRetryLater, authority.ActChooseAlternative, authority.ActStop)
	case errors.Is(err, context.DeadlineExceeded):
		ev.CallStatus = "timeout"
	case errors.As(err, new(*upstream.UnreadableResultError)):
		// the server answered the call with a result that is not a tool
		// result: the call ran (for a tool with effects, whether it took
		// effect is unknown), and its answer is not returned
		ev.CallStatus = "unreadable"
		if !effectful(call.tool.Effects) {
			return gwError(typeResultMismatch, fmt.Sprintf("The server behind %s ran the call and %s; it is not returned. Do not rely on this tool; tell the user it looks broken.", call.tool.ID, upstream.UnreadableWhat(err)), authority.ActStop)
		}
	case errors.As(err, new(*upstream.MalformedError)):
		// the server answered, but not in JSON-RPC: the call failed, its
		// effect unknown; the upstream session stays
		ev.CallStatus = "malformed"
	default:
		ev.CallStatus = "error"
	}
	what := "did not answer"
	switch ev.CallStatus {
	case "malformed":
		what = "sent an answer that is not a JSON-RPC message"
	case "unreadable":
		what = upstream.UnreadableWhat(err)
	}
	// the failure's class, never its text: a server's error text may
	// repeat the call's arguments, and arguments are never logged
	g.s.log.Warn("upstream call failed", "tool", call.tool.ID, "status", ev.CallStatus, "class", failureClass(err))
	if effectful(call.tool.Effects) {
		msg := fmt.Sprintf("The server behind %s %s; the call may or may not have taken effect.", call.tool.ID, what)
		if !keyed {
			return gwError(typeUncertainEffect, msg+" Check the outcome before calling again.", authority.ActCheckOutcome, authority.ActAskUser, authority.ActStop)
		}
		return gwError(typeUncertainEffect, msg+" The console will not run it again under this idempotency key: a retry with it gets this answer. Check the outcome; only if the call did not take effect, call again with a new idempotency key.",
			authority.ActCheckOutcome, authority.ActNewIdempotencyKey, authority.ActAskUser, authority.ActStop)
	}
	return gwError(typeUnavailableEnv, fmt.Sprintf("The server behind %s %s.", call.tool.ID, what), authority.ActRetryLater, authority.ActStop)
}

// bound returns the upstream's result (raw: its JSON as mcpJSON writes
// it, when at hand) when it fits the ceiling and its
// structured content holds to the reviewed output schema, else the error
// saying why; with the result's JSON as the answer carries it. The
// ceiling is checked on the server's bytes (before a schema check reads
// them) and again on what is served when the text is replaced.
func (g *gateway) bound(res *mcp.CallToolResult, raw []byte, call *allowedCall, ev *models.RunEvent) (*mcp.CallToolResult, []byte) {
	// the bytes as the answer carries them (the SDK's encoding: raw, the
	// upstream's when they are those bytes), so the ceiling bounds what
	// is sent and the direct path sends these
	b, err := raw, error(nil)
	if b == nil {
		b, err = mcpJSON(res)
	}
	if err != nil {
		ev.CallStatus = "error"
		return gwError(typeResultMismatch, "The server's result could not be read.", authority.ActStop), nil
	}
	ev.ResultBytes = len(b)
	if ceiling := g.resultCeiling(); len(b) > ceiling {
		ev.CallStatus = "too_large"
		return g.tooLarge(fmt.Sprintf("The result is %d bytes; at most %d are returned.", len(b), ceiling)), b
	}
	if call.contract != nil && call.contract.Output != nil {
		// only what the schema checks, and text, passes (checkOutput)
		if e := checkOutput(res, call); e != nil {
			ev.CallStatus = "schema_mismatch"
			return errorResult(e), b
		}
		// the text the client reads is the checked structured content
		if out, err := agreeingText(res); err != nil || out != res {
			if err == nil {
				b, err = mcpJSON(out)
			}
			if err != nil {
				ev.CallStatus = "error"
				return gwError(typeResultMismatch, "The server's result could not be read.", authority.ActStop), nil
			}
			res = out
			// the ceiling bounds what is served: the structured
			// content's form as text can nearly double the answer
			ev.ResultBytes = len(b)
			if ceiling := g.resultCeiling(); len(b) > ceiling {
				ev.CallStatus = "too_large"
				return g.tooLarge(fmt.Sprintf("The result as served (its structured content, also as text) is %d bytes; at most %d are returned.", len(b), ceiling)), b
			}
		}
	}
	ev.CallStatus = "ok"
	if res.IsError {
		ev.CallStatus = "tool_error"
	}
	return res, b
}

// specOf is how the gateway reaches a connection.
func specOf(s *Server, c *models.Connection) (upstream.Spec, error) {
	return runtime.SpecOf(s.store, c)
}

// failureClass names what kind of failure err is, for the log, without
// any of its text: timeout, connection closed, network or protocol.
func failureClass(err error) string {
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, mcp.ErrConnectionClosed):
		return "connection closed"
	case errors.As(err, &ne):
		return "network"
	}
	return "protocol"
}
