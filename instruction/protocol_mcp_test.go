package instruction_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// channelTag finds any tag of the text protocol's channels.
var channelTag = regexp.MustCompile(`</?(thinking|action|final|code)\b`)

// mcpCase is one gate of the MCP protocol tests.
type mcpCase struct {
	name      string
	roster    []*catalog.Entry
	deferred  bool
	activated []string
	channels  int
}

func mcpCases(t *testing.T) []mcpCase {
	cat := builtinCatalog(t)
	full := fullCatalog(t)
	return []mcpCase{
		{name: "exec", roster: cat.Entries(), channels: 4},
		{name: "no exec", roster: without(cat, "exec"), channels: 3},
		{name: "one tool", roster: entries(t, cat, "read_file"), channels: 3},
		{name: "no tools", roster: nil, channels: 2},
		{name: "deferred, exec reachable", roster: full.Entries(), deferred: true, channels: 3},
		{name: "deferred, exec activated", roster: full.Entries(), deferred: true, activated: []string{"exec"}, channels: 4},
		{name: "deferred, web activated", roster: full.Entries(), deferred: true, activated: []string{"web_fetch"}, channels: 3},
		{name: "deferred, no exec", roster: without(full, "exec"), deferred: true, channels: 3},
	}
}

// TestMCPProtocolTeachesToolCallsNotTags: for every gate (3 and 4
// channels, none callable, deferred on and off, exec activated or not),
// every tier and both catalog forms, the MCP form of the instruction
// writes no channel tag, counts the same channels as the text protocol,
// says tool use happens through the client's tool calls, and names
// search_tools exactly when search can reach a tool.
func TestMCPProtocolTeachesToolCallsNotTags(t *testing.T) {
	for _, tc := range mcpCases(t) {
		for _, tier := range instruction.Tiers {
			for _, form := range forms {
				name := fmt.Sprintf("%s/%s/%s", tc.name, tier, form)
				opts := instruction.Options{Tier: tier, CatalogForm: form, Deferred: tc.deferred, Host: instruction.HostMCP}
				c := compose(t, instruction.Input{Roster: tc.roster, Services: []string{"github"}, Activated: tc.activated, Options: opts})
				text := c.Text()
				if m := channelTag.FindString(text); m != "" {
					t.Errorf("%s: the MCP instruction writes the tag %q", name, m)
				}
				opts.Host = ""
				tags := compose(t, instruction.Input{Roster: tc.roster, Services: []string{"github"}, Activated: tc.activated, Options: opts})
				if !channelTag.MatchString(tags.Text()) {
					t.Errorf("%s: the text protocol teaches no tag (the comparison proves nothing)", name)
				}
				if c.Channels() != tags.Channels() || c.Channels() != tc.channels {
					t.Errorf("%s: %d channels in MCP form, %d in text form, want %d", name, c.Channels(), tags.Channels(), tc.channels)
				}
				if tier != instruction.TierCompact || !tc.deferred || len(tc.activated) == 0 {
					// the count is stated where the protocol is taught: the prefix's
					// count, and the activated section's when exec activates
					if want := fmt.Sprintf("%d channel types", tc.channels); !strings.Contains(text, want) {
						t.Errorf("%s: the MCP protocol does not say %q", name, want)
					}
				}
				callable := tc.channels > 2
				if got := strings.Contains(text, "your client's"); got != callable {
					t.Errorf("%s: names the client's tool calls = %v, want %v", name, got, callable)
				}
				searches := tc.deferred
				if got := strings.Contains(text, "calling the search_tools tool"); got != searches {
					t.Errorf("%s: teaches calling search_tools = %v, want %v", name, got, searches)
				}
				if tc.channels == 4 && !strings.Contains(text, "as its `code` argument") {
					t.Errorf("%s: the code channel is not taught as an exec call", name)
				}
			}
		}
	}
}

