package fidelity_test

import (
	"os"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestASiblingRunsCode: a roster tool whose headline says it runs code in
// a terminal, a shell or a REPL provides code execution whatever its name
// ("start_process: Start a terminal process …"), so a sibling's "use
// start_process with Python" or "shell commands" asks for nothing the
// roster lacks; a tool that only stops or reads such a process provides
// none.
func TestASiblingRunsCode(t *testing.T) {
	runner := catalog.Contract{ID: "acme.start_process", Purpose: "Launch a terminal process on the allowed machine. Fits shell commands and REPL sessions."}
	feeder := catalog.Contract{ID: "acme.interact_with_process", Purpose: "Feed input into a running terminal or REPL process, then give back the new output."}
	stopper := catalog.Contract{ID: "acme.force_terminate", Purpose: "Kill a live terminal session."}
	text := "Reads a file. For ZIP archives, run a Python script that uses the zipfile module."
	for _, sib := range []catalog.Contract{runner, feeder} {
		if fs := capabilityCheck(t, "read_archive", text, sib); len(fs) > 0 {
			t.Errorf("beside %s: want no finding, got %s", sib.ID, describe(fs))
		}
	}
	if fs := capabilityCheck(t, "read_archive", text, stopper); len(fs) == 0 {
		t.Errorf("beside %s only: want the Python script flagged", stopper.ID)
	}
}

// TestPublishedDesktopServerAsImported: a real server imported whole (26
// tools) teaches nothing its own tools cannot do — its process tools run
// code; its lists of example search patterns, example file names, kinds of
// files and the fields of a feedback form are no steps.
func TestPublishedDesktopServerAsImported(t *testing.T) {
	raw, err := os.ReadFile("../../catalog/testdata/published/wonderwhy-er-desktop-commander@0.2.52.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "desk")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	known := append(append([]catalog.Contract(nil), catalogtest.Builtin(t)...), cs...)
	cat := catalogtest.New(t, known)
	roster := pick(t, cat, func(k catalog.Contract) bool { return k.Namespace() == "desk" })
	comp := compose(t, instruction.Input{Roster: roster, Services: []string{"desk"}})
	if fs := fidelity.ForComposition(known).CheckComposition(comp); len(fs) > 0 {
		t.Errorf("want no finding, got %s", describe(fs))
	}
}

// TestListsOfExamplesAreNoSteps: the lines of a list that name kinds of
// things, example values or a form's fields are no instructions — "code
// files" is no deed of coding, "with parentheses" names no service, a
// quoted file name or search pattern is a value, and "Email and any
// additional feedback" is a form's field.
func TestListsOfExamplesAreNoSteps(t *testing.T) {
	wantNoFindings(t, "report",
		"Writes a file.\nWHEN TO SPLIT:\n1. Any file over 40 lines\n2. When writing several files one after another\n3. When producing manuals, source files, or settings files",
		"Creates a PDF. 'outputPath' MUST use a new unique filename (e.g., \"result_01.pdf\", \"analysis_2025_01.pdf\", etc.).",
		"Searches files.\nUSE mode=\"text\" WHEN:\n- Hunting for methods/fields: \"loadProfile method\", \"useMemo hook\"\n- Hunting for notes/comments: \"FIXME notes\"",
		"Searches files. Use exact search for code with odd characters:\n- Method calls with brackets and quotes\n- Index lookups with square brackets\n- Windows paths with backslashes",
		"Sends feedback. The form asks about:\n- How they mostly use it\n- Interest in joining a research panel\n- Email and any other comments",
	)
	wantFindings(t, "report",
		"Returns the survey answers.\n- Email and text each respondent a thank-you note",
		"Returns the invoices. Then call send_reminder(\"acme\") for each.",
	)
}
