package models_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSkillTextAReviewerCannotSeeIsRefused: a skill's name, summary and
// procedure reach the model; a character the reviewer cannot see (a
// right-to-left override showing them other text, a zero-width space, a
// tag character, a terminal escape) is a field error, as it is in a
// tool's contract. Ordinary text in any script, tabs, line breaks and
// emoji sequences are kept.
func TestSkillTextAReviewerCannotSeeIsRefused(t *testing.T) {
	ok := models.SkillContent{Name: "Rapport 📊", Summary: "Résumé trimestriel — 数据, עברית 👩‍💻.", Procedure: "1. Read.\n\t2. Write.\r\n", RequiredTools: []string{"read_file"}}
	if errs := ok.Validate(); len(errs) != 0 {
		t.Fatalf("ordinary text refused: %v", errs)
	}
	for _, hidden := range []string{"\u202e", "\u200b", "\U000E0049", "\x1b[2J", "\u00ad"} {
		for _, field := range []string{"name", "summary", "procedure"} {
			c := ok
			switch field {
			case "name":
				c.Name += hidden
			case "summary":
				c.Summary += hidden + "x"
			case "procedure":
				c.Procedure += "3. " + hidden + "Done."
			}
			errs := c.Validate()
			if !strings.Contains(errs[field], "U+") {
				t.Errorf("%q in %s: errors %v, want one on %s naming the character", hidden, field, errs, field)
			}
		}
	}
}
