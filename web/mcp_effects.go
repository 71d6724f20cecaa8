package web

import (
	"context"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// effectful: a tool classified anything but read-only (a write, also
// one within its server's own data: a workspace-write MCP tool changes
// state a repeat would change again), whose calls may carry an
// idempotency key and whose lost calls are uncertain.
func effectful(effects string) bool {
	return effects != string(catalog.EffectsReadOnly)
}

// outsideWorkspace: a tool classified destructive or external-write,
// whose call evidence is committed before the answer.
func outsideWorkspace(effects string) bool {
	return effects == string(catalog.EffectsDestructive) || effects == string(catalog.EffectsExternalWrite)
}

// callEvidence stores a call's evidence. A call that ran a tool with effects
// outside the workspace (destructive or external-write) answers once its
// evidence is committed, so even a crash of the console right after the
// answer loses none of it; every other call — a read, a workspace write,
// a refusal, which ran nothing — answers while its evidence is written
// (evidenceWriter.hand: two fewer hand-offs and a database round trip
// off the call's path), which only a crash of the console in the
// milliseconds before the writer's next commit can lose.
func (g *gateway) callEvidence(ctx context.Context, ev models.RunEvent, call *allowedCall) error {
	if call != nil && outsideWorkspace(call.tool.Effects) {
		return g.evidence.add(ctx, ev)
	}
	return g.evidence.hand(ctx, ev)
}
