package fidelity_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

func contractsOf(t *testing.T, w world, ids ...string) []catalog.Contract {
	t.Helper()
	var out []catalog.Contract
	for _, id := range ids {
		k, ok := w.byID[id]
		if !ok {
			t.Fatalf("no tool %s", id)
		}
		out = append(out, k)
	}
	return out
}

// TestCheckKinds: each kind of teaching is reported with its kind and the
// tool it teaches; the same words are silent when the roster has it.
func TestCheckKinds(t *testing.T) {
	_, w := loadCorpus(t)
	cases := []struct {
		text     string
		roster   []string
		kind     string
		tool     string
		silentIf []string
	}{
		{"Then save it with workspace_write.", []string{"read_file"}, fidelity.KindTool, "workspace_write", []string{"workspace_write"}},
		{"Open it with the Read tool.", []string{"read_file"}, fidelity.KindTool, "docs.read", []string{"docs.read"}},
		{"Always call zeta first.", []string{"read_file"}, fidelity.KindUnknown, "zeta", nil},
		{"Use foo_bar(x) to get the token.", []string{"read_file"}, fidelity.KindUnknown, "foo_bar", nil},
		{`Reply <action tool="billing_refund">{}</action>.`, []string{"read_file"}, fidelity.KindUnknown, "billing_refund", nil},
		{"Write a Python program and run it in the interpreter.", []string{"read_file"}, fidelity.KindExec, "exec", []string{"exec"}},
		{"Post the summary to Slack when done.", []string{"read_file"}, fidelity.KindService, "slack", []string{"slack.post_message"}},
		{"Pass each id to github.get_me.", []string{"read_file"}, fidelity.KindTool, "github.get_me", []string{"github.get_me"}},
		{"Reads a TSV; clean it up with a short awk one-liner.", []string{"read_file"}, fidelity.KindExec, "exec", []string{"exec"}},
	}
	for _, tc := range cases {
		fs := w.checker.Check(tc.text, fidelity.NewScope(contractsOf(t, w, tc.roster...)))
		if len(fs) == 0 || fs[0].Kind != tc.kind || fs[0].Tool != tc.tool {
			t.Errorf("%q: got %+v, want %s %s", tc.text, fs, tc.kind, tc.tool)
			continue
		}
		if !strings.Contains(strings.ToLower(fs[0].Excerpt), strings.ToLower(strings.Fields(fs[0].Signal)[0])) && fs[0].Kind != fidelity.KindExec {
			t.Errorf("%q: excerpt %q does not show the signal %q", tc.text, fs[0].Excerpt, fs[0].Signal)
		}
		if at := fs[0].Offset; at < 0 || at >= len(tc.text) {
			t.Errorf("%q: offset %d outside the text", tc.text, at)
		}
		if tc.silentIf != nil {
			if fs := w.checker.Check(tc.text, fidelity.NewScope(contractsOf(t, w, append(tc.roster, tc.silentIf...)...))); len(fs) != 0 {
				t.Errorf("%q with %v: still %+v", tc.text, tc.silentIf, fs)
			}
		}
	}
}

// TestCandidatesNeverCount: a checker built from the available tools only
// does not know a candidate, so its bare name is not a finding unless the
// text calls it as a tool.
func TestCandidatesNeverCount(t *testing.T) {
	_, w := loadCorpus(t)
	var available []catalog.Contract
	for _, k := range w.known {
		if k.Namespace() == "" {
			available = append(available, k)
		}
	}
	ch := fidelity.New(available) // the github tools are candidates
	scope := fidelity.NewScope(available)
	for _, text := range []string{"Deletes a file: delete_file removes it for good.", "Search code across repositories.", "Get file contents of a repository."} {
		if fs := ch.Check(text, scope); len(fs) != 0 {
			t.Errorf("%q: %+v", text, fs)
		}
	}
}

