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
				// both hosts: the text protocol and the MCP client's form
				for _, host := range []string{"", instruction.HostMCP} {
					in := in
					in.Options = instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred, Host: host}
					check(fmt.Sprintf("%s/%s/deferred=%v/host=%q", tier, form, deferred, host), compose(t, in))
				}
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

// TestNoStrayReferences is the general check: over rosters of every kind
// (empty, code-only helpers without exec, exec with and without helpers,
// services with and without their tools, skills, the whole GitHub
// fixture), every tier, form and deferred setting, the instruction's own
// text refers to no channel, class or section the composition lacks, and
// what the gate says is present matches what the composition holds.
func TestNoStrayReferences(t *testing.T) {
	cat := builtinCatalog(t)
	full := fullCatalog(t)
	var native []string
	for _, e := range cat.Entries() {
		native = append(native, e.ID())
	}
	skill := []instruction.Skill{{Slug: "notes", Name: "Notes", Summary: "Writes notes.", Version: 1}}
	cases := map[string]instruction.Input{
		"empty":                           {},
		"empty with skill":                {Skills: skill},
		"code-only without exec":          {Roster: entries(t, cat, "load_table", "emit_artifact")},
		"exec alone":                      {Roster: entries(t, cat, "exec")},
		"exec with a helper":              {Roster: entries(t, cat, "exec", "emit_artifact")},
		"one of each class":               {Roster: entries(t, cat, "read_file", "sql_query", "render_chart", "web_fetch", "memory_read", "notify_user")},
		"interaction only":                {Roster: entries(t, cat, "ask_user")},
		"builtin, github connected":       {Roster: cat.Entries(), Services: []string{"github"}},
		"github tools only":               {Roster: without(full, native...), Services: []string{"github", "jira"}},
		"everything":                      {Roster: full.Entries(), Services: []string{"github"}, Skills: skill},
		"github tools, not connected":     {Roster: full.Entries()},
		"deferred step, exec activated":   {Roster: cat.Entries(), Activated: []string{"exec", "web_fetch"}},
		"deferred step, github activated": {Roster: full.Entries(), Services: []string{"github"}, Skills: skill, Activated: []string{"github.get_me", "render_chart"}},
	}
	for name, in := range cases {
		variants(t, in, func(v string, c instruction.Composition) {
			for _, s := range instruction.StrayReferences(c) {
				t.Errorf("%s %s: %s refers to absent %s %s via %q: …%s…", name, v, s.Section, s.Referent.Kind, s.Referent.Name, s.Term, s.Excerpt)
			}
			// the tools the text may speak of: the roster, or a deferred
			// step's active set (with search_tools, a computation tool,
			// whenever search can reach anything)
			present := c.Roster()
			usable := map[catalog.Class]bool{}
			if c.Options.Deferred && strings.Contains(c.Text(), instruction.SearchToolID) {
				present = c.Active
				usable[catalog.ClassComputation] = true
			}
			for _, id := range present {
				e, ok := full.Get(id)
				if ok && !e.Contract().CodeOnly {
					usable[e.Contract().Class] = true
				}
			}
			if contains(present, "exec") {
				for _, id := range c.Roster() {
					if e, _ := full.Get(id); e.Contract().CodeOnly {
						usable[e.Contract().Class] = true
					}
				}
			}
			for _, r := range instruction.Referents() {
				var holds bool
				switch r.Kind {
				case instruction.RefChannel:
					holds = c.Protocol.Has(r.Name)
				case instruction.RefClass:
					holds = usable[catalog.Class(r.Name)]
				case instruction.RefSection:
					_, holds = c.Section(r.Name)
					switch {
					case r.Name == "protocol.code": // a unit of the protocol section
						holds = c.Protocol.Has(instruction.ChannelCode)
					case strings.HasPrefix(r.Name, "body.exec.") && c.Options.Tier != instruction.TierFull:
						continue // full-tier blocks
					}
					if _, folded := c.Section(instruction.SectionActivated); folded && !holds {
						continue // a deferred step folds what activation brings into one section
					}
				}
				if holds != c.Has(r.Requires) {
					t.Errorf("%s %s: %s %s present=%v, but the gate says %s=%v", name, v, r.Kind, r.Name, holds, r.Requires, c.Has(r.Requires))
				}
			}
		})
	}
}

// TestStrayReferencesCatchesAnUngatedSentence: the check fails a text that
// refers to an absent section, channel or class (here: today's exec block
// sentence, added to a composition without code-only helpers).
func TestStrayReferencesCatchesAnUngatedSentence(t *testing.T) {
	cat := builtinCatalog(t)
	c := compose(t, instruction.Input{Roster: entries(t, cat, "exec", "read_file")})
	for _, sentence := range []string{
		"Publish files through a helper from the code-only section of the catalog.",
		"Workspace tools change files the user can see.",
		"Use web tools for fresh facts.",
		"List skills with load_skill.",
	} {
		probe := c
		probe.Sections = append(append([]instruction.Section(nil), c.Sections...), instruction.Section{ID: "probe", Units: []catalog.Unit{catalog.NewUnit(sentence + "\n\n")}})
		if got := instruction.StrayReferences(probe); len(got) == 0 || got[0].Section != "probe" {
			t.Errorf("%q: not caught: %+v", sentence, got)
		}
	}
	empty := compose(t, instruction.Input{})
	probe := empty
	probe.Sections = append(append([]instruction.Section(nil), empty.Sections...), instruction.Section{ID: "probe", Units: []catalog.Unit{catalog.NewUnit("Reply with <action tool=\"x\">{}</action>.\n\n")}})
	if got := instruction.StrayReferences(probe); len(got) == 0 {
		t.Error("an action channel taught to an empty roster is not caught")
	}
}
