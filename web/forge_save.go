package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// forgeSave saves the forge's draft as a new version of the picked
// profile. The profile keeps tools the agent does not declare (they are
// the profile's business, and never advertised by this agent).
func (s *Server) forgeSave(c echo.Context) error {
	state, err := url.ParseQuery(c.FormValue("state"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "state: unreadable")
	}
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "base: the version the draft started from is required")
	}
	if len(state["sg"]) > 0 {
		// a draft narrowed to a subject's grants is a preview, not a profile
		return echo.NewHTTPError(http.StatusBadRequest, "sg: clear the subject's groups before saving; a profile is not narrowed to a subject")
	}
	fc, err := s.forgeDraft(c, state)
	if err != nil {
		return err
	}
	if fc.ac.Profile == nil || fc.ac.Version == nil {
		return echo.NewHTTPError(http.StatusBadRequest, "profile: pick an agent and a profile to save to")
	}
	ct := models.ProfileContent{Tier: fc.draft.Options.Tier, CatalogForm: fc.draft.Options.CatalogForm, Deferred: fc.draft.Options.Deferred,
		Pins: fc.draft.Options.Pins, Message: strings.TrimSpace(c.FormValue("message"))}
	ct.SearchBudget, ct.CallBudget = budgetsOf(state, fc.ac.Version).values()
	ct.Tools = fc.draft.SelectedIDs()
	declared := map[string]bool{}
	for _, t := range fc.ac.Agent.Declared() {
		declared[t] = true
	}
	for _, t := range fc.ac.Version.Tools() {
		if !declared[t] {
			ct.Tools = append(ct.Tools, t)
		}
	}
	if ct.Pins == nil {
		ct.Pins = []string{}
	}
	return s.saveVersion(c, fc.ac.Profile.Slug, base, ct, func(ve *models.ValidationError) error {
		// the forge again, with the draft as it was and the errors in the
		// form's own words
		data, err := s.forgeData(c, fc, state)
		if err != nil {
			return err
		}
		data.Error = "Not saved: " + summaryText(profileSummary, ve.Fields) + "."
		return s.render(c, http.StatusUnprocessableEntity, s.forgePageModel(c), views.Forge(data))
	})
}
