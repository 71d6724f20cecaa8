package web

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// step is a session's run at its current step: the base, the surface,
// the receipts and the activation they give.
type gwStep struct {
	base    *runBase
	surface *deferred.Surface
	key     []byte
	groups  [][]json.RawMessage
	act     deferred.Activation
	// served is the namespaces a connection serves when the step was
	// loaded: the instruction teaches only what the gateway lists
	served map[string]bool
	// subject is who the session is for (noTools names their groups)
	subject *authority.Subject
}

func (st *gwStep) deferred() bool { return st.base.Draft.Options.Deferred }

// searches reports whether the session lists search_tools: deferred,
// with a tool search can reach.
func (st *gwStep) searches() bool { return st.deferred() && st.surface.Reachable() > 0 }

// active reports whether a tool may be called in this step (before the
// call-time check): served by a connection (serves), and activated in
// deferred mode, in the roster otherwise.
func (st *gwStep) active(id string) bool {
	if !st.serves(id) {
		return false
	}
	if st.deferred() {
		return st.act.IsActive(id)
	}
	return st.surface.Selectable(id)
}

// serves reports whether a connection serves the surface tool id
// (gatewayServes): the one filter of what the step reaches. Search
// reaches only such tools (servedSurface); active, so tools/list,
// tools/call and the skills a step lists (load_skill), count no other:
// a built-in (always on, pinned, or active in a run without search) is
// reachable by no path of the gateway.
func (st *gwStep) serves(id string) bool {
	e, ok := st.surface.Entry(id)
	return ok && gatewayServes(st.served, e.Contract())
}

// activeTools lists the step's tools in order (served ones only).
func (st *gwStep) activeTools() []string {
	var out []string
	if st.deferred() {
		for _, id := range st.act.Active() {
			if st.serves(id) {
				out = append(out, id)
			}
		}
		return out
	}
	for _, e := range st.surface.Roster() {
		if st.active(e.ID()) {
			out = append(out, e.ID())
		}
	}
	return out
}

// step loads a session's run at the request's generations (read with
// its session; read now when the request has none yet) and reconstructs
// its activation from its receipts.
func (g *gateway) step(ctx context.Context, r *gwReq) (*gwStep, error) {
	if r.st != nil {
		return r.st, nil
	}
	if r.catGen == 0 {
		cat, cfg, err := g.s.gate.generations(ctx)
		if err != nil {
			return nil, err
		}
		r.catGen, r.cfgGen = cat, cfg
	}
	b, err := g.s.runBaseAt(ctx, r.target(), r.catGen, r.cfgGen)
	if err != nil {
		return nil, err
	}
	st := &gwStep{base: b, surface: b.Surface, subject: r.subject}
	if st.key, err = g.s.receiptKey(ctx); err != nil {
		return nil, err
	}
	st.groups = r.groups
	sn, err := g.conns.snapshot(ctx, g.s)
	if err != nil {
		return nil, err
	}
	st.served = sn.served
	// search reaches only what a connection serves: never a built-in
	// the client could neither see listed nor call
	st.surface = g.servedSurface(b.Surface, sn)
	st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, st.groups, g.s.runCeilings())
	if err != nil {
		return nil, err
	}
	if st.deferred() && (len(st.act.Carry) > 0 || st.act.Moved) {
		if err := g.carry(ctx, r, st); err != nil {
			return nil, err
		}
	}
	r.st = st
	return st, nil
}

