package instruction_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

func step(t testing.TB, in instruction.Input, activated ...string) instruction.Composition {
	t.Helper()
	in.Options.Deferred = true
	in.Activated = activated
	return compose(t, in)
}

// prefixText is the text before the activated section.
func prefixText(c instruction.Composition) string {
	var b strings.Builder
	for _, s := range c.Sections {
		if s.ID == instruction.SectionActivated {
			break
		}
		b.WriteString(s.Text())
	}
	return b.String()
}

// checkStep asserts what every deferred step must hold: the worked
// example parses under the step's protocol and calls only active tools;
// the channel count matches exec's activity and the text says it; no
// signal of an inactive tool appears; a capability block is present iff an
// active tool brings it.
func checkStep(t *testing.T, name string, c instruction.Composition, linter *instruction.Linter, cat *catalog.Catalog) {
	t.Helper()
	checkStepEntries(t, name, c, cat)
	t.Helper()
	active := map[string]bool{instruction.SearchToolID: true}
	for _, id := range c.Active {
		active[id] = true
	}
	for _, r := range c.Example.Rounds {
		reply, err := instruction.ParseReply(r.Reply, c.Protocol)
		if err != nil {
			t.Fatalf("%s: worked example does not parse under the step's protocol: %v", name, err)
		}
		for _, b := range reply.Blocks {
			if b.Channel == instruction.ChannelAction && !active[b.Tool] {
				t.Errorf("%s: worked example calls %s, which is not active", name, b.Tool)
			}
			if b.Channel == instruction.ChannelCode && !active["exec"] {
				t.Errorf("%s: worked example has a code round without exec", name)
			}
		}
	}
	want := 3
	if active["exec"] {
		want = 4
	}
	if c.Channels() != want || !strings.Contains(c.Text(), fmt.Sprintf("%d channel types", want)) {
		t.Errorf("%s: %d channels, want %d said in the text", name, c.Channels(), want)
	}
	if !active["exec"] && strings.Contains(c.Text(), "<code>") {
		t.Errorf("%s: teaches the code channel without exec active", name)
	}
	if linter != nil {
		for _, f := range linter.LintComposition(c) {
			t.Errorf("%s: %s teaches inactive %s via %q: …%s…", name, f.Section, f.Tool, f.Signal, f.Excerpt)
		}
	}
	has := func(class catalog.Class) bool {
		for id := range active {
			if e, ok := cat.Get(id); ok && e.Contract().Class == class && !e.Contract().CodeOnly {
				return true
			}
		}
		return false
	}
	text := c.Text()
	for block, on := range map[string]bool{"# The code channel": active["exec"], "# Showing results visually": has(catalog.ClassRendering), "# Working with the web": has(catalog.ClassWeb)} {
		if c.Options.Tier == instruction.TierStandard && strings.Contains(text, block) != on {
			t.Errorf("%s: block %q present=%v, want %v", name, block, !on, on)
		}
	}
}

// checkStepEntries asserts that no inactive tool's catalog entry appears,
// in either form, and that every active one does.
func checkStepEntries(t *testing.T, name string, c instruction.Composition, cat *catalog.Catalog) {
	t.Helper()
	active := map[string]bool{}
	for _, id := range c.Active {
		active[id] = true
	}
	text := c.Text()
	for _, id := range c.Roster() {
		e, _ := cat.Get(id)
		if e.Contract().CodeOnly {
			if in := strings.Contains(text, e.Render(c.Options.CatalogForm).Text); in != active["exec"] {
				t.Errorf("%s: code-only %s listed=%v with exec active=%v", name, id, in, active["exec"])
			}
			continue
		}
		for _, form := range forms {
			if in := strings.Contains(text, e.Render(form).Text); in != (active[id] && form == c.Options.CatalogForm) {
				t.Errorf("%s: %s entry (%s form) listed=%v, active=%v", name, id, form, in, active[id])
			}
		}
	}
}

// TestDeferredFirstStepTeachesOnlyCallableTools reproduces `console
// compose --tools read_file,web_fetch,workspace_write --deferred`: the
// first step said two tools could be called while its worked example
// called workspace_write, and with exec deferred it still taught 4
// channel types and code rounds.
func TestDeferredFirstStepTeachesOnlyCallableTools(t *testing.T) {
	cat := builtinCatalog(t)
	linter := instruction.NewLinter(cat.Contracts())
	for name, ids := range map[string][]string{
		"read_file,web_fetch,workspace_write": {"read_file", "web_fetch", "workspace_write"},
		"with exec":                           {"exec", "read_file", "web_fetch", "workspace_write", "load_table"},
	} {
		for _, tier := range instruction.Tiers {
			for _, form := range forms {
				c := step(t, instruction.Input{Roster: entries(t, cat, ids...), Options: instruction.Options{Tier: tier, CatalogForm: form}})
				checkStep(t, fmt.Sprintf("%s/%s/%s", name, tier, form), c, linter, cat)
				if len(c.Active) != 0 {
					t.Errorf("%s: active %v on the first step without always-on tools or pins", name, c.Active)
				}
			}
		}
	}
}

