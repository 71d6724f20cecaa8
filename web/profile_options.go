package web

import (
	"fmt"
	"strings"

	"github.com/agentforge/console/models"
)

// versionOptions is a profile version's options as its summary shows
// them: tier, catalog form, deferred activation with its pins, and the
// run budgets (every field that changes what a run gets, so two versions
// that differ read differently).
func versionOptions(v models.ProfileVersion) string {
	opts := fmt.Sprintf("%s tier · %s catalog", v.Tier, v.CatalogForm)
	if v.Deferred {
		opts += " · deferred"
		if ps := v.Pins(); len(ps) > 0 {
			opts += " (pins " + strings.Join(ps, ", ") + ")"
		}
	}
	return opts + " · " + budgetText(v.SearchBudget, v.CallBudget)
}

// budgetText says a run's budgets of searches and calls (0: none).
func budgetText(searches, calls int) string {
	if searches == 0 && calls == 0 {
		return "no run budget"
	}
	one := func(n int, word, words string) string {
		switch n {
		case 0:
			return "no " + word + " limit"
		case 1:
			return "1 " + word
		}
		return fmt.Sprintf("%d %s", n, words)
	}
	return "run budget: " + one(searches, "search", "searches") + ", " + one(calls, "call", "calls")
}
