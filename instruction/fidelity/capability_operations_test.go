package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestAToolsOwnDeedsAreItsCapability: what a tool's own description
// advises about its own deeds is no capability the roster lacks — the
// deeds of the input devices its first sentence says it works through
// ("Operate a computer with a mouse and keyboard …": click, type, press), the objects of
// every deed that sentence lists ("… and take screenshots"), and the
// operations its operation parameter offers ("left_click",
// "get_screenshot"); "click on Firefox" points at an icon, it names no
// service. What lies outside those deeds still asks ("email the
// screenshot to the team").
func TestAToolsOwnDeedsAreItsCapability(t *testing.T) {
	const gui = "Operate a computer with a mouse and keyboard, and take screenshots.\n" +
		"* This drives a graphical desktop. To start programs, click on their desktop icons.\n" +
		"* For instance, when you click on Firefox and nothing opens, take one more screenshot.\n" +
		"* Click buttons, links and icons with the tip of the cursor at their centre."
	wantNoFindings(t, "computer", gui, gui+"\n\nPress ctrl+s to keep your edits.")
	fs := capabilityCheck(t, "computer", gui+"\n\nThen email the screenshot to the team.")
	if !hasClass(fs, "email") {
		t.Errorf("a deed outside the tool's own: want class email, got %s", describe(fs))
	}

	_, w := loadCorpus(t)
	text := "Drive the desktop. Always click buttons with the cursor's tip, then take a screenshot to verify."
	self := catalog.Contract{ID: "acme.desk", Purpose: text, Params: []catalog.Param{
		{Name: "action", Type: "string", Enum: []any{"left_click", "double_click", "get_screenshot", "scroll"}},
	}}
	roster := []catalog.Contract{w.byID["read_file"], self}
	known := append(append([]catalog.Contract(nil), w.known...), self)
	if fs := fidelity.New(known).Check(text, fidelity.NewScope(roster)); len(fs) > 0 {
		t.Errorf("the operations of its action parameter: want no finding, got %s", describe(fs))
	}
	self.Params = nil
	if fs := fidelity.New(known).Check(text, fidelity.NewScope([]catalog.Contract{w.byID["read_file"], self})); len(fs) == 0 {
		t.Errorf("without its action parameter: want a finding, got none")
	}
}
