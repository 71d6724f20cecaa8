package web

import "github.com/agentforge/console/catalog"

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
