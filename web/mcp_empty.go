package web

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/runtime"
)

// A gateway session that is served no tool is told so, but the model never learns why: the reason
// names tools the subject is not granted or the profile deselected, and
// the model must never tell a hidden tool from a nonexistent one. So
// initialize's instructions and console://instruction carry one fixed
// sentence (noToolsSentence, under noToolsHeading); tools/list's
// host-facing _meta carries a reason token (metaNoTools) and advice that
// names no tool, group or agent (metaNoToolsAdvice); the details (tool
// ids, groups, commands) go to the log and the forge page's notes only.
// The reason is the first cause that leaves the list empty, in the
// order an admin fixes them: nothing the agent declares is served by a
// connection, the subject's groups hold no grant, the agent's service is
// not connected to it, the profile selects none of the rest.

const (
	// metaNoTools is the tools/list _meta key whose value is the reason
	// token of an empty list (noToolsNotGranted, ...).
	metaNoTools = "console/why_no_tools"
	// metaNoToolsAdvice is the tools/list _meta key of the advice for the
	// host: what to do, naming no tool, group or agent.
	metaNoToolsAdvice = "console/why_no_tools_advice"
	// noToolsHeading starts the part of the instructions that says the
	// conversation has no tools.
	noToolsHeading = "# This conversation has no tools"
	// noToolsSentence is all the model learns of an empty list.
	noToolsSentence = "The console serves no tool to this conversation: answer without tools, and do not guess at tool names."
)

// The reason tokens of an empty tool list.
const (
	noToolsNoneDeclared   = "none_declared"
	noToolsAwaitingReview = "awaiting_review"
	noToolsNotServed      = "not_served"
	noToolsNoSubject      = "no_subject"
	noToolsNoGroups       = "no_groups"
	noToolsNotGranted     = "not_granted"
	noToolsNotConnected   = "not_connected"
	noToolsNotSelected    = "not_selected"
)

// noToolsAdvice is the host-facing advice per reason token: it names no
// tool, group, profile or agent.
var noToolsAdvice = map[string]string{
	noToolsNoneDeclared:   "The agent declares no tools: an admin adds tools to it on the Agents page.",
	noToolsAwaitingReview: "The tools the agent declares await a reviewer (new, changed, or imported again): a reviewer approves them on the Review page.",
	noToolsNotServed:      "No tool the agent declares is served by an MCP connection: an admin adds and syncs the MCP server that serves them, has its tools reviewed and declares them on the agent.",
	noToolsNoSubject:      "No subject was sent: send X-Subject-Id and X-Subject-Groups, or an admin grants the tools to the group everyone.",
	noToolsNoGroups:       "X-Subject-Groups names no group, and tools are granted to groups only: send the subject's groups, or ask an admin.",
	noToolsNotGranted:     "The subject's groups hold no grant for the agent's tools: an admin grants them on the Grants page.",
	noToolsNotConnected:   "The agent's services are not connected to it: an admin connects them on the Agents page.",
	noToolsNotSelected:    "The profile selects none of the tools this subject may use: connect with a profile that selects them, or an editor adds them in the forge.",
}

// noToolsWhy is why a session is served no tool: a reason token and the
// details (tool ids, groups, commands) for the log and the forge's notes
// only, never for the model. The zero value: it is served a tool.
type noToolsWhy struct {
	token, detail string
	// told is the reason as the client may read it (initialize's
	// instructions): set only for a reason of the agent's own
	// configuration, the same for every subject, so it names no tool
	// a subject could be hidden ("": the fixed sentence alone)
	told string
}

// emptyFacts is what says why a draft's MCP roster is empty.
type emptyFacts struct {
	agent, profile string
	// subject is who the session is for (nil: no subject, the group
	// everyone)
	subject *authority.Subject
	// declared is every tool the agent declares; selected and connected
	// are the draft's profile selection (after the subject's grants) and
	// connected services
	declared []*catalog.Entry
	// awaiting is how many tools the agent declares await a reviewer
	// (candidates: in no catalog a draft is made of)
	awaiting  int
	selected  func(id string) bool
	connected map[string]bool
	// served is the namespaces a connection serves; authorized whether
	// the subject may use a tool (nil: every tool)
	served     map[string]bool
	authorized func(id string) bool
}

