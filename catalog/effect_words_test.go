package catalog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDescriptionsThatContradictTheirHints holds the contradiction check
// to a labelled set of real descriptions: the 131 tools of
// testdata/servers (published MCP servers) with the hints their servers
// state, none of which contradicts its words; the same descriptions with
// a hint their words contradict (a deleting tool hinted read-only or
// workspace-write, a writing tool hinted read-only), each flagged naming
// the word; and reading tools whose descriptions hold write-like nouns
// ("text", "commits", "changes", "messages"), never flagged.
func TestDescriptionsThatContradictTheirHints(t *testing.T) {
	files, err := filepath.Glob("testdata/servers/*.tools.json")
	if err != nil || len(files) == 0 {
		t.Fatal("no server tools files")
	}
	byName := map[string]Contract{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range ParseEach(FormatMCP, b, "x", false).Contracts {
			byName[strings.TrimPrefix(c.ID, "x.")] = c
			if msg := EffectsContradiction(c.Purpose, c.Effects); msg != "" {
				t.Errorf("%s, hinted %s by its server, flagged: %s", c.ID, c.Effects, msg)
			}
		}
	}
	if len(byName) < 120 {
		t.Fatalf("%d real tools, want the servers' 131", len(byName))
	}
	destroys := map[string]string{"firecrawl_monitor_delete": "delete", "write_file": "overwrite", "delete_entities": "delete", "delete_observations": "delete",
		"delete_relations": "delete", "API-delete-a-block": "delete", "browser_drop": "drop"}
	writes := []string{"firecrawl_feedback", "create_directory", "git_add", "git_create_branch", "create_entities", "add_observations", "firecrawl_monitor_update", "move_file"}
	reads := []string{"read_file", "read_text_file", "git_status", "git_diff", "git_log", "git_show", "search_nodes", "open_nodes", "get_current_time", "convert_time",
		"browser_console_messages", "browser_find", "browser_wait_for", "resolve-library-id", "firecrawl_research_read_paper"}
	get := func(name string) Contract {
		c, ok := byName[name]
		if !ok {
			t.Fatalf("no real tool %s", name)
		}
		return c
	}
	for name, word := range destroys {
		c := get(name)
		for _, hint := range []Effects{EffectsReadOnly, EffectsWorkspaceWrite, EffectsExternalWrite} {
			if msg := EffectsContradiction(c.Purpose, hint); !strings.Contains(msg, `"`) || !strings.Contains(strings.ToLower(msg), word) {
				t.Errorf("%s hinted %s: %q, want a flag naming %q", name, hint, msg, word)
			}
		}
	}
	for _, name := range writes {
		c := get(name)
		if msg := EffectsContradiction(c.Purpose, EffectsReadOnly); msg == "" {
			t.Errorf("%s hinted read-only is not flagged (%q)", name, firstSentence(c.Purpose))
		}
		if msg := EffectsContradiction(c.Purpose, EffectsWorkspaceWrite); msg != "" && !strings.Contains(msg, "destructive") {
			t.Errorf("%s hinted workspace-write: %s", name, msg)
		}
	}
	for _, name := range reads {
		c := get(name)
		if msg := EffectsContradiction(c.Purpose, EffectsReadOnly); msg != "" {
			t.Errorf("%s (a reading tool) hinted read-only is flagged: %s", name, msg)
		}
	}
	for desc, flagged := range map[string]bool{
		"Deletes everything in the workspace.":             true,
		"Permanently removes the selected rows.":           true,
		"Annihilates the index.":                           true, // a verb the lexicon relates to destroy
		"Lists files. It never deletes anything.":          false,
		"Read-only: does not delete or modify files.":      false,
		"Returns the records that were deleted last week.": false,
		"Search deleted messages in the archive":           false,
	} {
		if got := EffectsContradiction(desc, EffectsReadOnly) != ""; got != flagged {
			t.Errorf("%q hinted read-only: flagged %v, want %v", desc, got, flagged)
		}
	}
}
