package catalog

import "testing"

// A catalog described in another language than the task shares no word
// with it, only spellings: "contract" and "contrat", "certification" and
// "certifications". A task word no tool uses is searched through the
// indexed terms that begin like it (cognates), so such a tool is found;
// a word that merely opens alike ("overdue", "overview") is none.
func TestCognatesStandInForUnknownWords(t *testing.T) {
	tool := func(id, purpose string) Contract {
		return Contract{ID: id, Title: id, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("hr_fiche", "Récupère le contrat de travail d'un collaborateur, par son ID."),
		tool("hr_conges", "Liste les congés posés par un collaborateur, par son ID."),
		tool("hr_vue", "Affiche une overview des équipes."),
	})
	wantTops(t, ix, map[string]string{
		"Show me the employment contract of Paul": "hr_fiche",
	})
	if got := ix.cognates(stemWord("overdue", false)); len(got) > 0 {
		t.Errorf("cognates of overdue = %q, want none", got)
	}
}
