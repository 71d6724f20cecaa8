package instruction_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

var update = flag.Bool("update", false, "rewrite golden files")

func compose(t testing.TB, in instruction.Input) instruction.Composition {
	t.Helper()
	if in.Options.Tier == "" {
		in.Options.Tier = instruction.TierStandard
	}
	if in.Options.CatalogForm == "" {
		in.Options.CatalogForm = catalog.FormFull
	}
	c, err := instruction.Compose(in)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var forms = []string{catalog.FormFull, catalog.FormCompact}

// TestRosterProof: for every opt-outable tool T, every tier and both forms,
// a roster without T composes a text with no signal of T.
func TestRosterProof(t *testing.T) {
	cat := builtinCatalog(t)
	linter := instruction.NewLinter(cat.Contracts())
	for _, e := range cat.Entries() {
		for _, tier := range instruction.Tiers {
			for _, form := range forms {
				for _, deferred := range []bool{false, true} {
					c := compose(t, instruction.Input{Roster: without(cat, e.ID()), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred}})
					for _, f := range linter.LintComposition(c) {
						t.Errorf("without %s (%s, %s, deferred=%v): section %s teaches %s via %q: …%s…", e.ID(), tier, form, deferred, f.Section, f.Tool, f.Signal, f.Excerpt)
					}
				}
			}
		}
	}
}

// TestExecLessTextHasNoCodeExecution checks the exec-less instruction with
// the linter and with plain words a reader would notice.
func TestExecLessTextHasNoCodeExecution(t *testing.T) {
	cat := builtinCatalog(t)
	for _, tier := range instruction.Tiers {
		c := compose(t, instruction.Input{Roster: without(cat, "exec"), Options: instruction.Options{Tier: tier}})
		text := strings.ToLower(c.Text())
		for _, w := range []string{`\bexec\b`, "code channel", "<code>", "python", `\bprogram`, "code-only", "execute code", "generated code"} {
			if regexp.MustCompile(w).MatchString(text) {
				t.Errorf("%s tier without exec contains %q", tier, w)
			}
		}
		if !strings.Contains(c.Text(), "3 channel types") || c.Channels() != 3 {
			t.Errorf("%s tier without exec: channels %d", tier, c.Channels())
		}
		if _, ok := c.Section("catalog.code"); ok {
			t.Errorf("%s tier without exec lists code-only helpers", tier)
		}
	}
}

// TestExhaustiveSubsets composes every subset of the capability-bearing
// tools, in every tier and form: blocks present iff their tool is, 4
// channels iff exec, and no signal of an absent tool anywhere.
func TestExhaustiveSubsets(t *testing.T) {
	cat := builtinCatalog(t)
	linter := instruction.NewLinter(cat.Contracts())
	bearing := []string{"exec", "render_chart", "render_diagram", "web_search", "web_fetch", "workspace_write", "read_file", "load_table"}
	// the base holds no code-only helper, so exec is composed both with
	// (load_table) and without one
	var codeOnly []string
	for _, e := range cat.Entries() {
		if e.Contract().CodeOnly {
			codeOnly = append(codeOnly, e.ID())
		}
	}
	base := without(cat, append(append(bearing, "render_document", "web_screenshot"), codeOnly...)...)
	for mask := 0; mask < 1<<len(bearing); mask++ {
		var extra []string
		have := map[string]bool{}
		for i, id := range bearing {
			if mask&(1<<i) != 0 {
				extra = append(extra, id)
				have[id] = true
			}
		}
		roster := append(append([]*catalog.Entry{}, base...), entries(t, cat, extra...)...)
		for _, tier := range instruction.Tiers {
			for _, form := range forms {
				c := compose(t, instruction.Input{Roster: roster, Options: instruction.Options{Tier: tier, CatalogForm: form}})
				name := fmt.Sprintf("%v/%s/%s", extra, tier, form)
				check := func(section string, want bool) {
					if _, ok := c.Section(section); ok != want {
						t.Errorf("%s: section %s present=%v, want %v", name, section, ok, want)
					}
				}
				check("capability.exec", have["exec"])
				check("capability.render", have["render_chart"] || have["render_diagram"])
				check("capability.web", have["web_search"] || have["web_fetch"])
				check("catalog.code", have["exec"] && have["load_table"])
				check("body.exec.codegen", have["exec"] && tier == instruction.TierFull)
				wantCh := 3
				if have["exec"] {
					wantCh = 4
				}
				if c.Channels() != wantCh || !strings.Contains(c.Text(), fmt.Sprintf("%d channel types", wantCh)) {
					t.Errorf("%s: %d channels", name, c.Channels())
				}
				for _, f := range linter.LintComposition(c) {
					t.Errorf("%s: %s teaches absent %s via %q", name, f.Section, f.Tool, f.Signal)
				}
				for _, s := range instruction.StrayReferences(c) {
					t.Errorf("%s: %s refers to absent %s %s via %q: …%s…", name, s.Section, s.Referent.Kind, s.Referent.Name, s.Term, s.Excerpt)
				}
			}
		}
	}
}