// noToolsReason says why the facts give an MCP session no tool, and
// what to do (the zero value when they give it one).
func noToolsReason(f emptyFacts) noToolsWhy {
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
			return noToolsWhy{}
		}
		connected = append(connected, e.ID())
	}
	switch {
	case len(f.declared) == 0 && f.awaiting > 0:
		return noToolsWhy{token: noToolsAwaitingReview, detail: fmt.Sprintf("The %s agent %s declares await a reviewer (new, changed, or imported again, as when a connection is added again): a reviewer approves them on the Review page.", plural.Count(f.awaiting, "tool"), f.agent)}
	case len(f.declared) == 0:
		return noToolsWhy{token: noToolsNoneDeclared, detail: fmt.Sprintf("Agent %s declares no tools: an admin adds tools to it on the Agents page.", f.agent)}
	case len(served) == 0:
		return noToolsWhy{token: noToolsNotServed, detail: fmt.Sprintf("None of the %s agent %s declares is served by an MCP connection (over MCP the console serves only the tools of its connections, never built-in tools such as exec: those are run by the agent's own runtime, through the runtime API): an admin adds the MCP server that serves them (console connection add NAME --url URL --as ADMIN, or the Connections page), runs console connection sync NAME, has the imported tools reviewed, and declares them on the agent.", plural.Count(len(f.declared), "tool"), f.agent),
			told: notServedTold(len(f.declared))}
	case len(granted) == 0:
		return grantReason(f.subject, f.agent, served)
	case len(connected) == 0:
		var ns []string
		for _, id := range granted {
			if n, _, _ := strings.Cut(id, "."); !slices.Contains(ns, n) {
				ns = append(ns, n)
			}
		}
		return noToolsWhy{token: noToolsNotConnected, detail: fmt.Sprintf("Agent %s's service %s is not connected to it: an admin connects it on the Agents page (Connected services).", f.agent, strings.Join(ns, ", "))}
	}
	return noToolsWhy{token: noToolsNotSelected, detail: fmt.Sprintf("Profile %s selects none of the %s of agent %s that a connection serves and this subject may use (%s): connect with ?profile= naming a profile that selects them, or an editor adds them to this profile in the forge.", orDefault(f.profile), plural.Count(len(connected), "tool"), f.agent, clip(strings.Join(connected, ", "), 200))}
}

// grantReason says that the subject's groups hold no grant for the
// served tools, naming the groups (or the missing X-Subject-Groups) and
// the command that grants them.
func grantReason(subject *authority.Subject, agent string, served []string) noToolsWhy {
	tools := clip(strings.Join(served, ","), 200)
	fix := fmt.Sprintf("an admin grants them to one of its groups (console grant add GROUP --tools %s --as ADMIN, or the Grants page)", tools)
	switch {
	case subject != nil && len(subject.Groups) == 0:
		return noToolsWhy{token: noToolsNoGroups, detail: fmt.Sprintf("X-Subject-Groups names no group, and tools are granted to groups only: send X-Subject-Groups with the subject's groups (comma separated), or %s.", fix)}
	case subject == nil:
		return noToolsWhy{token: noToolsNoSubject, detail: fmt.Sprintf("No subject was sent (X-Subject-Id, X-Subject-Groups), so only the grants of the group %s apply, and none covers the %s of agent %s that a connection serves: send the subject's headers, or %s.", authority.Everyone, plural.Count(len(served), "tool"), agent, strings.Replace(fix, "GROUP", authority.Everyone, 1))}
	}
	return noToolsWhy{token: noToolsNotGranted, detail: fmt.Sprintf("The subject's groups (%s) hold no grant for any of the %s of agent %s that a connection serves: %s.", strings.Join(subject.Groups, ", "), plural.Count(len(served), "tool"), agent, fix)}
}

