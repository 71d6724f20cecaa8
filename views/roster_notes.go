package views

import "strings"

// NoteGroup is the tools that share one roster note.
type NoteGroup struct {
	Signal string
	Tools  []string
}

// groupNotes gathers roster notes by their text, in order of first
// appearance: nine tools "listed by profile, not declared" read as one
// note naming nine tools, not nine boxes.
func groupNotes(ns []Warning) []NoteGroup {
	var out []NoteGroup
	at := map[string]int{}
	for _, n := range ns {
		i, ok := at[n.Signal]
		if !ok {
			i = len(out)
			at[n.Signal] = i
			sig := n.Signal
			if sig != "" {
				sig = strings.ToUpper(sig[:1]) + sig[1:]
			}
			out = append(out, NoteGroup{Signal: sig})
		}
		out[i].Tools = append(out[i].Tools, n.Tool)
	}
	return out
}

// rosterKey names a roster panel: its profile's slug, or "none".
func rosterKey(profile string) string {
	if profile == "" {
		return "none"
	}
	return profile
}