// TestDeferredStepsExhaustive activates every subset of the
// capability-bearing tools on a surface of the whole builtin catalog, in
// every tier and form: each step keeps the first step's text as its
// byte-identical prefix and teaches exactly its active tools.
func TestDeferredStepsExhaustive(t *testing.T) {
	cat := builtinCatalog(t)
	linter := instruction.NewLinter(cat.Contracts())
	bearing := []string{"exec", "render_chart", "render_diagram", "web_search", "web_fetch", "workspace_write", "read_file", "memory_read"}
	for _, tier := range instruction.Tiers {
		for _, form := range forms {
			in := instruction.Input{Roster: cat.Entries(), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: form, Pins: []string{"list_files"}}}
			first := step(t, in)
			checkStep(t, tier+"/"+form+"/first", first, linter, cat)
			for mask := 1; mask < 1<<len(bearing); mask++ {
				var act []string
				for i, id := range bearing {
					if mask&(1<<i) != 0 {
						act = append(act, id)
					}
				}
				name := fmt.Sprintf("%s/%s/%v", tier, form, act)
				c := step(t, in, act...)
				checkStep(t, name, c, linter, cat)
				if got := prefixText(c); got != first.Text() {
					t.Fatalf("%s: prefix differs from the first step's text", name)
				}
				if _, ok := c.Section(instruction.SectionActivated); !ok {
					t.Fatalf("%s: no activated section", name)
				}
			}
		}
	}
}

// TestDeferredStepsProperty: random surfaces (the builtin catalog plus the
// GitHub service, random always-on flags and pins) and random activation
// sequences: the prefix never changes within a run and every step lists
// exactly its active tools' entries. (The GitHub fixture's own
// descriptions name sibling tools, which the signal linter reports in any
// mode; the linter half of the check runs on builtin-only surfaces.)
func TestDeferredStepsProperty(t *testing.T) {
	all := fullCatalog(t).Contracts()
	nBuiltin := builtinCatalog(t).Len()
	rng := rand.New(rand.NewPCG(3, 13))
	for iter := 0; iter < 60; iter++ {
		var cs []catalog.Contract
		pool := all
		if iter%2 == 0 {
			pool = all[:nBuiltin]
		}
		for _, i := range rng.Perm(len(pool))[:5+rng.IntN(min(40, len(pool)-5))] {
			c := pool[i]
			c.AlwaysOn = !c.CodeOnly && rng.IntN(8) == 0
			cs = append(cs, c)
		}
		cat, err := catalog.New(cs)
		if err != nil {
			t.Fatal(err)
		}
		var pins, searchable []string
		for _, c := range cs {
			switch {
			case c.CodeOnly || c.AlwaysOn:
			case rng.IntN(10) == 0:
				pins = append(pins, c.ID)
			default:
				searchable = append(searchable, c.ID)
			}
		}
		var linter *instruction.Linter
		if iter%2 == 0 {
			linter = instruction.NewLinter(pool)
		}
		tier := instruction.Tiers[rng.IntN(3)]
		form := forms[rng.IntN(2)]
		in := instruction.Input{Roster: cat.Entries(), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: form, Pins: pins}}
		first := step(t, in)
		checkStep(t, fmt.Sprintf("iter %d first", iter), first, linter, cat)
		for s := 0; s < 4 && len(searchable) > 0; s++ {
			var act []string
			for _, i := range rng.Perm(len(searchable))[:1+rng.IntN(min(5, len(searchable)))] {
				act = append(act, searchable[i])
			}
			c := step(t, in, act...)
			name := fmt.Sprintf("iter %d step %d %v", iter, s, act)
			checkStep(t, name, c, linter, cat)
			if prefixText(c) != first.Text() {
				t.Fatalf("%s: prefix changed", name)
			}
		}
	}
}

func TestDeferredStepRefusesUnreachableActivation(t *testing.T) {
	cat := builtinCatalog(t)
	for _, id := range []string{"load_table", "nope"} {
		in := instruction.Input{Roster: entries(t, cat, "read_file", "load_table"), Activated: []string{id}, Options: instruction.Options{Tier: instruction.TierStandard, CatalogForm: catalog.FormFull, Deferred: true}}
		if _, err := instruction.Compose(in); err == nil || !strings.HasPrefix(err.Error(), "activated:") {
			t.Errorf("activating %s: %v, want an error on activated", id, err)
		}
	}
}