// withNoTools is an MCP instruction text with the fixed sentence that
// it serves no tool appended (the zero why: the text itself). It never
// carries why's token or details: the model reads it; only a reason of
// the agent's own configuration (why.told) is said.
func withNoTools(text string, why noToolsWhy) string {
	if why.token == "" {
		return text
	}
	text += noToolsHeading + "\n\n" + noToolsSentence + "\n"
	if why.told != "" {
		text += "\n" + why.told + "\n"
	}
	return text
}

// notServedTold is the not-served reason as a client may read it: the
// count of the agent's tools (the same for every subject) and that
// built-ins are its own runtime's, naming none.
func notServedTold(declared int) string {
	return fmt.Sprintf("Why (for the client's admin): none of the agent's %s is served by an MCP connection. Built-in tools are run by the agent's own runtime (the console's runtime API), never over MCP; an admin connects an MCP server whose tools the agent declares.", plural.Count(declared, "tool"))
}

// meta is the host-facing tools/list _meta of an empty list: the reason
// token and its advice, naming no tool, group or agent (nil: served a
// tool).
func (w noToolsWhy) meta() map[string]any {
	if w.token == "" {
		return nil
	}
	return map[string]any{metaNoTools: w.token, metaNoToolsAdvice: noToolsAdvice[w.token]}
}

// draftNoTools is noToolsReason for draft d (its selection and
// connected services as the run or the forge has them) of agent and
// profile for subject; declared is the agent's declared tools before any
// subject narrowed them.
func draftNoTools(d instruction.Draft, declared []*catalog.Entry, awaiting int, agent, profile string, subject *authority.Subject, served map[string]bool, authorized func(string) bool) noToolsWhy {
	return noToolsReason(emptyFacts{agent: agent, profile: profile, subject: subject, declared: declared, awaiting: awaiting, selected: func(id string) bool { return d.Selected[id] },
		connected: d.Connected, served: served, authorized: authorized})
}

// declaredOf is the agent context's declared tools over the snapshot,
// before any subject narrows them.
func declaredOf(ac runtime.AgentContext, snap *runtime.Snapshot) []*catalog.Entry {
	ac.Authorized, ac.ApprovalOnly = nil, nil
	d, _ := ac.Draft(snap, nil)
	return d.Declared
}

// noTools is why the step serves its session no tool (the zero value
// when it serves one): the gateway's side of draftNoTools, over the
// run's own draft. The details go to the log, never to the model.
func (st *gwStep) noTools(ctx context.Context, s *Server) noToolsWhy {
	for _, e := range st.surface.Roster() {
		if gatewayServes(st.served, e.Contract()) {
			return noToolsWhy{}
		}
	}
	b := st.base
	ac, err := s.loadAgentContext(ctx, b.Agent, b.Profile)
	if err != nil {
		s.log.Warn("gateway: the agent behind an empty tool list could not be read", "agent", b.Agent, "err", err)
		return noToolsWhy{}
	}
	declared := declaredOf(ac, b.Snapshot)
	why := draftNoTools(b.Draft, declared, s.awaitingReview(ctx, ac, declared), b.Agent, b.Profile, st.subject, st.served, func(id string) bool { return !b.Revoked(id) })
	switch {
	case why.told != "":
		// the agent's own configuration: the admin must act
		s.log.Warn("gateway: a session is served no tool", "agent", b.Agent, "profile", b.Profile, "reason", why.token, "detail", why.detail)
	case why.token != "":
		s.log.Info("gateway: a session is served no tool", "agent", b.Agent, "profile", b.Profile, "reason", why.token, "detail", why.detail)
	}
	return why
}

// awaitingReview is how many tools the agent of ac declares that await
// a reviewer, counted only when none it declares is in the catalog
// (declared): only then does it say why the list is empty.
func (s *Server) awaitingReview(ctx context.Context, ac runtime.AgentContext, declared []*catalog.Entry) int {
	if len(declared) > 0 || ac.Agent == nil {
		return 0
	}
	n, err := s.store.ToolsAwaitingReview(ctx, ac.Agent.Declared())
	if err != nil {
		s.log.Warn("the tools an agent declares could not be counted", "agent", ac.Agent.Slug, "err", err)
	}
	return n
}
