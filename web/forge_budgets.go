package web

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// forgeBudgets are a profile's budgets per gateway run in the forge's
// draft: as typed (the URL's search_budget and call_budget, the profile
// form's and the API's names), else the saved version's. Empty is none.
type forgeBudgets struct {
	search, call           string
	savedSearch, savedCall int
}

// budgetsOf reads the draft's budgets over the saved version's.
func budgetsOf(q url.Values, v *models.ProfileVersion) forgeBudgets {
	var b forgeBudgets
	if v != nil {
		b.savedSearch, b.savedCall = v.SearchBudget, v.CallBudget
	}
	b.search = typedBudget(q, "search_budget", b.savedSearch)
	b.call = typedBudget(q, "call_budget", b.savedCall)
	return b
}

func typedBudget(q url.Values, name string, saved int) string {
	if v, ok := q[name]; ok {
		if len(v) == 0 {
			return ""
		}
		return strings.TrimSpace(v[0])
	}
	if saved == 0 {
		return ""
	}
	return strconv.Itoa(saved)
}

// values are the budgets a save stores: a value that is not a whole
// number reads as -1, which validation refuses naming the field.
func (b forgeBudgets) values() (search, call int) {
	return budgetField(b.search), budgetField(b.call)
}

// query is the budgets in the forge's URL.
func (b forgeBudgets) query() string {
	return "&" + url.Values{"search_budget": {b.search}, "call_budget": {b.call}}.Encode()
}

// budgetLever is one budget as the forge lists it: its label, its field,
// the typed and the saved value.
type budgetLever struct {
	label, field, typed string
	saved               int
}

func (b forgeBudgets) levers() []budgetLever {
	return []budgetLever{{"Searches per run", "search_budget", b.search, b.savedSearch}, {"Calls per run", "call_budget", b.call, b.savedCall}}
}

// changes lists the budgets the draft changes ("searches per run 10 → 5").
func (b forgeBudgets) changes() []string {
	var out []string
	for _, l := range b.levers() {
		if n := budgetField(l.typed); n != l.saved {
			out = append(out, fmt.Sprintf("%s %s → %s", strings.ToLower(l.label), budgetWord(strconv.Itoa(l.saved)), budgetWord(l.typed)))
		}
	}
	return out
}

func budgetWord(v string) string {
	if v == "" || v == "0" {
		return "none"
	}
	return v
}

// problems names each budget a save would refuse, by its label and field.
func (b forgeBudgets) problems() []string {
	var out []string
	for _, l := range b.levers() {
		if n := budgetField(l.typed); n < 0 || n > models.MaxBudget {
			out = append(out, fmt.Sprintf("%s (%s): %q is not a whole number from 0 (no budget) to %d; the draft cannot be saved until it is.", l.label, l.field, l.typed, models.MaxBudget))
		}
	}
	return out
}

// budgetLevers puts the draft's budgets on the forge (a picked profile
// only): the fields, the share link, the notes and the changes.
func budgetLevers(data *views.ForgeData, fc forgeContext, q url.Values) {
	if fc.ac.Version == nil {
		return
	}
	b := budgetsOf(q, fc.ac.Version)
	data.Budgets, data.SearchBudget, data.CallBudget = true, b.search, b.call
	data.Query += b.query()
	if p := b.problems(); len(p) > 0 {
		data.Notes = append(data.Notes, p...)
		data.SaveBlocked = "Fix the budgets above first: a draft with a budget that is not a whole number from 0 to " + strconv.Itoa(models.MaxBudget) + " cannot be saved."
	}
	if data.Compare != nil {
		data.Compare.OptionsChanged = append(data.Compare.OptionsChanged, b.changes()...)
	}
}
