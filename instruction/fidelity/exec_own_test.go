package fidelity_test

import (
	"encoding/json"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// checkImported composes one imported tool (description and input
// schema) with read_file, as an import puts it before the model, and
// checks the composition.
func checkImported(t *testing.T, name, description string, schema map[string]any) []fidelity.Finding {
	t.Helper()
	doc, _ := json.Marshal(map[string]any{"tools": []map[string]any{{"name": name, "description": description, "inputSchema": schema}}})
	imported, ps := catalog.Parse(catalog.FormatMCP, doc, importedNamespace)
	if len(ps) > 0 {
		t.Fatalf("import refused: %v", ps)
	}
	known := append(append([]catalog.Contract(nil), catalogtest.Builtin(t)...), imported...)
	cat := catalogtest.New(t, known)
	roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == "read_file" || k.Namespace() == importedNamespace })
	comp := compose(t, instruction.Input{Roster: roster, Services: []string{importedNamespace}})
	return fidelity.ForComposition(known).CheckComposition(comp)
}

// TestParameterDescriptionsSayWhatTheToolDoes: a program a parameter's
// description names (the tool's own mechanism, "Use helm template +
// kubectl apply instead of helm install"; or the value's source, "read it
// from the git remote URL using 'git remote -v'") and a relative clause
// with "you want to" ("the line where you want to add a review comment")
// teach nothing; the same program put to use in the description itself
// still does.
func TestParameterDescriptionsSayWhatTheToolDoes(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"useTemplate": map[string]any{"type": "boolean", "description": "Render with helm template + kubectl apply instead of helm upgrade"},
		"repository":  map[string]any{"type": "string", "description": "Repository name. Take it from the repository's git remote URL using 'git remote -v'."},
		"line":        map[string]any{"type": "number", "description": "The line in the file where you want to add a review comment"},
	}}
	if fs := checkImported(t, "upgrade_release", "Upgrades a release of a chart.", schema); len(fs) > 0 {
		t.Errorf("want no finding, got %s", describe(fs))
	}
	if fs := checkImported(t, "upgrade_release", "Upgrades a release of a chart. Afterwards, run kubectl rollout status on the deployment.", schema); len(fs) == 0 {
		t.Errorf("a program put to use in the description: want a finding, got none")
	}
}

