package instruction

import "github.com/agentforge/console/catalog"

// RosterReach is how a roster's tools stand before the model.
type RosterReach struct {
	// Reach counts the tools the instruction teaches the model: every
	// tool but a code-only helper while exec is not in the roster.
	Reach int
	// Waiting counts the code-only helpers that wait for exec: in the
	// roster, never taught, costing nothing until exec is added.
	Waiting int
}

// ReasonNeedsExec says why a code-only helper in the roster is not
// taught: it waits for exec.
const ReasonNeedsExec = "needs exec: a code-only helper reaches the model only through exec"

// Reach counts the composition's roster by whether each tool reaches the
// model (ReachOf).
func (c Composition) Reach() RosterReach { return ReachOf(c.entries) }

// ReachOf counts roster's tools by whether they reach the model, by the
// rule the composition follows (a code-only helper is usable only with
// exec in the roster: Composition.Unusable).
func ReachOf(roster []*catalog.Entry) RosterReach {
	exec := false
	for _, e := range roster {
		if e.ID() == "exec" {
			exec = true
			break
		}
	}
	var r RosterReach
	for _, e := range roster {
		if e.CodeOnly() && !exec {
			r.Waiting++
		} else {
			r.Reach++
		}
	}
	return r
}
