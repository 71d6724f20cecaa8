package instruction

import (
	"fmt"
	"slices"
	"strings"

	"github.com/agentforge/console/catalog"
)

// Capability is something a block can require. The gate decides each one
// from the roster alone.
type Capability string

// The capabilities of the gate.
const (
	CapAlways         Capability = "always"
	CapExec           Capability = "exec"
	CapRender         Capability = "render"
	CapWeb            Capability = "web"
	CapServices       Capability = "services"
	CapSkills         Capability = "skills"
	CapWorkspaceWrite Capability = "workspace_write"
	CapCodeOnly       Capability = "code_only"
	// CapTools holds when the agent can call at least one tool as an
	// action: a roster tool that is not code-only, or the skill loader.
	CapTools Capability = "tools"
)

// ClassCapability is the capability "a usable roster tool of this class",
// named "class.<class>" (class.file-processing, class.web, ...).
func ClassCapability(c catalog.Class) Capability { return Capability("class." + string(c)) }

// Facts is what the gate reads: the effective roster, the connected
// services and the qualifying skills.
type Facts struct {
	Roster   []*catalog.Entry
	Services []string
	Skills   []Skill
}

// summary is one pass over the roster: what the predicates read. It
// holds counts only; the ids a reason names are read from the roster when
// the reason is asked for, so a composition that never shows a reason
// (every lever's) does not build it.
type summary struct {
	roster []*catalog.Entry
	exec   bool
	// workspaceWrite is set when workspace_write is in the roster.
	workspaceWrite bool
	// classes counts the usable roster tools per class, in the order of
	// catalog.Classes.
	classes  [len(catalog.Classes)]int
	codeOnly int
	// callable counts roster tools callable as an action (not code-only).
	callable int
	// services are the connected services with a callable tool in the
	// roster (see usedServices).
	services []string
}

// classIndex is a class's position in catalog.Classes (-1: none).
func classIndex(c catalog.Class) int {
	for i, k := range catalog.Classes {
		if k == c {
			return i
		}
	}
	return -1
}

func summarize(f Facts) summary {
	s := summary{roster: f.Roster}
	var namespaces []string // the services of the roster's callable tools, each once
	for _, e := range f.Roster {
		if e.ID() == "exec" {
			s.exec = true
			break
		}
	}
	for _, e := range f.Roster {
		if e.CodeOnly() {
			s.codeOnly++
			if !s.exec {
				continue // unusable: no code channel to call it from
			}
		} else {
			s.callable++
			// a service's tools usually stand together: the last one added
			// answers most entries without a scan of the list
			if ns := e.Namespace(); ns != "" && (len(namespaces) == 0 || namespaces[len(namespaces)-1] != ns) && !slices.Contains(namespaces, ns) {
				namespaces = append(namespaces, ns)
			}
		}
		if i := classIndex(e.Class()); i >= 0 {
			s.classes[i]++
		}
		if e.ID() == "workspace_write" {
			s.workspaceWrite = true
		}
	}
	s.services = usedServices(f.Services, namespaces)
	return s
}

// usable reports whether a roster entry counts for its class: code-only
// helpers only with exec.
func (s *summary) usable(e *catalog.Entry) bool {
	return s.exec || !e.CodeOnly()
}

// usedServices are the connected services that have a callable tool in the
// roster (namespaces), in connection order: the only services the text may
// name.
func usedServices(connected, namespaces []string) []string {
	var out []string
	for _, ns := range connected {
		if slices.Contains(namespaces, ns) {
			out = append(out, ns)
		}
	}
	return out
}

// predicate decides one capability (on) and says why it holds (why,
// worded only when a reason is shown).
type predicate struct {
	on  func(f Facts, s *summary) bool
	why func(f Facts, s *summary) string
}

