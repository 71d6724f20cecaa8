package instruction_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// variants composes the input in every tier, catalog form and deferred
// setting, calling check with a name for each.
func variants(t *testing.T, in instruction.Input, check func(name string, c instruction.Composition)) {
	t.Helper()
	for _, tier := range instruction.Tiers {
		for _, form := range forms {
			for _, deferred := range []bool{false, true} {
				in := in
				in.Options = instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred}
				check(fmt.Sprintf("%s/%s/deferred=%v", tier, form, deferred), compose(t, in))
			}
		}
	}
}

// TestExecWithoutCodeOnlyHelpersNamesNoCodeOnlySection reproduces
// `console compose --tools exec,read_file --tier full`: with exec but no
// code-only helper, no sentence may send the agent to a code-only section.
func TestExecWithoutCodeOnlyHelpersNamesNoCodeOnlySection(t *testing.T) {
	cat := builtinCatalog(t)
	var plain []string
	for _, e := range cat.Entries() {
		if !e.Contract().CodeOnly {
			plain = append(plain, e.ID())
		}
	}
	for name, ids := range map[string][]string{"exec,read_file": {"exec", "read_file"}, "exec": {"exec"}, "every plain tool": plain} {
		variants(t, instruction.Input{Roster: entries(t, cat, ids...)}, func(v string, c instruction.Composition) {
			if i := strings.Index(strings.ToLower(c.Text()), "code-only"); i >= 0 {
				t.Errorf("%s %s: mentions the code-only section, which is absent: …%s…", name, v, excerptAt(c.Text(), i))
			}
			if _, ok := c.Section("catalog.code"); ok {
				t.Errorf("%s %s: catalog.code present without code-only helpers", name, v)
			}
		})
	}
}

// TestEmptyRosterSaysSoAndTeachesNoCall: a roster with no callable tool
// (nothing at all, or code-only helpers without exec) gets a text that says
// plainly there are no tools, with no catalog, no action channel and no
// count of zero tools.
func TestEmptyRosterSaysSoAndTeachesNoCall(t *testing.T) {
	cat := builtinCatalog(t)
	for name, roster := range map[string][]*catalog.Entry{"empty": nil, "code-only helpers without exec": entries(t, cat, "load_table", "emit_artifact")} {
		variants(t, instruction.Input{Roster: roster, Services: []string{"github"}}, func(v string, c instruction.Composition) {
			text := c.Text()
			lower := strings.ToLower(text)
			if c.Protocol.Has(instruction.ChannelAction) {
				t.Errorf("%s %s: the protocol has an action channel", name, v)
			}
			for _, bad := range []string{"<action", "tool_id", "0 tools", "tool call", "tool catalog", "tools below", "tools listed", "listed tools", "search_tools", "named service"} {
				if i := strings.Index(lower, bad); i >= 0 {
					t.Errorf("%s %s: teaches %q: …%s…", name, v, bad, excerptAt(text, i))
				}
			}
			if !strings.Contains(lower, "you have no tools") {
				t.Errorf("%s %s: does not say plainly that there are no tools", name, v)
			}
			if _, ok := c.Section("catalog"); ok {
				t.Errorf("%s %s: a tool catalog section with nothing to call", name, v)
			}
			for _, r := range c.Example.Rounds {
				if _, err := instruction.ParseReply(r.Reply, c.Protocol); err != nil {
					t.Errorf("%s %s: worked example does not parse: %v", name, v, err)
				}
			}
			if n := c.Channels(); !strings.Contains(text, fmt.Sprintf("%d channel types", n)) {
				t.Errorf("%s %s: protocol has %d channels but the text does not say so", name, v, n)
			}
		})
	}
}

func excerptAt(text string, i int) string {
	return text[max(0, i-40):min(len(text), i+50)]
}