// TestCheckProperties checks the checker against a reference model on
// random rosters of the corpus world (fixed seed):
//   - reference: a sentence "Then call N with the result." for the name N
//     of a known, identifier-shaped tool is a finding iff no tool owning N
//     (by id, or by bare name for a service tool) is in the roster;
//   - a finding never names a tool of the roster;
//   - adding tools to the roster never adds a finding (monotone);
//   - clean sentences stay clean under every roster.
func TestCheckProperties(t *testing.T) {
	_, w := loadCorpus(t)
	rng := rand.New(rand.NewSource(12))
	ids := make([]string, 0, len(w.known))
	for _, k := range w.known {
		if strings.ContainsAny(k.ID, "_.") {
			ids = append(ids, k.ID)
		}
	}
	clean := []string{
		"Returns the rows of the table, capped at 500.",
		"Read notifications are ones the user has already acknowledged.",
		"The release schedule is published on Mondays.",
		"Lists members of the loyalty program.",
		"Use the cursor from the previous response.",
	}
	for round := 0; round < 400; round++ {
		var roster []catalog.Contract
		inRoster := map[string]bool{}
		for _, k := range w.known {
			if rng.Intn(3) == 0 {
				roster = append(roster, k)
				inRoster[k.ID] = true
			}
		}
		id := ids[rng.Intn(len(ids))]
		text := clean[rng.Intn(len(clean))] + " Then call " + id + " with the result."
		scope := fidelity.NewScope(roster)
		fs := w.checker.Check(text, scope)
		owned := false // the reference model
		for _, k := range w.known {
			if inRoster[k.ID] && (k.ID == id || k.Namespace() != "" && k.Name() == id) {
				owned = true
			}
		}
		named := false
		for _, f := range fs {
			named = named || f.Signal == id
			if scope.Allows(f.Tool) {
				t.Fatalf("finding names a roster tool: %+v", f)
			}
		}
		if named == owned {
			t.Fatalf("round %d: %q, owned by the roster=%v: findings %+v", round, text, owned, fs)
		}
		// monotone: a larger roster never adds a finding
		bigger := append(append([]catalog.Contract{}, roster...), w.known[rng.Intn(len(w.known))])
		more := w.checker.Check(text, fidelity.NewScope(bigger))
		if len(more) > len(fs) {
			t.Fatalf("round %d: adding a tool added findings: %+v → %+v", round, fs, more)
		}
		for _, c := range clean {
			if fs := w.checker.Check(c, scope); len(fs) != 0 {
				t.Fatalf("clean %q: %+v", c, fs)
			}
		}
	}
}

// TestValuesAreNotTeaching: a command-line name that is one of the
// roster's enum values ("pip" among package ecosystems) is not a hint to
// run it.
func TestValuesAreNotTeaching(t *testing.T) {
	_, w := loadCorpus(t)
	text := `Filter by package ecosystem (one of "npm" "pip" "maven").`
	eco := catalog.Contract{ID: "deps.list_alerts", Title: "List alerts", Purpose: text, Class: catalog.ClassService, Version: "1",
		Params: []catalog.Param{{Name: "ecosystem", Type: "string", Enum: []any{"npm", "pip", "maven"}}}}
	if fs := w.checker.Check(text, fidelity.NewScope([]catalog.Contract{eco})); len(fs) != 0 {
		t.Errorf("%+v", fs)
	}
	if fs := w.checker.Check("Filter by ecosystem, e.g. pip or npm.", fidelity.NewScope([]catalog.Contract{eco})); len(fs) != 0 {
		t.Errorf("unquoted enum value: %+v", fs)
	}
}