// capabilities is the one table from capability to predicate. No other
// code asks whether a tool is present.
var capabilities = withClasses(map[Capability]predicate{
	CapAlways: {func(Facts, *summary) bool { return true }, func(Facts, *summary) string { return "always" }},
	CapExec:   {func(_ Facts, s *summary) bool { return s.exec }, func(Facts, *summary) string { return "exec is in the roster" }},
	CapWorkspaceWrite: {func(_ Facts, s *summary) bool { return s.workspaceWrite },
		func(Facts, *summary) string { return "workspace_write is in the roster" }},
	CapRender: classPredicate(catalog.ClassRendering),
	CapWeb:    classPredicate(catalog.ClassWeb),
	CapServices: {func(_ Facts, s *summary) bool { return len(s.services) > 0 },
		func(_ Facts, s *summary) string {
			return strings.Join(s.services, ", ") + " connected, with tools in the roster"
		}},
	CapTools: {func(f Facts, s *summary) bool { return s.callable > 0 || len(f.Skills) > 0 },
		func(_ Facts, s *summary) string {
			return countOf(s.callable, "callable tool is", "callable tools are") + " in the roster"
		}},
	CapSkills: {func(f Facts, _ *summary) bool { return len(f.Skills) > 0 },
		func(f Facts, _ *summary) string {
			return countOf(len(f.Skills), "active skill has all its", "active skills have all their") + " required tools in the roster"
		}},
	CapCodeOnly: {func(_ Facts, s *summary) bool { return s.exec && s.codeOnly > 0 },
		func(_ Facts, s *summary) string {
			return "exec and " + countOf(s.codeOnly, "code-only helper are", "code-only helpers are") + " in the roster"
		}},
})

// withClasses adds one capability per tool class to the table.
func withClasses(m map[Capability]predicate) map[Capability]predicate {
	for _, class := range catalog.Classes {
		m[ClassCapability(class)] = classPredicate(class)
	}
	return m
}

func classPredicate(class catalog.Class) predicate {
	i := classIndex(class)
	return predicate{
		on: func(_ Facts, s *summary) bool { return s.classes[i] > 0 },
		why: func(_ Facts, s *summary) string {
			if s.classes[i] == 0 {
				return ""
			}
			return classReason(s, class, s.classes[i])
		},
	}
}

// Gate is the gate's verdict for one roster: which capabilities hold, and
// why.
type Gate struct {
	f Facts
	s *summary
}

// NewGate summarizes the roster once; each capability is decided from the
// summary when asked, and its reason is worded only when asked.
func NewGate(f Facts) Gate {
	s := summarize(f)
	return Gate{f: f, s: &s}
}

// Services lists the connected services the text may name: those with a
// callable tool in the roster.
func (g Gate) Services() []string {
	if g.s == nil {
		return nil
	}
	return g.s.services
}

// Has reports whether the capability holds.
func (g Gate) Has(c Capability) bool {
	p, ok := capabilities[c]
	return ok && g.s != nil && p.on(g.f, g.s)
}

// holds is Has for a capability's predicate already looked up (a
// block's, see Block.req).
func (g Gate) holds(p predicate) bool {
	return g.s != nil && p.on(g.f, g.s)
}

// Reason says in words why the capability holds.
func (g Gate) Reason(c Capability) string {
	p, ok := capabilities[c]
	if !ok || g.s == nil {
		return ""
	}
	return p.why(g.f, g.s)
}

// classReason names the first usable roster tools of the class.
func classReason(s *summary, class catalog.Class, n int) string {
	ids := make([]string, 0, 5)
	for _, e := range s.roster {
		if len(ids) == 4 {
			break
		}
		if e.Class() == class && s.usable(e) {
			ids = append(ids, e.ID())
		}
	}
	verb := "is"
	if n > 1 {
		verb = "are"
	}
	if n > 4 {
		ids = append(ids, fmt.Sprintf("%d more", n-4))
	}
	return fmt.Sprintf("%s %s in the roster (%s class)", strings.Join(ids, ", "), verb, class)
}

// countOf writes a count with its words for reasons: "1 tool", "3 tools".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
