package fidelity

// Steps opened by a word of immediacy or of going on. "Straight away
// tag the release", "Right away close the old milestone", "Go on to
// archive the milestone", "Move on to refund the order": a verb in its base
// form right after such a frame, at the start of a sentence or a clause,
// is a step as one after "then" is. English's closed set: the adverbs of
// immediacy that may stand before an imperative, and the verbs of going
// on that take "to" and a verb.

// promptFrames are the frames of immediacy, as word sequences.
var promptFrames = [][]string{{"straight", "away"}, {"right", "away"}, {"straightaway"}, {"forthwith"},
	{"go", "on", "to"}, {"move", "on", "to"}, {"carry", "on", "to"}, {"proceed", "to"}, {"press", "on", "to"}}

// promptSteps marks the verb after a frame (above) as a handed step.
func promptSteps(ts []token) {
	for i := range ts {
		if !ts[i].later || !(ts[i].sentence || ts[i].clause) {
			continue
		}
		for _, f := range promptFrames {
			k := i + len(f)
			if k+1 >= len(ts) || !framedBy(ts, i, f) || ts[k].sentence || ts[k].clause {
				continue
			}
			if n := ts[k+1].lower; baseVerb(ts[k].lower) && (objectOpeners[n] || personObjects[n] || pronouns[n]) {
				markHanded(ts, k)
			}
		}
	}
}

// framedBy: the words from i on are the frame f, none opening a new
// sentence or clause after the first.
func framedBy(ts []token, i int, f []string) bool {
	for n, w := range f {
		if ts[i+n].lower != w || n > 0 && (ts[i+n].sentence || ts[i+n].clause) {
			return false
		}
	}
	return true
}