// TestWordsOfCodeInAnotherRole: a code word that modifies another noun
// ("the shell size limits"), a past deed of people ("the analysts ran
// Python notebooks over it") and "your forecasting model" beside a
// roster tool that forecasts teach no missing capability; the same words
// heading their phrase, asked for, or without the tool still do.
func TestWordsOfCodeInAnotherRole(t *testing.T) {
	for _, c := range []struct {
		text   string
		others []catalog.Contract
	}{
		{"Returns mussel permits, with the shell length limits and the closed months.", nil},
		{"Returns a migration's log, during which the analysts ran Python notebooks over the legacy database.", nil},
		{"Returns weekly orders. Use your forecasting model to predict the coming week's orders from it.", []catalog.Contract{{ID: "acme.forecast_series", Purpose: "Fits a forecasting model to a time series and projects it forward."}}},
	} {
		if fs := capabilityCheck(t, "report", c.text, c.others...); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", c.text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns logs. Pipe them into your shell.",
		"Returns a migration's log. Run Python notebooks over the legacy database to check it.",
		"Returns weekly orders. Use your forecasting model to predict the coming week's orders from it.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}

// TestAValuesProvenanceIsNoCall: a parameter's description that says
// where its value comes from ("Defaults to the working directory set via
// set_workdir") names no tool the agent is asked to call; one that asks
// ("It can be obtained via get_session_token") still does.
func TestAValuesProvenanceIsNoCall(t *testing.T) {
	described := map[string]any{"type": "object", "properties": map[string]any{
		"path": map[string]any{"type": "string", "description": "Path to the repository. Defaults to the working directory set via set_workdir."},
	}}
	if fs := checkImported(t, "repo_status", "Shows the status of a repository.", described); len(fs) > 0 {
		t.Errorf("want no finding, got %s", describe(fs))
	}
	asked := map[string]any{"type": "object", "properties": map[string]any{
		"token": map[string]any{"type": "string", "description": "Session token. It can be obtained via get_session_token."},
	}}
	if fs := checkImported(t, "repo_status", "Shows the status of a repository.", asked); len(fs) == 0 {
		t.Errorf("a value the agent is asked to obtain: want a finding, got none")
	}
}

// TestAOneVerbNameIsTheToolsDeed: a tool whose whole name is one verb
// ("translate") does that deed whatever its purpose's first sentence
// says; a tool of another name that asks for it still lacks it.
func TestAOneVerbNameIsTheToolsDeed(t *testing.T) {
	schema := map[string]any{"type": "object", "properties": map[string]any{
		"text": map[string]any{"type": "string", "description": "The passages that should be translated into the target language."},
	}}
	text := "Extra context that improves quality (e.g. 'a legal document'). It helps the engine understand the domain."
	if fs := checkImported(t, "translate", text, schema); len(fs) > 0 {
		t.Errorf("translate: want no finding, got %s", describe(fs))
	}
	if fs := checkImported(t, "glossary", text, schema); len(fs) == 0 {
		t.Errorf("glossary: want a finding, got none")
	}
}

// TestWordsInTheirOwnSense: code and service words in another sense — a
// data column named "script", REPL history files reported, an airport's
// "terminal 2", directories "like node_modules", proofreading the agent's
// own text — teach nothing;
// a tool whose headline says it drives a terminal or REPL runs code
// itself.
func TestWordsInTheirOwnSense(t *testing.T) {
	for _, text := range []string{
		"Returns a spreadsheet dump. Its 'script' column is the stage script each line comes from.",
		"Returns file details. Scripts, notebooks and shell history files are listed as any other file is.",
		"Returns a port's berths and the bus that runs between terminal A and terminal B.",
		"Lists a directory. Skips folders like node_modules by default.",
		"Returns a newsletter draft. Proofread it before it goes anywhere.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Returns a CSV export. Run the script column through bash first.",
		"Lists a directory. For more, use tools like list_all_files_acme.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	if fs := checkImported(t, "interact_with_process", "Feed input into a running terminal or REPL process, then give back what it prints. Use it to run Python one-liners in the REPL.", map[string]any{"type": "object"}); len(fs) > 0 {
		t.Errorf("a tool that drives a REPL: want no finding, got %s", describe(fs))
	}
}

// TestAnIndentedDescriptionKeepsItsHeadline: a description that opens
// with a line break and indentation, as many published servers write it,
// has the same headline as without them: a tool that says it drives a
// terminal or REPL runs code itself however its text is indented.
func TestAnIndentedDescriptionKeepsItsHeadline(t *testing.T) {
	text := "\n        Send keystrokes to a running shell or REPL session and return what it printed.\n\n        Useful for Python and Node REPLs and interactive shells."
	if fs := checkImported(t, "session_input", text, map[string]any{"type": "object"}); len(fs) > 0 {
		t.Errorf("want no finding, got %s", describe(fs))
	}
}

// TestDeniedCodeIsNoCode: code wording its clause denies ("Avoid
// bash heredoc syntax", "never run a shell loop for this") teaches no
// code execution; the same words asked for still do.
func TestDeniedCodeIsNoCode(t *testing.T) {
	for _, text := range []string{
		"Creates a tag. Note: avoid bash heredoc syntax in the message.",
		"Creates a tag. Never run a shell loop for this; pass every name at once.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
	for _, text := range []string{
		"Creates a tag. Use bash heredoc syntax for a long message.",
		"Creates a tag. Run a shell loop for each name.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
}
