package fidelity_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// searchQuery finds the query of a search_tools call or example as the
// composed text shows it: in a catalog entry (`search_tools {"query":
// …}`), a tagged action (`<action tool="search_tools">{"query":…}`) or an
// MCP client's worked example (`search_tools with {"query":…}`).
var searchQuery = regexp.MustCompile(`search_tools(?:">| with | )\{"query": ?"((?:[^"\\]|\\.)*)"`)

// TestDeferredConsoleTextTeachesNothingTheRosterLacks: the console's own
// text of a deferred step — its blocks, its worked example and the
// search_tools entry it writes — is read by the leak check as a whole,
// with no exemption for the console's blocks, under the scope of the
// step's active tools, for a roster with no issue tracker. Whatever the
// text teaches, the agent believes: an example query "open an issue" tells
// an agent with no tracker that opening issues is a thing to search for.
// A search query is, by its parameter's own definition, what the agent
// wants to do, so each one the text shows is read as that sentence too.
// The text must name no capability class, service or tool the step lacks.
// (Deeds the check reads from sentence structure alone, action:<verb> and
// tool:<phrase>, name no class of the table and are not held here.)
func TestDeferredConsoleTextTeachesNothingTheRosterLacks(t *testing.T) {
	cat := catalogtest.New(t, catalogtest.Builtin(t))
	for _, e := range cat.Entries() {
		if id := e.ID(); strings.Contains(id, "issue") || strings.Contains(id, "ticket") {
			t.Fatalf("the roster must have no issue tracker, has %s", id)
		}
	}
	for _, tier := range instruction.Tiers {
		for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
			for _, host := range []string{"", instruction.HostMCP} {
				in := instruction.Input{Roster: cat.Entries(), Options: instruction.Options{Tier: tier, CatalogForm: form, Deferred: true, Host: host, Pins: []string{"read_file"}}}
				c, err := instruction.Compose(in)
				if err != nil {
					t.Fatal(err)
				}
				var allowed []catalog.Contract
				var extra []string
				for id, ok := range instruction.AllowedTools(c) {
					if e, known := cat.Get(id); ok && known {
						allowed = append(allowed, e.Contract())
					} else if ok {
						extra = append(extra, id)
					}
				}
				chk, scope := fidelity.ForComposition(allowed), fidelity.NewScope(allowed, extra...)
				text := c.Text()
				queries := searchQuery.FindAllStringSubmatch(text, -1)
				if len(queries) == 0 {
					t.Fatalf("%s %s %q: the deferred text shows no search query", tier, form, host)
				}
				read := []string{text}
				for _, q := range queries {
					read = append(read, q[1]+".")
				}
				for _, r := range read {
					for _, f := range chk.Check(r, scope) {
						if f.Kind == fidelity.KindCapability && (strings.HasPrefix(f.Class, "action:") || strings.HasPrefix(f.Class, "tool:")) {
							continue
						}
						t.Errorf("%s %s %q: the console's text teaches %s %s via %q: …%s…", tier, form, host, f.Kind, f.Tool, f.Signal, f.Excerpt)
					}
				}
			}
		}
	}
}