// TestSignalParity: every tier carries the same rule set for a roster.
func TestSignalParity(t *testing.T) {
	cat := builtinCatalog(t)
	rosters := map[string][]*catalog.Entry{
		"none":    nil,
		"all":     cat.Entries(),
		"no exec": without(cat, "exec"),
		"exec":    entries(t, cat, "exec"),
	}
	for name, r := range rosters {
		var sets []string
		for _, tier := range instruction.Tiers {
			c := compose(t, instruction.Input{Roster: r, Services: []string{"jira"}, Skills: []instruction.Skill{{Slug: "s", Name: "S", Summary: "x", Version: 1}}, Options: instruction.Options{Tier: tier}})
			rules := append([]string(nil), c.Rules...)
			sort.Strings(rules)
			sets = append(sets, strings.Join(rules, ","))
		}
		if sets[0] != sets[1] || sets[1] != sets[2] {
			t.Errorf("%s: rule sets differ across tiers:\nfull:     %s\nstandard: %s\ncompact:  %s", name, sets[0], sets[1], sets[2])
		}
	}
}

func TestTiersDifferInSize(t *testing.T) {
	cat := builtinCatalog(t)
	var sizes []int
	for _, tier := range instruction.Tiers {
		c := compose(t, instruction.Input{Roster: cat.Entries(), Options: instruction.Options{Tier: tier, CatalogForm: catalog.FormCompact}})
		body := 0
		for _, s := range c.Sections {
			if s.Group != instruction.GroupCatalog {
				body += len(s.Text())
			}
		}
		sizes = append(sizes, body)
	}
	if !(sizes[0] > sizes[1]*13/10 && sizes[1] > sizes[2]*13/10) {
		t.Errorf("tiers not genuinely different: full %d, standard %d, compact %d bytes", sizes[0], sizes[1], sizes[2])
	}
}

// TestWorkedExamplesParse parses every round of the worked example under
// the protocol it is shown with, for each kind of roster.
func TestWorkedExamplesParse(t *testing.T) {
	cat := builtinCatalog(t)
	cases := map[string]struct {
		roster   []*catalog.Entry
		wantTool string
		wantCode bool
	}{
		"exec":            {entries(t, cat, "exec", "workspace_write"), "", true},
		"workspace_write": {entries(t, cat, "read_file", "workspace_write"), "workspace_write", false},
		"another tool":    {entries(t, cat, "load_table", "web_fetch", "read_file"), "web_fetch", false},
		"no tool":         {nil, "", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := compose(t, instruction.Input{Roster: tc.roster})
			var sawTool, sawCode bool
			for _, r := range c.Example.Rounds {
				if !strings.Contains(c.Text(), r.Reply) {
					t.Errorf("example round not in the text: %q", r.Reply)
				}
				reply, err := instruction.ParseReply(r.Reply, c.Protocol)
				if err != nil {
					t.Fatalf("example does not parse under its protocol: %v\n%s", err, r.Reply)
				}
				for _, b := range reply.Blocks {
					if b.Channel == instruction.ChannelAction {
						sawTool = sawTool || b.Tool == tc.wantTool
						if !contains(c.Roster(), b.Tool) {
							t.Errorf("example calls %s, which is not in the roster", b.Tool)
						}
					}
					sawCode = sawCode || b.Channel == instruction.ChannelCode
				}
			}
			if tc.wantTool != "" && !sawTool {
				t.Errorf("example does not use %s", tc.wantTool)
			}
			if sawCode != tc.wantCode {
				t.Errorf("code rounds = %v, want %v", sawCode, tc.wantCode)
			}
		})
	}
}

