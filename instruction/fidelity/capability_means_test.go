package fidelity_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestWhatTheRosterOrTheToolDoesItself: a deed the text names by its means
// ("from your terminal", "with your dictation engine", "on the edge
// firewall") is done when a roster tool's own verb is the deed's; without
// that tool it is a finding. A value listed or addressed ("r/bash",
// "shell (bash, PowerShell)"), a value's shape ("in the format
// YYYY-MM-DD"), a call that is a noun ("a courtesy call within a week")
// and the shaping of a call's values ("JSON strings need to be escaped")
// teach nothing.
func TestWhatTheRosterOrTheToolDoesItself(t *testing.T) {
	cases := []struct {
		text string
		tool catalog.Contract
	}{
		{"Returns delay per switch. Ping every switch's IP from your terminal to check a spike.", catalog.Contract{ID: "acme.ping_host", Purpose: "Pings a host and reports round-trip times."}},
		{"Returns intrusion alerts. For critical ones, block the source address on the edge firewall.", catalog.Contract{ID: "acme.block_ip", Purpose: "Adds an IP address to the edge firewall's deny list."}},
		{"Returns recorded calls. Transcribe them with your dictation engine first.", catalog.Contract{ID: "acme.transcribe_audio", Purpose: "Transcribes an audio file to text."}},
	}
	for _, c := range cases {
		if fs := capabilityCheck(t, "report", c.text, c.tool); len(fs) > 0 {
			t.Errorf("%q with %s: want no finding, got %s", c.text, c.tool.ID, describe(fs))
		}
		if fs := capabilityCheck(t, "report", c.text); len(fs) == 0 {
			t.Errorf("%q without %s: want a finding, got none", c.text, c.tool.ID)
		}
	}
	for _, text := range []string{
		"Searches posts across Reddit, e.g. in r/python, r/bash or r/powershell.",
		"Returns the machine list: name, system (Ubuntu, Windows Server), shell (zsh, PowerShell) and owner.",
		"Returns a donor plan: the officer places a courtesy call in the days after every gift.",
		"Returns events. Start dates must be written in the format YYYY-MM-DD.",
		"Sends a message. JSON strings need to be escaped.",
		"Fetches a thread. When using the id alone, one extra lookup is made (2 calls total).",
		"Automates a browser. The agent will move through and act on web pages to finish the job.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestAToolsHeadlineIsWhatItDoes: in a composition, the first sentence of
// an imported tool's own description says what the tool does, opened by
// its verb ("Search and list the tables of a MySQL
// schema"); a later sentence that asks for the same is an instruction.
func TestAToolsHeadlineIsWhatItDoes(t *testing.T) {
	var c leakCorpus
	doc := `{"corpus": "headline", "items": [
		{"id": "own", "tool": "search_objects", "text": "Search and list the tables of a MySQL schema", "leak": false},
		{"id": "later", "tool": "search_objects", "text": "Lists view names. Search and list the tables of a MySQL schema.", "leak": true}]}`
	if err := json.Unmarshal([]byte(doc), &c); err != nil {
		t.Fatal(err)
	}
	if s := measureCorpus(t, c); len(s.misses) > 0 {
		t.Errorf("misread: %s", strings.Join(s.misses, "; "))
	}
}

// TestToolsNamedInWords: a tool named in words and put to use ("call the
// whole project data tool", "use the campaign statistics endpoint instead")
// is a tool the roster must have; not when a roster tool's name or
// headline holds the words, nor when the text says not to call it.
func TestToolsNamedInWords(t *testing.T) {
	leak := "Adds a comment to a card. Afterwards, call the whole project data tool to reload the page."
	if fs := capabilityCheck(t, "create_update", leak); len(fs) == 0 {
		t.Errorf("%q: want a finding, got none", leak)
	}
	sibling := catalog.Contract{ID: "acme.get_whole_project_data", Purpose: "Returns the whole data of a project."}
	for _, c := range []struct {
		text   string
		others []catalog.Contract
	}{
		{leak, []catalog.Contract{sibling}},
		{"Returns places near a point. Do not call the reverse geocode tool for this.", nil},
		{"Lists Node versions for a plan. For a live site, use the site versions endpoint instead.", []catalog.Contract{{ID: "acme.list_site_php", Purpose: "Lists the Node versions a live site can use."}}},
	} {
		if fs := capabilityCheck(t, "create_update", c.text, c.others...); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", c.text, describe(fs))
		}
	}
}

// TestCommandsInBackticks: a shell command in backticks put to use — after
// "run" ("Run `ss -tlnp` on the host") or as a sentence's verb ("`docker
// compose up` the services") — is code execution; a tool's name in
// backticks, or a command named as what a tool returns, is not.
func TestCommandsInBackticks(t *testing.T) {
	for _, text := range []string{
		"Returns listening ports. Run `ss -tlnp` on the host to see which process owns each.",
		"Returns a compose file. `docker compose up` the services it lists to check they start.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns commits. The `git log --oneline` output is returned as text.",
		"Returns a log. `git log --oneline` output is what you get.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}

// TestCodeAsTheMeansAndNegatedDuties: code named as the means of a deed in
// a later sentence ("is simplest with a short script", "calls for a bit of
// scripting", "by running each rule in a sandbox") is code execution, not when
// the sentence is about the tool itself; a duty its clause denies ("None
// of the printers should be restarted", "No email should be sent") asks
// nothing.
func TestCodeAsTheMeansAndNegatedDuties(t *testing.T) {
	for _, text := range []string{
		"Returns access logs. Finding the slowest endpoints is simplest with a short script.",
		"Returns a deep export. Unpacking the inner fields calls for a bit of scripting.",
		"Returns validation rules. Each record is checked by running the rules in a sandbox.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a code-execution finding, got none", text)
		}
	}
	for _, text := range []string{
		"Returns printers. None of the printers should be restarted, paused or renamed.",
		"Returns subscribers. No mail at all should be sent to them from here.",
		"Checks formulas. This tool evaluates each formula in a sandbox.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
