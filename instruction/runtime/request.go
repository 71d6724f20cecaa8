package runtime

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/toolpick"
)

var servicePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// options applies the request's option overrides to the base options.
func (req Request) options(base instruction.Options) (instruction.Options, error) {
	if req.Tier != "" {
		base.Tier = req.Tier
	}
	if req.CatalogForm != "" {
		base.CatalogForm = req.CatalogForm
	}
	if req.Deferred != nil {
		base.Deferred = *req.Deferred
	}
	if req.Pins != nil {
		base.Pins = req.Pins
	}
	return base, base.Validate()
}

// requestDraft builds an agent's draft for a request: the profile's
// selection narrowed by the request's pick, without-list and services,
// and the tools that did not make the roster with the set that dropped
// them. A tool id no catalog entry has is an error naming the field; a
// catalog tool the agent does not have is reported in dropped (compose
// explains a selection; runs, checks and the gateway refuse it).
func requestDraft(snap *Snapshot, ac AgentContext, req Request) (instruction.Draft, []instruction.Dropped, error) {
	if err := snap.checkToolSet(req.Tools, req.Without); err != nil {
		return instruction.Draft{}, nil, err
	}
	// the spec decodes the agent's and the version's stored lists: once
	spec := ac.Spec()
	spec.Unavailable = snap.UnavailableReason
	var connected map[string]bool
	if req.Services != nil {
		connected = map[string]bool{}
		for _, ns := range req.Services {
			if !slices.Contains(spec.Services, ns) {
				return instruction.Draft{}, nil, &instruction.FieldError{Field: "services", Message: fmt.Sprintf("%q is not connected to agent %s", ns, ac.Agent.Slug)}
			}
			connected[ns] = true
		}
	}
	d, dropped := instruction.NewRequestDraft(snap.available, spec, req.Tools, req.Without, connected)
	var err error
	if d.Options, err = req.options(d.Options); err != nil {
		return instruction.Draft{}, nil, err
	}
	return d, dropped, nil
}

// directDraft composes the listed tools (declared and selected, in the
// given order) with the listed services connected. "ns.*" names every
// available tool of a service. An unknown tool, a tool of a service that
// is not connected, or a bad service name is an error naming the field.
func directDraft(snap *Snapshot, req Request) (instruction.Draft, error) {
	opts, err := req.options(instruction.DefaultOptions())
	if err != nil {
		return instruction.Draft{}, err
	}
	known := map[string]bool{}
	for _, ns := range snap.available.Namespaces() {
		known[ns] = true
	}
	connected := map[string]bool{}
	var services []string
	for _, ns := range req.Services {
		// a connection may exist before any of its tools is available
		if !servicePattern.MatchString(ns) {
			return instruction.Draft{}, &instruction.FieldError{Field: "services", Message: fmt.Sprintf("%q is not a service name (^[a-z][a-z0-9_]*$)", ns)}
		}
		if !connected[ns] {
			connected[ns] = true
			services = append(services, ns)
		}
	}
	without := map[string]bool{}
	for _, id := range req.Without {
		without[id] = true
	}
	d := instruction.Draft{Selected: map[string]bool{}, DeclaredServices: services, Connected: connected, Options: opts}
	add := func(e *catalog.Entry) {
		if !d.Selected[e.ID()] && !without[e.ID()] {
			d.Selected[e.ID()] = true
			d.Declared = append(d.Declared, e)
		}
	}
	for _, id := range req.Tools {
		if ns, ok := strings.CutSuffix(id, ".*"); ok {
			if !known[ns] {
				return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("no available tool of service %q in %q: none imported, or all awaiting review", ns, id)}
			}
			for _, e := range snap.available.Entries() {
				if e.Contract().Namespace() == ns {
					add(e)
				}
			}
			continue
		}
		e, ok := snap.available.Get(id)
		if !ok {
			return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("unknown tool id %q (not in the catalog of available tools)", id)}
		}
		add(e)
	}
	for _, e := range d.Declared {
		if ns := e.Contract().Namespace(); ns != "" && !connected[ns] {
			return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("%s belongs to service %s, which is not in services", e.ID(), ns)}
		}
	}
	return d, nil
}

// checkToolSet refuses a conversation set (tools, without) naming a tool
// id no catalog entry has, naming the field: the CLI's and the forge's
// compose share it, and explain a tool the agent does not have in
// dropped (the API's compose refuses it, as the gateway does).
func (snap *Snapshot) checkToolSet(pick, without []string) error {
	if err := checkPatterns(pick, without, nil); err != nil {
		return err
	}
	return checkSetOf(pick, without, func(id string) bool { _, ok := snap.rowByID[id]; return ok }, nil, "no catalog entry has it")
}

