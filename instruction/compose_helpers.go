package instruction

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

func reasonFor(g Gate, c Capability, tier, id string) string {
	if strings.HasPrefix(id, "body.exec.") {
		return tier + " tier and " + g.Reason(c)
	}
	return g.Reason(c)
}

func groupOf(id string) string {
	switch {
	case strings.HasPrefix(id, "protocol"):
		return GroupProtocol
	case strings.HasPrefix(id, "catalog"):
		return GroupCatalog
	}
	return GroupBody
}

// dedupe drops repeated and nil entries, keeping the first.
func dedupe(es []*catalog.Entry) []*catalog.Entry {
	seen := make(map[string]bool, len(es))
	out := make([]*catalog.Entry, 0, len(es))
	for _, e := range es {
		if e != nil && !seen[e.ID()] {
			seen[e.ID()] = true
			out = append(out, e)
		}
	}
	return out
}

// inRoster reports whether the roster holds the tool (a scan: pins and
// required tools are few, and an index would cost every composition).
func inRoster(roster []*catalog.Entry, id string) bool {
	for _, e := range roster {
		if e.ID() == id {
			return true
		}
	}
	return false
}

func dedupeStrings(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func pinsIn(pins []string, roster []*catalog.Entry) []string {
	if len(pins) == 0 {
		return nil
	}
	var out []string
	for _, p := range dedupeStrings(pins) {
		if pinnableIn(roster, p) {
			out = append(out, p)
		}
	}
	return out
}

// pinnableIn reports whether id can be pinned in a roster: a tool of the
// roster that is shown as a tool — a code-only helper, called from
// programs in the code channel, never is, so a pin on it pins nothing.
func pinnableIn(roster []*catalog.Entry, id string) bool {
	for _, e := range roster {
		if e.ID() == id {
			return !e.CodeOnly()
		}
	}
	return false
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// hostVariant is the body block b worded for the options' host (an MCP
// client's model replies to the user, it writes no final summary) when
// the block has such a variant, else b.
func hostVariant(b Block, tier string, o Options) Block {
	if o.Host == "" {
		return b
	}
	if v, ok := lib().blocks.variantFor(b.ID, tier, o); ok {
		return v
	}
	return b
}
