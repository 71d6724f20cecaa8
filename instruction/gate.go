package instruction

import (
	"fmt"
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

// summary is one pass over the roster: what the predicates read.
type summary struct {
	ids      map[string]bool
	byClass  map[catalog.Class][]string
	codeOnly int
	// callable counts roster tools callable as an action (not code-only).
	callable int
	// namespaces holds the services of the roster's callable tools.
	namespaces map[string]bool
}

func summarize(f Facts) summary {
	s := summary{ids: map[string]bool{}, byClass: map[catalog.Class][]string{}, namespaces: map[string]bool{}}
	exec := false
	for _, e := range f.Roster {
		if e.ID() == "exec" {
			exec = true
		}
	}
	for _, e := range f.Roster {
		c := e.Contract()
		if c.CodeOnly {
			s.codeOnly++
			if !exec {
				continue // unusable: no code channel to call it from
			}
		} else {
			s.callable++
			if ns := c.Namespace(); ns != "" {
				s.namespaces[ns] = true
			}
		}
		s.byClass[c.Class] = append(s.byClass[c.Class], c.ID)
		if c.ID == "exec" || c.ID == "workspace_write" {
			s.ids[c.ID] = true
		}
	}
	return s
}

// usedServices are the connected services that have a callable tool in the
// roster, in connection order: the only services the text may name.
func usedServices(f Facts, s summary) []string {
	var out []string
	for _, ns := range f.Services {
		if s.namespaces[ns] {
			out = append(out, ns)
		}
	}
	return out
}

// capabilities is the one table from capability to predicate. No other
// code asks whether a tool is present.
var capabilities = withClasses(map[Capability]func(f Facts, s summary) (bool, string){
	CapAlways: func(Facts, summary) (bool, string) { return true, "always" },
	CapExec: func(_ Facts, s summary) (bool, string) {
		return s.ids["exec"], "exec is in the roster"
	},
	CapWorkspaceWrite: func(_ Facts, s summary) (bool, string) {
		return s.ids["workspace_write"], "workspace_write is in the roster"
	},
	CapRender: func(_ Facts, s summary) (bool, string) { return classReason(s, catalog.ClassRendering) },
	CapWeb:    func(_ Facts, s summary) (bool, string) { return classReason(s, catalog.ClassWeb) },
	CapServices: func(f Facts, s summary) (bool, string) {
		used := usedServices(f, s)
		return len(used) > 0, strings.Join(used, ", ") + " connected, with tools in the roster"
	},
	CapTools: func(f Facts, s summary) (bool, string) {
		return s.callable > 0 || len(f.Skills) > 0, countOf(s.callable, "callable tool is", "callable tools are") + " in the roster"
	},
	CapSkills: func(f Facts, _ summary) (bool, string) {
		return len(f.Skills) > 0, countOf(len(f.Skills), "active skill has all its", "active skills have all their") + " required tools in the roster"
	},
	CapCodeOnly: func(_ Facts, s summary) (bool, string) {
		return s.ids["exec"] && s.codeOnly > 0, "exec and " + countOf(s.codeOnly, "code-only helper are", "code-only helpers are") + " in the roster"
	},
})

// withClasses adds one capability per tool class to the table.
func withClasses(m map[Capability]func(Facts, summary) (bool, string)) map[Capability]func(Facts, summary) (bool, string) {
	for _, class := range catalog.Classes {
		m[ClassCapability(class)] = func(_ Facts, s summary) (bool, string) { return classReason(s, class) }
	}
	return m
}

// Gate is the gate's verdict for one roster: which capabilities hold, and
// why.
type Gate struct {
	on       map[Capability]bool
	reason   map[Capability]string
	services []string
}

// NewGate evaluates every capability once.
func NewGate(f Facts) Gate {
	g := Gate{on: make(map[Capability]bool, len(capabilities)), reason: make(map[Capability]string, len(capabilities))}
	s := summarize(f)
	for c, pred := range capabilities {
		g.on[c], g.reason[c] = pred(f, s)
	}
	g.services = usedServices(f, s)
	return g
}

// Services lists the connected services the text may name: those with a
// callable tool in the roster.
func (g Gate) Services() []string { return g.services }

// Has reports whether the capability holds.
func (g Gate) Has(c Capability) bool { return g.on[c] }

// Reason says in words why the capability holds.
func (g Gate) Reason(c Capability) string { return g.reason[c] }

func classReason(s summary, class catalog.Class) (bool, string) {
	ids := s.byClass[class]
	if len(ids) == 0 {
		return false, ""
	}
	verb := "is"
	if len(ids) > 1 {
		verb = "are"
	}
	if len(ids) > 4 {
		ids = append(ids[:4:4], fmt.Sprintf("%d more", len(ids)-4))
	}
	return true, fmt.Sprintf("%s %s in the roster (%s class)", strings.Join(ids, ", "), verb, class)
}

// countOf writes a count with its words for reasons: "1 tool", "3 tools".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
