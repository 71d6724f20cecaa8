package instruction_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
)

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
