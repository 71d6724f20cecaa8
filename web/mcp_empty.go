package web

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/runtime"
)

// A gateway session that is served no tool is told why and what to do
// (issue 24, newuser #20): in initialize's instructions (under
// noToolsHeading), in tools/list's _meta (metaNoTools) and, for the same
// subject, in the forge's MCP form. The reason names the first cause
// that leaves the list empty, in the order an admin fixes them: nothing
// the agent declares is served by a connection, the subject's groups
// hold no grant, the agent's service is not connected to it, the
// profile selects none of the rest.

const (
	// metaNoTools is the tools/list _meta key that says why the list is
	// empty.
	metaNoTools = "console/why_no_tools"
	// noToolsHeading starts the part of the instructions that says why.
	noToolsHeading = "# Why this conversation has no tools"
)

// emptyFacts is what says why a draft's MCP roster is empty.
type emptyFacts struct {
	agent, profile string
	// subject is who the session is for (nil: no subject, the group
	// everyone)
	subject *authority.Subject
	// declared is every tool the agent declares; selected and connected
	// are the draft's profile selection (after the subject's grants) and
	// connected services
	declared  []*catalog.Entry
	selected  func(id string) bool
	connected map[string]bool
	// served is the namespaces a connection serves; authorized whether
	// the subject may use a tool (nil: every tool)
	served     map[string]bool
	authorized func(id string) bool
}

// noToolsReason says why the facts give an MCP session no tool, and
// what to do ("" when they give it one).
func noToolsReason(f emptyFacts) string {
	var served, granted, connected []string
	for _, e := range f.declared {
		c := e.Contract()
		if !gatewayServes(f.served, c) {
			continue
		}
		served = append(served, e.ID())
		if f.authorized != nil && !f.authorized(e.ID()) {
			continue
		}
		granted = append(granted, e.ID())
		if !f.connected[c.Namespace()] {
			continue
		}
		if f.selected(e.ID()) {
			return ""
		}
		connected = append(connected, e.ID())
	}
	switch {
	case len(f.declared) == 0:
		return fmt.Sprintf("Agent %s declares no tools: an admin adds tools to it on the Agents page.", f.agent)
	case len(served) == 0:
		return fmt.Sprintf("None of the %d tools agent %s declares is served by an MCP connection (over MCP the console serves only the tools of its connections, never built-in tools such as exec): an admin adds the MCP server that serves them (console connection add NAME --url URL --as ADMIN, or the Connections page), runs console connection sync NAME, has the imported tools reviewed, and declares them on the agent.", len(f.declared), f.agent)
	case len(granted) == 0:
		return grantReason(f.subject, f.agent, served)
	case len(connected) == 0:
		var ns []string
		for _, id := range granted {
			if n, _, _ := strings.Cut(id, "."); !slices.Contains(ns, n) {
				ns = append(ns, n)
			}
		}
		return fmt.Sprintf("Agent %s's service %s is not connected to it: an admin connects it on the Agents page (Connected services).", f.agent, strings.Join(ns, ", "))
	}
	return fmt.Sprintf("Profile %s selects none of the %d tools of agent %s that a connection serves and this subject may use (%s): connect with ?profile= naming a profile that selects them, or an editor adds them to this profile in the forge.", orDefault(f.profile), len(connected), f.agent, clip(strings.Join(connected, ", "), 200))
}

// grantReason says that the subject's groups hold no grant for the
// served tools, naming the groups (or the missing X-Subject-Groups) and
// the command that grants them.
func grantReason(subject *authority.Subject, agent string, served []string) string {
	tools := clip(strings.Join(served, ","), 200)
	fix := fmt.Sprintf("an admin grants them to one of its groups (console grant add GROUP --tools %s --as ADMIN, or the Grants page)", tools)
	switch {
	case subject != nil && len(subject.Groups) == 0:
		return fmt.Sprintf("X-Subject-Groups names no group, and tools are granted to groups only: send X-Subject-Groups with the subject's groups (comma separated), or %s.", fix)
	case subject == nil:
		return fmt.Sprintf("No subject was sent (X-Subject-Id, X-Subject-Groups), so only the grants of the group %s apply, and none covers the %d tools of agent %s that a connection serves: send the subject's headers, or %s.", authority.Everyone, len(served), agent, strings.Replace(fix, "GROUP", authority.Everyone, 1))
	}
	return fmt.Sprintf("The subject's groups (%s) hold no grant for any of the %d tools of agent %s that a connection serves: %s.", strings.Join(subject.Groups, ", "), len(served), agent, fix)
}

// withNoTools is an MCP instruction text with the reason it serves no
// tool appended ("" reason: the text itself).
func withNoTools(text, reason string) string {
	if reason == "" {
		return text
	}
	return text + noToolsHeading + "\n\n" + reason + "\n"
}

// draftNoTools is noToolsReason for draft d (its selection and
// connected services as the run or the forge has them) of agent and
// profile for subject; declared is the agent's declared tools before any
// subject narrowed them.
func draftNoTools(d instruction.Draft, declared []*catalog.Entry, agent, profile string, subject *authority.Subject, served map[string]bool, authorized func(string) bool) string {
	return noToolsReason(emptyFacts{agent: agent, profile: profile, subject: subject, declared: declared, selected: func(id string) bool { return d.Selected[id] },
		connected: d.Connected, served: served, authorized: authorized})
}

// declaredOf is the agent context's declared tools over the snapshot,
// before any subject narrows them.
func declaredOf(ac runtime.AgentContext, snap *runtime.Snapshot) []*catalog.Entry {
	ac.Authorized, ac.ApprovalOnly = nil, nil
	d, _ := ac.Draft(snap, nil)
	return d.Declared
}

// noTools is why the step serves its session no tool ("" when it serves
// one): the gateway's side of draftNoTools, over the run's own draft.
func (st *gwStep) noTools(ctx context.Context, s *Server) string {
	for _, e := range st.surface.Roster() {
		if gatewayServes(st.served, e.Contract()) {
			return ""
		}
	}
	b := st.base
	ac, err := s.loadAgentContext(ctx, b.Agent, b.Profile)
	if err != nil {
		s.log.Warn("gateway: the agent behind an empty tool list could not be read", "agent", b.Agent, "err", err)
		return ""
	}
	return draftNoTools(b.Draft, declaredOf(ac, b.Snapshot), b.Agent, b.Profile, st.subject, st.served, func(id string) bool { return !b.Revoked(id) })
}