// checkAgentToolSet refuses a conversation set naming a tool id that is
// not a tool of agent ac (declared, or of one of its services, and ever
// approved: models.Tool.EverApproved), naming the field
// (CheckAgentToolSet).
func (snap *Snapshot) checkAgentToolSet(ac AgentContext, pick, without []string) error {
	return CheckAgentToolSet(snap.nameable, ac.Agent.Slug, ac.Agent.Declared(), ac.Agent.Services(), pick, without)
}

// nameable reports whether a conversation set may name tool id: a stored
// tool that is, or was, approved. A candidate no reviewer has approved
// is answered as unknown.
func (snap *Snapshot) nameable(id string) bool {
	i, ok := snap.rowByID[id]
	return ok && snap.rows[i].EverApproved()
}

// CheckAgentToolSet refuses a conversation set (tools, without) naming a
// tool id that is not a catalog tool (known) of the agent (declared, or of
// one of its services), naming the field and the id. Every route that
// takes a set to act on (runs, authorize, bindings, the gateway's
// initialize URL) uses it, so a tool the agent does not have is
// never read as "no tools" in silence, and is answered exactly as an id
// no catalog entry has: the set is no oracle for which tools exist beyond
// the agent's.
func CheckAgentToolSet(known func(id string) bool, agent string, declared, services, pick, without []string) error {
	has := func(id string) bool {
		ns, _, dotted := strings.Cut(id, ".")
		return known(id) && (slices.Contains(declared, id) || (dotted && slices.Contains(services, ns)))
	}
	suggest := func(id string) []string { return agentToolsNamed(has, declared, services, id) }
	if err := checkPatterns(pick, without, declared); err != nil {
		return err
	}
	return checkSetOf(pick, without, has, suggest, fmt.Sprintf("agent %s has no such tool", agent))
}

// checkPatterns refuses a conversation set naming a pattern ("memory.*"),
// which no set takes, naming the field and the accepted form: the ids
// one by one (an example from examples, the agent's declared tools, so
// the refusal names only a tool the agent has), or no tools at all to
// keep every tool the agent has.
func checkPatterns(pick, without, examples []string) error {
	for _, f := range []struct {
		name string
		ids  []string
	}{{"tools", pick}, {"without", without}} {
		for _, id := range f.ids {
			if toolpick.IsPattern(id) {
				msg := toolpick.PatternSays(id, "tool id", f.name+" takes the tool ids one by one", examples)
				if f.name == "tools" {
					msg += "; without tools, the conversation keeps every tool the agent has"
				}
				return &instruction.FieldError{Field: f.name, Message: msg}
			}
		}
	}
	return nil
}

// agentToolsNamed lists the agent's tools (has) whose name is id's name
// (its part after the last dot) in any letter case: a declared tool, or a
// tool of one of its services (as written, or in lower case). Only the agent's own tools, so a suggestion is no oracle for
// the catalog beyond them.
func agentToolsNamed(has func(id string) bool, declared, services []string, id string) []string {
	name := id[strings.LastIndex(id, ".")+1:]
	var out []string
	add := func(c string) {
		if c != id && has(c) && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	// in any letter case: odd.T_bool means odd.t_bool
	for _, d := range declared {
		if strings.EqualFold(d[strings.LastIndex(d, ".")+1:], name) {
			add(d)
		}
	}
	for _, ns := range services {
		add(ns + "." + name)
		add(ns + "." + strings.ToLower(name))
	}
	slices.Sort(out)
	return out
}

// checkSetOf refuses a set naming an id has is false for (said as
// unknown, why after the id, then the ids suggest offers for it, if
// any), then a tool both kept and dropped.
func checkSetOf(pick, without []string, has func(id string) bool, suggest func(id string) []string, why string) error {
	for _, f := range []struct {
		name string
		ids  []string
	}{{"tools", pick}, {"without", without}} {
		for _, id := range f.ids {
			if !has(id) {
				msg := fmt.Sprintf("unknown tool id %q (%s)", id, why)
				if suggest != nil {
					if ids := suggest(id); len(ids) > 0 {
						msg += "; did you mean " + strings.Join(ids, " or ") + "?"
					}
				}
				return &instruction.FieldError{Field: f.name, Message: msg}
			}
		}
	}
	// a tool both kept and dropped is a contradiction, never read as
	// "no tools"
	for _, id := range without {
		if slices.Contains(pick, id) {
			return &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("tools and without both name %q: a conversation cannot keep and drop the same tool", id)}
		}
	}
	return nil
}
