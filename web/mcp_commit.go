package web

import (
	"context"
	"errors"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// allowedCall is a call the console allows: the exact tool version and
// the connection that serves it.
type allowedCall struct {
	tool     *authority.Tool
	contract *catalog.Contract
	spec     upstream.Spec
	name     string // the upstream's own tool name
	// approval is the single-use approval the call rests on ("" none),
	// spent when the call will go to its server (gateway.commit)
	approval string
}

// undecided answers a call whose check could not be made now (the store
// did not answer): nothing ran, a retry may (undecidedError).
func undecided() *mcp.CallToolResult {
	return errorResult(undecidedError())
}

// commit is the one point where an allowed call will now go to its
// server, after its idempotency key was claimed and the server's contract
// checked: the call is charged to the run's call budget and the
// single-use approval it rests on is spent (atomically across replicas:
// of two calls presenting one, exactly one runs). A call refused here
// runs nothing and is charged nothing; a call its server then refuses
// before running it gets both back (giveBack).
func (g *gateway) commit(ctx context.Context, r *gwReq, st *gwStep, call *allowedCall, ev *models.RunEvent) *mcp.CallToolResult {
	if res := g.spend(ctx, r, st, ev); res != nil {
		return res
	}
	if call.approval == "" {
		return nil
	}
	err := g.s.store.SpendApproval(ctx, "check", call.approval, time.Now())
	if err == nil {
		return nil
	}
	g.uncount(context.WithoutCancel(ctx), r, st)
	if errors.Is(err, models.ErrConflict) {
		// another call spent it (or it was withdrawn) since the check
		d := authority.ApprovalSpent(call.approval)
		ev.Verdict, ev.Approval = deferred.CallDenied+":"+d.Error.Type, ""
		return errorResult(d.Error)
	}
	return gwError(typeUnavailableEnv, "The console could not record this call now; try again.", authority.ActRetryLater)
}

// giveBack returns what commit charged for a call its server refused
// before running it (unreachable, or it answered that nothing was run):
// the run's call and the single-use approval, for the retry.
func (g *gateway) giveBack(ctx context.Context, r *gwReq, st *gwStep, call *allowedCall) {
	g.uncount(ctx, r, st)
	if call.approval == "" {
		return
	}
	if err := g.s.store.ReleaseApproval(ctx, "check", call.approval); err != nil {
		g.s.log.Warn("single-use approval not given back", "run", r.sess.Run, "approval", call.approval, "err", err)
	}
}

// uncount gives back the call spend counted (a budgeted run only).
func (g *gateway) uncount(ctx context.Context, r *gwReq, st *gwStep) {
	if st.base.CallBudget <= 0 {
		return
	}
	if err := g.s.store.UncountGatewayCall(ctx, r.sess.ID); err != nil {
		g.s.log.Warn("call not given back to the budget", "run", r.sess.Run, "err", err)
	}
}
