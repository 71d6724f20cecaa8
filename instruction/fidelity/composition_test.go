package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

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

func pick(t testing.TB, cat *catalog.Catalog, keep func(catalog.Contract) bool) []*catalog.Entry {
	var out []*catalog.Entry
	for _, e := range cat.Entries() {
		if keep(e.Contract()) {
			out = append(out, e)
		}
	}
	return out
}

// TestBuiltinCompositionsAreClean: for every subset of the
// capability-bearing builtin tools (exec with and without code-only
// helpers), every tier, form and deferred setting, the composed text
// teaches nothing outside its roster — the instruction's own blocks and
// the builtin contracts included.
func TestBuiltinCompositionsAreClean(t *testing.T) {
	cat := catalogtest.New(t, catalogtest.Builtin(t))
	ch := fidelity.ForComposition(cat.Contracts())
	bearing := []string{"exec", "render_chart", "web_fetch", "workspace_write", "read_file", "load_table", "ask_user"}
	for mask := 0; mask < 1<<len(bearing); mask++ {
		have := map[string]bool{}
		for i, id := range bearing {
			have[id] = mask&(1<<i) != 0
		}
		isBearing := map[string]bool{}
		for _, id := range bearing {
			isBearing[id] = true
		}
		roster := pick(t, cat, func(c catalog.Contract) bool {
			if isBearing[c.ID] {
				return have[c.ID]
			}
			// the other tools of a bearing class come and go with it
			switch c.Class {
			case catalog.ClassRendering:
				return have["render_chart"]
			case catalog.ClassWeb:
				return have["web_fetch"]
			}
			if c.CodeOnly {
				return have["load_table"]
			}
			return mask%3 == 0
		})
		for _, tier := range instruction.Tiers {
			for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
				for _, deferred := range []bool{false, true} {
					in := instruction.Input{Roster: roster, Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: form, Deferred: deferred}}
					steps := []instruction.Input{in}
					if deferred {
						// a later step of a run: search receipts activated the
						// bearing tools, whose capability blocks and channel
						// text follow in the activated section
						step := in
						for _, e := range roster {
							if isBearing[e.Contract().ID] && !e.Contract().CodeOnly && !e.Contract().AlwaysOn {
								step.Activated = append(step.Activated, e.Contract().ID)
							}
						}
						steps = append(steps, step)
					}
					for _, in := range steps {
						c := compose(t, in)
						for _, f := range ch.CheckComposition(c) {
							t.Errorf("%v %s/%s/deferred=%v activated=%v: %s teaches %s %s via %q: …%s…", c.Roster(), tier, form, deferred, in.Activated, f.Section, f.Kind, f.Tool, f.Signal, f.Excerpt)
						}
					}
				}
			}
		}
	}
}

// TestGitHubCompositions: with the whole GitHub fixture the text is clean;
// each real description that names a sibling tool is reported exactly when
// that sibling is left out of the roster.
func TestGitHubCompositions(t *testing.T) {
	full := catalogtest.Full(t)
	ch := fidelity.ForComposition(full.Contracts())
	for _, tier := range instruction.Tiers {
		for _, deferred := range []bool{false, true} {
			c := compose(t, instruction.Input{Roster: full.Entries(), Services: []string{"github"}, Options: instruction.Options{Tier: tier, CatalogForm: catalog.FormCompact, Deferred: deferred, Pins: []string{"github.issue_write"}}})
			// label_write's description names 'update_issue', a tool the
			// fixture does not have: the one real finding
			for _, f := range ch.CheckComposition(c) {
				if f.Tool != "update_issue" && !deferred {
					t.Errorf("whole fixture %s: %s teaches %s %s via %q: …%s…", tier, f.Section, f.Kind, f.Tool, f.Signal, f.Excerpt)
				}
			}
		}
	}
	siblings := map[string]string{
		"github.list_issue_types":        "github.issue_write",
		"github.list_issue_fields":       "github.issue_write",
		"github.assign_copilot_to_issue": "github.assign_copilot_to_issue_with_intent",
		"github.search_pull_requests":    "github.list_pull_requests",
		"github.pull_request_read":       "github.pull_request_review_write",
	}
	for missing, teller := range siblings {
		c := compose(t, instruction.Input{Roster: pick(t, full, func(k catalog.Contract) bool { return k.ID != missing }), Services: []string{"github"}})
		var got []string
		for _, f := range ch.CheckComposition(c) {
			got = append(got, f.Tool)
			if f.Tool != missing && f.Tool != "update_issue" {
				t.Errorf("without %s: unexpected %s %s via %q: …%s…", missing, f.Kind, f.Tool, f.Signal, f.Excerpt)
			}
		}
		if len(got) == 0 {
			t.Errorf("without %s: %s names it, but no finding", missing, teller)
		}
	}
}

// TestCheckCompositionConcurrent: one checker serves concurrent requests
// (run with -race); every goroutine gets the same findings.
func TestCheckCompositionConcurrent(t *testing.T) {
	full := catalogtest.Full(t)
	ch := fidelity.ForComposition(full.Contracts())
	c := compose(t, instruction.Input{Roster: full.Entries(), Services: []string{"github"}})
	want := len(ch.CheckComposition(c))
	errs := make(chan int, 8)
	for g := 0; g < 8; g++ {
		go func() { errs <- len(ch.CheckComposition(c)) }()
	}
	for g := 0; g < 8; g++ {
		if got := <-errs; got != want {
			t.Errorf("concurrent check found %d, want %d", got, want)
		}
	}
}