// TestMCPOnlyTheProtocolWordingDiffers: the MCP form teaches the same
// body, services and catalog entries as the text form; only the protocol
// section, the deferred catalog's header and the code channel's notes
// differ.
func TestMCPOnlyTheProtocolWordingDiffers(t *testing.T) {
	for _, tc := range mcpCases(t) {
		for _, tier := range instruction.Tiers {
			opts := instruction.Options{Tier: tier, CatalogForm: catalog.FormFull, Deferred: tc.deferred}
			in := instruction.Input{Roster: tc.roster, Services: []string{"github"}, Activated: tc.activated, Options: opts}
			tags := compose(t, in)
			in.Options.Host = instruction.HostMCP
			mcp := compose(t, in)
			if len(tags.Sections) != len(mcp.Sections) {
				t.Fatalf("%s/%s: %d sections in text form, %d in MCP form", tc.name, tier, len(tags.Sections), len(mcp.Sections))
			}
			for i, s := range tags.Sections {
				m := mcp.Sections[i]
				if s.ID != m.ID {
					t.Errorf("%s/%s: section %d is %s in text form, %s in MCP form", tc.name, tier, i, s.ID, m.ID)
					continue
				}
				if s.Group == instruction.GroupBody && s.Text() != m.Text() && strings.Replace(s.Text(), "your final summary", "your reply to the user", 1) != m.Text() {
					t.Errorf("%s/%s: body section %s differs between the forms", tc.name, tier, s.ID)
				}
				if s.Group == instruction.GroupProtocol && s.Text() == m.Text() {
					t.Errorf("%s/%s: protocol section %s is the same in both forms", tc.name, tier, s.ID)
				}
			}
			if fmt.Sprint(tags.Active, tags.Unusable, tags.Roster()) != fmt.Sprint(mcp.Active, mcp.Unusable, mcp.Roster()) {
				t.Errorf("%s/%s: the forms differ in what the step may use", tc.name, tier)
			}
		}
	}
}

// TestMCPStablePrefix: in MCP form, every step of a deferred run teaches
// the same text up to its activated section.
func TestMCPStablePrefix(t *testing.T) {
	full := fullCatalog(t)
	for _, tier := range instruction.Tiers {
		var prefix string
		for i, act := range [][]string{nil, {"web_fetch"}, {"exec"}, {"web_fetch", "exec"}} {
			c := compose(t, instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Activated: act,
				Options: instruction.Options{Tier: tier, CatalogForm: catalog.FormCompact, Deferred: true, Host: instruction.HostMCP}})
			var b strings.Builder
			for _, s := range c.Sections {
				if s.ID == instruction.SectionActivated {
					break
				}
				b.WriteString(s.Text())
			}
			if i == 0 {
				prefix = b.String()
				if prefix != c.Text() {
					t.Fatalf("%s: a step with nothing activated has an activated section", tier)
				}
				continue
			}
			if b.String() != prefix {
				t.Errorf("%s: the step activating %v changes the stable prefix", tier, act)
			}
		}
	}
}

// TestMCPRosterProof: the MCP form is roster-proof like the text form: no
// composition without a tool teaches that tool.
func TestMCPRosterProof(t *testing.T) {
	cat := builtinCatalog(t)
	linter := instruction.NewLinter(cat.Contracts())
	for _, e := range cat.Entries() {
		for _, tier := range instruction.Tiers {
			for _, deferred := range []bool{false, true} {
				c := compose(t, instruction.Input{Roster: without(cat, e.ID()), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: catalog.FormCompact, Deferred: deferred, Host: instruction.HostMCP}})
				for _, f := range linter.LintComposition(c) {
					t.Errorf("without %s (%s, deferred=%v): section %s teaches %s via %q: …%s…", e.ID(), tier, deferred, f.Section, f.Tool, f.Signal, f.Excerpt)
				}
			}
		}
	}
}

// TestBadHost: an unknown host is refused, naming the field.
func TestBadHost(t *testing.T) {
	_, err := instruction.Compose(instruction.Input{Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: catalog.FormFull, Host: "tags"}})
	if err == nil || !strings.HasPrefix(err.Error(), "host: ") {
		t.Fatalf("err = %v, want one naming host", err)
	}
}

// TestMCPWordingHasNoTextProtocolTerms: no MCP instruction, in any case,
// tier or form (and with tools activated), speaks of a "final summary"
// or of tools callable "from this reply on": an MCP client's model
// replies to the user and calls tools through its client.
func TestMCPWordingHasNoTextProtocolTerms(t *testing.T) {
	full := fullCatalog(t).Entries()
	cases := append(mcpCases(t), mcpCase{name: "deferred, two activated", roster: full, deferred: true, activated: []string{"web_fetch", "exec"}},
		mcpCase{name: "deferred, one activated", roster: full, deferred: true, activated: []string{"web_fetch"}})
	for _, tc := range cases {
		for _, tier := range instruction.Tiers {
			for _, form := range forms {
				opts := instruction.Options{Tier: tier, CatalogForm: form, Deferred: tc.deferred, Host: instruction.HostMCP}
				text := compose(t, instruction.Input{Roster: tc.roster, Services: []string{"github"}, Activated: tc.activated, Options: opts}).Text()
				for _, term := range []string{"final summary", "from this reply on"} {
					if strings.Contains(text, term) {
						t.Errorf("%s/%s/%s: the MCP form says %q", tc.name, tier, form, term)
					}
				}
			}
		}
	}
}
