package web

import (
	"context"
	"strings"
	"time"

	"github.com/agentforge/console/web/upstream"
)

// secondsUntilCallEnds is how many whole seconds (at least one) remain
// until a claimed call's own deadline: the claim's lease less the margin
// it holds past the call's timeout. A retry is told this, never the
// lease, which would add the margin to the call's real bound.
func secondsUntilCallEnds(leaseUntil, now time.Time) int {
	left := leaseUntil.Add(-idempotencyLeaseMargin).Sub(now)
	return max(int((left+time.Second-1)/time.Second), 1)
}

// callBusy is how long a tools/call of tool may keep its session in use:
// the timeout of the connection serving the tool's namespace (the
// pool's, when no connection serves it or the connections cannot be
// read) and a second.
func (g *gateway) callBusy(ctx context.Context, tool string) time.Duration {
	ns, _, _ := strings.Cut(tool, ".")
	specs, _, err := g.conns.load(ctx, g.s)
	if sp, ok := specs[ns]; err == nil && ok {
		return g.pool.TimeoutOf(sp) + time.Second
	}
	return g.pool.TimeoutOf(upstream.Spec{}) + time.Second
}
