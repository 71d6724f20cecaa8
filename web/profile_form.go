package web

// The profile form: what it reads from a request and shows back.

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/toolpick"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// profileSummaryOf lists every error of refused profile content, each
// unknown tool and each bad pin apart.
func profileSummaryOf(ct models.ProfileContent, errs map[string]string, known map[string]bool) []views.ErrorItem {
	return errorSummary(profileSummary, errs, map[string][]string{
		"tools": problemStrings(toolpick.Check(ct.Tools, known, "")),
		"pins":  problemStrings(models.PinProblems(ct.Pins, ct.Tools)),
	})
}

// withProfilePickers gives a profile form its tool and pin pickers.
func withProfilePickers(f *views.ProfileForm, snap *Snapshot) {
	f.ToolPicker = picker(snap, "tools", "pf-tools", "", "")
	f.PinPicker = picker(snap, "pins", "pf-pins", "", "")
}

func profileContent(c echo.Context) models.ProfileContent {
	return models.ProfileContent{Tools: withPicked(c, "tools", lines(c.FormValue("tools"))), Tier: c.FormValue("tier"), CatalogForm: c.FormValue("catalog_form"),
		Deferred: c.FormValue("deferred") == "1", Pins: withPicked(c, "pins", lines(c.FormValue("pins"))), Message: strings.TrimSpace(c.FormValue("message")),
		SearchBudget: budgetField(c.FormValue("search_budget")), CallBudget: budgetField(c.FormValue("call_budget"))}
}

// budgetField reads a budget as typed: empty is none (0); anything but a
// whole number reads as -1, which validation refuses naming the field.
func budgetField(v string) int {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

// typedProfileForm is the form of refused content, its budgets as the
// user typed them (content holds -1 for a budget that is no number).
func typedProfileForm(c echo.Context, ct models.ProfileContent) views.ProfileForm {
	f := profileFormOf(ct)
	f.SearchBudget = strings.TrimSpace(c.FormValue("search_budget"))
	f.CallBudget = strings.TrimSpace(c.FormValue("call_budget"))
	return f
}

func profileFormOf(ct models.ProfileContent) views.ProfileForm {
	f := views.ProfileForm{Tools: strings.Join(ct.Tools, "\n"), Tier: ct.Tier, CatalogForm: ct.CatalogForm, Deferred: ct.Deferred, Pins: strings.Join(ct.Pins, ","), Message: ct.Message}
	if ct.SearchBudget != 0 {
		f.SearchBudget = strconv.Itoa(ct.SearchBudget)
	}
	if ct.CallBudget != 0 {
		f.CallBudget = strconv.Itoa(ct.CallBudget)
	}
	return f
}
