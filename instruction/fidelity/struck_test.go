package fidelity_test

import "testing"

// TestStruckTextStillTeaches: the model reads struck-out text as written,
// so "~~" hides a mention only in a proper strike-through span (on one
// line, no space just inside the tildes, not part of "~~~") followed on
// its line by an unstruck replacement; two "~~" across sentences, lines
// or with spaces inside hide nothing, and a struck step with nothing
// after it is still a step.
func TestStruckTextStillTeaches(t *testing.T) {
	for _, text := range []string{
		"Exports a payslip. You email it to the worker through SendGrid.",
		"Exports a payslip. Costs ~~ 5 credits. You email it to the worker through SendGrid. See ~~ below.",
		"Exports a payslip. ~~You email it to the worker through SendGrid.~~",
		"Exports a payslip. ~~Old.\nYou email it to the worker through SendGrid.~~ New.",
		"Exports a payslip. ~~~You email it to the worker through SendGrid.~~~ New.",
		"Exports a payslip. ~~You email it to the worker through SendGrid. ~~ New.",
		"Exports a payslip. ~~You email it to the worker through SendGrid.~~\nThe tool does nothing else.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) == 0 {
			t.Errorf("%q: want a finding, got none", text)
		}
	}
	for _, text := range []string{
		"Exports a payslip. ~~You email it to the worker through SendGrid.~~ The tool now emails it itself.",
		"Exports a payslip.\n~~You email it to the worker.~~ These days this tool emails the worker itself.\nNothing else.",
	} {
		if fs := capabilityCheck(t, "report", text); len(fs) > 0 {
			t.Errorf("%q: want no finding, got %s", text, describe(fs))
		}
	}
}