// carry re-issues the session's latest activation after its surface
// moved (a grant, catalog or profile change): the receipts of the old
// surface still activate nothing (seed 003: cross-surface receipts fail
// closed), but the console, which minted them, mints one receipt on the
// new surface for the tools it activated that the new surface can still
// select — the rest (a revoked tool) leave the list. When none is left it
// mints a SURFACE_MOVED receipt naming none: the move is then a step of
// the session too, so a surface coming back as it was (the grant given
// back) revives nothing without a new search. The receipt is kept as the
// session's next step and a carry recorded as evidence (a search event
// with verdict "carried", no query); the request's answer carries
// notifications/tools/list_changed when the session's tool list moved
// (gateway.noticeMoves: a move of the surface that leaves the list as it
// was tells nothing). A concurrent request that moved the session first
// wins; this one then reads its state.
func (g *gateway) carry(ctx context.Context, r *gwReq, st *gwStep) error {
	for attempt := 0; attempt < 3; attempt++ {
		step := len(st.groups)
		kind := deferred.KindSearch
		if len(st.act.Carry) == 0 {
			kind = deferred.KindMoved
		}
		rc := deferred.Mint(st.key, kind, r.sess.Run, st.surface.Key(), step, st.act.Carry)
		b, err := json.Marshal(rc)
		if err != nil {
			return err
		}
		groups := append(slices.Clone(st.groups), []json.RawMessage{b})
		saved, err := json.Marshal(groups)
		if err != nil {
			return err
		}
		err = g.s.store.CarryGatewayReceipts(ctx, r.sess.ID, r.sess.Version, string(saved))
		if errors.Is(err, models.ErrConflict) {
			if r.sess, err = g.s.store.GatewaySessionByID(ctx, r.sess.ID); err != nil {
				return err
			}
			if err := r.load(); err != nil {
				return err
			}
			if st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, r.groups, g.s.runCeilings()); err != nil {
				return err
			}
			st.groups = r.groups
			if len(st.act.Carry) == 0 && !st.act.Moved {
				return nil
			}
			continue
		}
		if err != nil {
			return err
		}
		carried := len(st.act.Carry)
		r.sess.Receipts, r.sess.Version, r.groups, st.groups = string(saved), r.sess.Version+1, groups, groups
		if st.act, err = deferred.Reconstruct(st.key, r.sess.Run, st.surface, groups, g.s.runCeilings()); err != nil {
			return err
		}
		r.carried = true
		if carried == 0 {
			return nil
		}
		return g.evidence.add(ctx, models.RunEvent{Run: r.sess.Run, Kind: models.RunSearch, Agent: st.base.Agent, Profile: st.base.Profile, ProfileVersion: st.base.ProfileVersion,
			Step: step, Surface: st.surface.Key(), Hits: carried, Reachable: st.surface.Reachable(), Receipts: rc.ID(), Verdict: verdictCarried})
	}
	return nil
}

// instructions is the composed instruction of the session's current
// step: the initialize answer's instructions and console://instruction.
func (g *gateway) instructions(ctx context.Context, r *gwReq) (string, error) {
	st, err := g.step(ctx, r)
	if err != nil {
		return "", err
	}
	c, err := st.compose(st.act)
	if err != nil {
		return "", err
	}
	return withNoTools(c.Text(), st.noTools(ctx, g.s)), nil
}

// compose is the step's instruction with the activation act, taught to
// an MCP client: its model calls tools through the client's own tool
// calls, so the reply protocol is the MCP form (instruction.HostMCP),
// never the text protocol's channel tags; and it is taught only the
// tools the gateway lists (mcpDraft), never a built-in tool nor the code
// channel its client cannot call.
func (st *gwStep) compose(act deferred.Activation) (instruction.Composition, error) {
	d := st.base.Draft
	d.Options.Pins = st.surface.Pins()
	d.Activated = act.Activated
	return instruction.Compose(mcpDraft(d, st.served).Input())
}

// mcpDraft is the draft d as the gateway serves it to an MCP client:
// the MCP form of the protocol over exactly the tools a connection
// serves (gatewayServes, the rule tools/list applies). The forge's MCP
// form composes the same draft.
func mcpDraft(d instruction.Draft, served map[string]bool) instruction.Draft {
	d.Options.Host = instruction.HostMCP
	return d.Only(func(e *catalog.Entry) bool { return gatewayServes(served, e.Contract()) })
}

// activatedSection is the text the step with activation act teaches
// after its stable prefix ("" when nothing is activated).
func (st *gwStep) activatedSection(act deferred.Activation) (string, error) {
	c, err := st.compose(act)
	if err != nil {
		return "", err
	}
	for _, sec := range c.Sections {
		if sec.ID == instruction.SectionActivated {
			return sec.Text(), nil
		}
	}
	return "", nil
}

// inEffect counts a gateway step's searches in effect (the receipts of
// the step that decides its activation: a later search replaces an
// earlier one's tools) and those no longer in effect (every other
// receipt the session holds, valid or not).
func inEffect(act deferred.Activation) (held, dropped int) {
	for _, a := range act.Accepted {
		if a.Used {
			held++
		}
	}
	return held, len(act.Accepted) - held + len(act.Rejected)
}
