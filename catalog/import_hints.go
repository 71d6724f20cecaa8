package catalog

// mcpHints are a tool's behaviour hints as MCP's ToolAnnotations define
// them (2025-11-25 schema), each left out one read as the spec's default:
// readOnlyHint false, destructiveHint true, idempotentHint false,
// openWorldHint true. Silence is the spec's worst case, never a milder
// claim: an unannotated tool may destroy and may reach the open world.
// destructiveHint and idempotentHint mean something only when readOnlyHint
// is false. Every reading of the hints (effects, constraints) goes
// through this one type, so a left-out hint and its stated default
// always import as the same contract.
type mcpHints struct {
	readOnly, destructive, idempotent, openWorld bool
	// destructiveStated: the server stated destructiveHint
	destructiveStated bool
}

// readHints applies the spec's defaults to a tool's annotations (nil when
// it has none). Types were checked by mcpAnnotations.
func readHints(ann map[string]any) mcpHints {
	h := mcpHints{readOnly: false, destructive: true, idempotent: false, openWorld: true}
	for k, dst := range map[string]*bool{"readOnlyHint": &h.readOnly, "destructiveHint": &h.destructive, "idempotentHint": &h.idempotent, "openWorldHint": &h.openWorld} {
		if b, ok := ann[k].(bool); ok {
			*dst = b
		}
	}
	_, h.destructiveStated = ann["destructiveHint"].(bool)
	return h
}

// effects is the contract's effects hint: read-only, else destructive
// unless the server says its updates are only additive; an additive
// write that also says it stays in a closed world (openWorldHint false:
// it acts only on the server's own data) is workspace-write, else
// external-write.
func (h mcpHints) effects() Effects {
	switch {
	case h.readOnly:
		return EffectsReadOnly
	case h.destructive:
		return EffectsDestructive
	case !h.openWorld:
		return EffectsWorkspaceWrite
	}
	return EffectsExternalWrite
}

// assumed reports whether the effects rest on a default rather than on a
// hint the server stated: not read-only, and silent on destructiveness.
func (h mcpHints) assumed() bool { return !h.readOnly && !h.destructiveStated }

// constraints are the sentences a hint adds to the contract. Each marks a
// departure from the spec's default (as taskSupport's "forbidden" adds
// none): an idempotent write, a closed world. The defaults themselves say
// nothing a tool of a connected service is not already assumed to do.
func (h mcpHints) constraints() []string {
	var out []string
	if h.idempotent && !h.readOnly {
		out = append(out, IdempotentConstraint)
	}
	if !h.openWorld {
		out = append(out, ClosedWorldConstraint)
	}
	return out
}

// The constraints an import adds for an MCP server's idempotentHint and
// openWorldHint. The gateway reads them back (with the effects) to
// advertise hints consistent with the reviewed contract.
const (
	IdempotentConstraint  = "Idempotent: repeating a call with the same arguments has no further effect."
	ClosedWorldConstraint = "Closed world: the tool acts only within this service's own data and reaches no outside system."
)