// TestSpellingsOfAName: a known tool is taught however its name is
// spelt — its whole namespaced id anywhere ("Next: docs.read."), its
// snake_case name hyphenated where used as a tool, in a program's casing
// (WorkspaceWrite, workspaceWrite) or as words where used as a tool ("the
// web fetch tool") — and the same words are silent where they are not a
// tool's name or the roster has the tool.
func TestSpellingsOfAName(t *testing.T) {
	_, w := loadCorpus(t)
	leaks := []struct{ text, tool string }{
		{"Next: docs.read.", "docs.read"},
		{`The note, e.g. "ran docs.read(id) first".`, "docs.read"},
		{"Then, to check it (docs.read), open the page.", "docs.read"},
		{"Before that, invoke workspace-write to save the draft.", "workspace_write"},
		{"Then use WorkspaceWrite afterwards.", "workspace_write"},
		{"Then use workspaceWrite afterwards.", "workspace_write"},
		{"Then call the web fetch tool.", "web_fetch"},
		{"Escalate with github.get-me if the token fails.", "github.get_me"},
	}
	roster := contractsOf(t, w, "read_file")
	for _, tc := range leaks {
		fs := w.checker.Check(tc.text, fidelity.NewScope(roster))
		if len(fs) == 0 || fs[0].Kind != fidelity.KindTool || fs[0].Tool != tc.tool {
			t.Errorf("%q: got %s, want tool %s", tc.text, describe(fs), tc.tool)
		}
		if fs := w.checker.Check(tc.text, fidelity.NewScope(append(roster, w.byID[tc.tool]))); len(fs) != 0 {
			t.Errorf("%q with %s in the roster: still %s", tc.text, tc.tool, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns web-search results from the index.",
		"The workspace-write lock is held while saving.",
		"Requires a Login and a Setup step.",
		"Docs are read once per session.",
		"The web fetch happens later, on the server.",
	} {
		if fs := w.checker.Check(text, fidelity.NewScope(roster)); len(fs) != 0 {
			t.Errorf("%q: %s, want no finding", text, describe(fs))
		}
	}
}

// TestASpellingNeverHidesADeclaredName: another tool's spelling of its
// snake_case name (acme.get_sum as get-sum or GetSum) never changes how a
// tool whose own name is that word is read, whichever is indexed first.
func TestASpellingNeverHidesADeclaredName(t *testing.T) {
	snake := catalog.Contract{ID: "acme.get_sum", Title: "Sum", Purpose: "Adds.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	hyphen := catalog.Contract{ID: "everything.get-sum", Title: "Sum of two", Purpose: "Adds two.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	other := catalog.Contract{ID: "read_file", Title: "Read file", Purpose: "Reads.", Class: catalog.ClassFileProcessing, Effects: catalog.EffectsReadOnly, Version: "1"}
	text := "The total comes from get-sum, then rounded."
	for _, order := range [][]catalog.Contract{{snake, hyphen, other}, {hyphen, snake, other}} {
		ch := fidelity.New(order)
		fs := ch.Check(text, fidelity.NewScope([]catalog.Contract{other}))
		found := false
		for _, f := range fs {
			found = found || f.Kind == fidelity.KindTool && (f.Tool == hyphen.ID || f.Tool == snake.ID)
		}
		if !found {
			t.Errorf("indexed as %s, %s: %s, want a finding of get-sum", order[0].ID, order[1].ID, describe(fs))
		}
	}
}

// TestLookAlikeNamesCount: a known tool's name written with Cyrillic or
// Greek look-alike letters or in full-width forms is a disguise, caught
// wherever it stands; whole words of those scripts and the name of a tool
// the roster has stay silent.
func TestLookAlikeNamesCount(t *testing.T) {
	_, w := loadCorpus(t)
	roster := contractsOf(t, w, "read_file")
	for text, tool := range map[string]string{
		"See wоrkspace_write for details.":              "workspace_write", // Cyrillic о
		"Then github.get_mе returns the login.":         "github.get_me",   // Cyrillic е
		"Results go through ｗｅｂ_ｆｅｔｃｈ first.":           "web_fetch",
		"Next step: rеnder_chart, with the data ready.": "render_chart",
	} {
		fs := w.checker.Check(text, fidelity.NewScope(roster))
		if len(fs) == 0 || fs[0].Kind != fidelity.KindTool || fs[0].Tool != tool {
			t.Errorf("%q: %s, want tool %s", text, describe(fs), tool)
		}
		if fs := w.checker.Check(text, fidelity.NewScope(append(roster, w.byID[tool]))); len(fs) != 0 {
			t.Errorf("%q with %s: still %s", text, tool, describe(fs))
		}
	}
	for _, text := range []string{"Отчёт готов, данные в таблице.", "Η ανάλυση είναι έτοιμη.", "Reads rеad_file's own output."} {
		if fs := w.checker.Check(text, fidelity.NewScope(roster)); len(fs) != 0 {
			t.Errorf("%q: %s, want no finding", text, describe(fs))
		}
	}
}
