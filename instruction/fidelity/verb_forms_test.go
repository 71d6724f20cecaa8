package fidelity

import "testing"

// TestVerbFormsReadToTheirBase: an inflection is read to the verb written
// in the lexicon, not to a longer stem the lexicon's stemmer also takes:
// British spelling's doubled l ("cancelling", "cancelled": cancel; "filling"
// stays fill) and the third person's "-es" after a sibilant ("switches":
// switch, not "switche").
func TestVerbFormsReadToTheirBase(t *testing.T) {
	for w, want := range map[string]string{"cancelling": "cancel", "cancelled": "cancel", "labelling": "label",
		"filling": "fill", "installed": "install", "logged": "log", "reported": "report"} {
		if got := lemma(w); got != want {
			t.Errorf("lemma(%q) = %q, want %q", w, got, want)
		}
	}
	for text, want := range map[string]string{
		"Returns the rota. Then the assistant switches the lights off.": "switch",
		"Returns the rota. Then the assistant pushes the release.":      "push",
		"Returns the rota. Then the assistant posts the rota.":          "post",
	} {
		ts := tokenize(text)
		for i := range ts {
			if ts[i].lower == "switches" || ts[i].lower == "pushes" || ts[i].lower == "posts" {
				if got, _ := agentDoes(ts, i); got != want {
					t.Errorf("%q: agentDoes = %q, want %q", text, got, want)
				}
			}
		}
	}
}
