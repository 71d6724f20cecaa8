package fidelity_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestMisreadingsOfRealDescriptions: the classes of false finding the
// real servers raised (a status named after an identifier, a parameter's
// dotted path, a verb after a comma, a long quoted title) are no longer
// read as tools, while the same words used as a tool still are.
func TestMisreadingsOfRealDescriptions(t *testing.T) {
	resolve := catalog.Contract{ID: "docs.resolve-library-id", Title: "Resolve Docs Library ID", Purpose: "Resolves a library id.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	query := catalog.Contract{ID: "docs.query-docs", Title: "Query Documentation", Purpose: "Queries the docs.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	scrape := catalog.Contract{ID: "firecrawl.scrape", Title: "Scrape", Purpose: "Scrapes a page.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	ch := fidelity.New([]catalog.Contract{resolve, query, scrape})
	appender := catalog.Contract{ID: "docs.append_content", Title: "Append content", Purpose: "Appends content.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, Version: "1",
		Params: []catalog.Param{{Name: "position", Type: "object", Properties: []catalog.Param{{Name: "after_block", Type: "string"}}}}}
	only := fidelity.NewScope([]catalog.Contract{query, appender})
	for _, tc := range []struct {
		text, want string // want: the finding's tool, "" for none
	}{
		{"Simulates a query that requires clarification (triggers input_required status).", ""},
		{"On 2025-09-03+, put the initial schema under initial_data_source.properties.", ""},
		{"Returns stable block IDs for position.after_block, in order.", ""},
		{"Returns stable block IDs that can be used with position.after_block.", ""},
		{"If 4 calls do not find what you need, go with the best result so far.", ""},
		{"Keep going with more hits before finishing. A `similar` call already runs a DEEP expansion.", ""},
		{"The hosted server calls /v2/parse server-side with your session.", ""},
		{`"urls": ["https://docs.firecrawl.dev", "https://firecrawl.dev/pricing"]`, ""},
		{"Excludes a domain: `-site:firecrawl.dev`; related pages: `related:firecrawl.dev`.", ""},
		// the same words used as tools stay findings
		{"When clarification is needed, call input_required first.", "input_required"},
		{"After 3 calls, use fetch_more to page on.", "fetch_more"},
		{"Then call acme.ship with the order.", "acme.ship"},
		{"Then call firecrawl.scrape on the page.", "firecrawl.scrape"},
		{"Then call v2_parse server-side.", "v2_parse"},
		{"You must call 'Resolve Docs Library ID' tool first to get an id.", "docs.resolve-library-id"},
	} {
		fs := ch.Check(tc.text, only)
		switch {
		case tc.want == "" && len(fs) > 0:
			t.Errorf("%q: false finding %+v", tc.text, fs)
		case tc.want != "" && (len(fs) == 0 || fs[0].Tool != tc.want):
			t.Errorf("%q: want a finding of %s, got %+v", tc.text, tc.want, fs)
		}
	}
}

// TestRunnerEntryDescribesItself: a service tool that runs code itself
// (pods_exec, browser_run_code) may say so in its own catalog entry
// without teaching the code channel; the same words in another tool's
// entry, or with the runner absent, still do.
func TestRunnerEntryDescribesItself(t *testing.T) {
	runner := catalog.Contract{ID: "box.run_code", Title: "Run box code", Purpose: "Run code in the box; the command will be executed as root.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, Version: "1"}
	notes := catalog.Contract{ID: "box.notes", Title: "Box notes", Purpose: "Reads notes. To parse them, write a Python script.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	cat := catalogtest.New(t, append(catalogtest.Builtin(t), runner, notes))
	ch := fidelity.ForComposition(cat.Contracts())
	for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
		for _, withNotes := range []bool{false, true} {
			roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == runner.ID || withNotes && k.ID == notes.ID })
			c := compose(t, instruction.Input{Roster: roster, Services: []string{"box"}, Options: instruction.Options{CatalogForm: form}})
			var execs int
			for _, f := range ch.CheckComposition(c) {
				if f.Kind != fidelity.KindExec {
					t.Errorf("%s: unexpected %+v", form, f)
					continue
				}
				execs++
				if !strings.Contains(f.Excerpt, "Python") {
					t.Errorf("%s: the runner's own entry read as exec: %+v", form, f)
				}
			}
			if withNotes && execs == 0 {
				t.Errorf("%s: box.notes teaches writing a Python script without exec, no finding", form)
			}
		}
	}
}

// TestServiceEntrySpeaksOfItself: a service tool's own entry that uses a
// console tool's signal as plain words ("the most powerful web search
// tool available", "enable web search") describes itself and is clean; a
// service entry that sends the reader to the console tool ("use web
// search first") is still a finding, and so is the phrase in the body.
func TestServiceEntrySpeaksOfItself(t *testing.T) {
	self := catalog.Contract{ID: "crawl.search", Title: "Crawl search", Purpose: "This is the most powerful web search tool available. Enable web search for additional context.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	other := catalog.Contract{ID: "crawl.pages", Title: "Crawl pages", Purpose: "Reads pages. To find the URL, use web search first.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	cat := catalogtest.New(t, append(catalogtest.Builtin(t), self, other))
	ch := fidelity.ForComposition(cat.Contracts())
	for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
		for _, withOther := range []bool{false, true} {
			roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == self.ID || withOther && k.ID == other.ID })
			c := compose(t, instruction.Input{Roster: roster, Services: []string{"crawl"}, Options: instruction.Options{CatalogForm: form}})
			var found int
			for _, f := range ch.CheckComposition(c) {
				found++
				if f.Tool != "web_search" || !strings.Contains(f.Excerpt, "use web search first") {
					t.Errorf("%s: unexpected %+v", form, f)
				}
			}
			if withOther && found == 0 {
				t.Errorf("%s: crawl.pages sends the reader to web search, no finding", form)
			}
		}
	}
	if fs := ch.Check("This is the most powerful web search tool available.", fidelity.NewScope([]catalog.Contract{self})); len(fs) == 0 {
		t.Error("outside a service's own entry the web search tool is still taught, no finding")
	}
}