func TestParseReply(t *testing.T) {
	three := instruction.Protocol{Channels: []string{"thinking", "action", "final"}}
	four := instruction.Protocol{Channels: []string{"thinking", "action", "final", "code"}}
	cases := []struct {
		name  string
		reply string
		p     instruction.Protocol
		ok    bool
	}{
		{"action", `<thinking>t</thinking><action tool="read_file">{"path":"a"}</action>`, three, true},
		{"final only", `<final>done</final>`, three, true},
		{"code under 4", "<thinking>t</thinking>\n<code>\nprint(1)\n</code>", four, true},
		{"code under 3 rejected", "<thinking>t</thinking>\n<code>\nprint(1)\n</code>", three, false},
		{"text outside", `hello <final>x</final>`, three, false},
		{"two steps", `<action tool="a">{}</action><action tool="b">{}</action>`, three, false},
		{"action not json", `<action tool="a">nope</action>`, three, false},
		{"thinking last", `<final>x</final><thinking>t</thinking>`, three, false},
		{"unclosed", `<final>x`, three, false},
		{"no tool attr", `<action>{}</action>`, three, false},
		{"a service tool named as MCP allows", `<action tool="everything.get-sum">{"a":1,"b":2}</action>`, three, true},
		{"a camelCase service tool", `<action tool="atlassian.getJiraIssue">{}</action>`, three, true},
		{"a native id keeps its rule", `<action tool="Read-File">{}</action>`, three, false},
		{"a name with a space", `<action tool="svc.get sum">{}</action>`, three, false},
		{"a dotted service tool name", `<action tool="svc.admin.tools.list">{}</action>`, three, true},
		{"a trailing dot", `<action tool="svc.admin.">{}</action>`, three, false},
		{"empty", `  `, three, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := instruction.ParseReply(tc.reply, tc.p)
			if (err == nil) != tc.ok {
				t.Errorf("ParseReply ok=%v, want %v (err %v)", err == nil, tc.ok, err)
			}
		})
	}
}

// TestServicesBlockListsExactlyConnected: the services block renders only
// for connected services the roster has tools of, and lists exactly those
// (a connected service without a tool in the roster is not taught).
func TestServicesBlockListsExactlyConnected(t *testing.T) {
	cat := builtinCatalog(t)
	full := fullCatalog(t)
	c := compose(t, instruction.Input{Roster: full.Entries()})
	if _, ok := c.Section("services"); ok || strings.Contains(c.Text(), "namespace") {
		t.Error("services vocabulary without connections")
	}
	c = compose(t, instruction.Input{Roster: cat.Entries(), Services: []string{"github", "jira"}})
	if _, ok := c.Section("services"); ok || strings.Contains(c.Text(), "namespace") {
		t.Error("services vocabulary for connected services the roster has no tool of")
	}
	c = compose(t, instruction.Input{Roster: full.Entries(), Services: []string{"github", "jira", "github"}})
	s, ok := c.Section("services")
	if !ok || !strings.HasSuffix(s.Text(), "Connected services with tools listed here: github.\n\n") {
		t.Errorf("services section = %q", s.Text())
	}
}

func TestSkillsSection(t *testing.T) {
	cat := builtinCatalog(t)
	skills := []instruction.Skill{
		{Slug: "q-report", Name: "Quarterly report", Summary: "Builds the quarterly report.", Version: 3, RequiredTools: []string{"read_spreadsheet"}},
		{Slug: "charts", Name: "Chart pack", Summary: "Makes charts.", Version: 1, RequiredTools: []string{"render_chart"}},
	}
	c := compose(t, instruction.Input{Roster: entries(t, cat, "read_spreadsheet"), Skills: skills})
	s, ok := c.Section("skills")
	if !ok || !strings.Contains(s.Text(), "Quarterly report (slug q-report, version 3)") || strings.Contains(s.Text(), "Chart pack") {
		t.Errorf("skills section = %q", s.Text())
	}
	if !strings.Contains(c.Text(), "### load_skill") {
		t.Error("skills listed without the loader tool in the catalog")
	}
	c = compose(t, instruction.Input{Roster: entries(t, cat, "read_file"), Skills: skills})
	if _, ok := c.Section("skills"); ok || strings.Contains(c.Text(), "load_skill") {
		t.Error("skills section present though no skill qualifies")
	}
}

