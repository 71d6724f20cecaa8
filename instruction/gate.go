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
)

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
}

func summarize(f Facts) summary {
	s := summary{ids: map[string]bool{}, byClass: map[catalog.Class][]string{}}
	for _, e := range f.Roster {
		c := e.Contract()
		switch {
		case c.CodeOnly:
			s.codeOnly++
		case c.Class == catalog.ClassRendering || c.Class == catalog.ClassWeb:
			s.byClass[c.Class] = append(s.byClass[c.Class], c.ID)
		}
		if c.ID == "exec" || c.ID == "workspace_write" {
			s.ids[c.ID] = true
		}
	}
	return s
}

// capabilities is the one table from capability to predicate. No other
// code asks whether a tool is present.
var capabilities = map[Capability]func(f Facts, s summary) (bool, string){
	CapAlways: func(Facts, summary) (bool, string) { return true, "always" },
	CapExec: func(_ Facts, s summary) (bool, string) {
		return s.ids["exec"], "exec is in the roster"
	},
	CapWorkspaceWrite: func(_ Facts, s summary) (bool, string) {
		return s.ids["workspace_write"], "workspace_write is in the roster"
	},
	CapRender: func(_ Facts, s summary) (bool, string) { return classReason(s, catalog.ClassRendering) },
	CapWeb:    func(_ Facts, s summary) (bool, string) { return classReason(s, catalog.ClassWeb) },
	CapServices: func(f Facts, _ summary) (bool, string) {
		return len(f.Services) > 0, strings.Join(f.Services, ", ") + " connected"
	},
	CapSkills: func(f Facts, _ summary) (bool, string) {
		return len(f.Skills) > 0, fmt.Sprintf("%d active skill(s) whose required tools are all in the roster", len(f.Skills))
	},
	CapCodeOnly: func(_ Facts, s summary) (bool, string) {
		return s.ids["exec"] && s.codeOnly > 0, fmt.Sprintf("exec is in the roster and %d code-only helper(s) are", s.codeOnly)
	},
}

// Gate is the gate's verdict for one roster: which capabilities hold, and
// why.
type Gate struct {
	on     map[Capability]bool
	reason map[Capability]string
}

// NewGate evaluates every capability once.
func NewGate(f Facts) Gate {
	g := Gate{on: make(map[Capability]bool, len(capabilities)), reason: make(map[Capability]string, len(capabilities))}
	s := summarize(f)
	for c, pred := range capabilities {
		g.on[c], g.reason[c] = pred(f, s)
	}
	return g
}

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
