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