func TestDeferredMode(t *testing.T) {
	cat := fullCatalog(t)
	c := compose(t, instruction.Input{Roster: cat.Entries(), Services: []string{"github"}, Options: instruction.Options{Deferred: true, Pins: []string{"read_file", "github.get_me", "nope"}}})
	s, _ := c.Section("catalog")
	text := s.Text()
	for _, want := range []string{"### search_tools", "### ask_user", "### read_file", "### github.get_me"} {
		if !strings.Contains(text, want) {
			t.Errorf("deferred catalog lacks %s", want)
		}
	}
	if strings.Contains(text, "### web_fetch") {
		t.Error("deferred catalog lists an unpinned tool")
	}
	visible := strings.Count(text, "\n### ")
	m := regexp.MustCompile(`(\d+) more tools are reachable through search_tools`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("no reachable-count line")
	}
	var more int
	fmt.Sscan(m[1], &more)
	// code-only helpers are never reachable through search: they come with
	// exec, which is neither always-on nor pinned here
	codeOnly := 0
	for _, e := range cat.Entries() {
		if e.Contract().CodeOnly {
			codeOnly++
		}
	}
	if visible-1+more+codeOnly != cat.Len() {
		t.Errorf("%d listed (incl. search) + %d reachable + %d code-only != %d tools", visible, more, codeOnly, cat.Len())
	}
	if c.Options.Pins[len(c.Options.Pins)-1] == "nope" {
		t.Error("a pin outside the roster was kept")
	}
}

func TestDeterministicAndOrdered(t *testing.T) {
	cat := builtinCatalog(t)
	r := entries(t, cat, "web_fetch", "read_file", "exec")
	a := compose(t, instruction.Input{Roster: r, Services: []string{"github"}})
	b := compose(t, instruction.Input{Roster: r, Services: []string{"github"}})
	if a.Text() != b.Text() {
		t.Fatal("same input, different bytes")
	}
	if strings.Join(a.Roster(), ",") != "web_fetch,read_file,exec" {
		t.Errorf("roster order %v", a.Roster())
	}
	text := a.Text()
	if !(strings.Index(text, "### web_fetch") < strings.Index(text, "### read_file") && strings.Index(text, "### read_file") < strings.Index(text, "### exec")) {
		t.Error("catalog does not follow roster order")
	}
}

func TestSectionsObeyBoundaryRule(t *testing.T) {
	cat := fullCatalog(t)
	c := compose(t, instruction.Input{Roster: cat.Entries(), Services: []string{"github"}, Skills: []instruction.Skill{{Slug: "a", Name: "A", Summary: "s", Version: 1}}})
	for _, s := range c.Sections {
		for _, u := range s.Units {
			if u.Text == "" || strings.ContainsAny(u.Text[:1], " \t\r\n/") || !strings.HasSuffix(u.Text, "\n") {
				t.Errorf("section %s unit breaks the boundary rule: %q", s.ID, u.Text[:min(30, len(u.Text))])
			}
		}
	}
}

func TestBadOptions(t *testing.T) {
	_, err := instruction.Compose(instruction.Input{Options: instruction.Options{Tier: "huge", CatalogForm: "full"}})
	if fe, ok := err.(*instruction.FieldError); !ok || fe.Field != "tier" {
		t.Errorf("err = %v", err)
	}
	_, err = instruction.Compose(instruction.Input{Options: instruction.Options{Tier: "full", CatalogForm: "tiny"}})
	if fe, ok := err.(*instruction.FieldError); !ok || fe.Field != "catalog_form" {
		t.Errorf("err = %v", err)
	}
}

func TestGoldenCompositions(t *testing.T) {
	cat := builtinCatalog(t)
	full := fullCatalog(t)
	type golden struct {
		name string
		in   instruction.Input
	}
	cases := []golden{
		{"no-tools", instruction.Input{}},
		{"exec-only", instruction.Input{Roster: entries(t, cat, "exec")}},
		{"default-without-exec", instruction.Input{Roster: without(cat, "exec")}},
		{"default-full", instruction.Input{Roster: cat.Entries()}},
		{"with-github", instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Options: instruction.Options{CatalogForm: catalog.FormCompact}}},
		{"without-github", instruction.Input{Roster: cat.Entries(), Options: instruction.Options{CatalogForm: catalog.FormCompact}}},
		{"deferred", instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Options: instruction.Options{Deferred: true, Pins: []string{"read_file"}}}},
	}
	for _, tier := range instruction.Tiers {
		for _, form := range forms {
			cases = append(cases, golden{"tier-" + tier + "-" + form, instruction.Input{Roster: entries(t, cat, "exec", "read_file", "render_chart", "web_search", "load_table"), Options: instruction.Options{Tier: tier, CatalogForm: form}}})
		}
	}
	for _, g := range cases {
		c := compose(t, g.in)
		path := filepath.Join("testdata", g.name+".txt")
		if *update {
			if err := os.WriteFile(path, []byte(c.Text()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./instruction -update)", err)
		}
		if string(want) != c.Text() {
			t.Errorf("%s differs from %s; review with -update and git diff", g.name, path)
		}
	}
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
