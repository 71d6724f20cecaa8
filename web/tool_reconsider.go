package web

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// reconsiderTool puts a tool a reviewer rejected back to review from its
// page (models.ReconsiderTool): bound to the digest on the form, with a
// reason, audited; never straight to available.
func (s *Server) reconsiderTool(c echo.Context) error {
	id := c.Param("id")
	err := s.store.ReconsiderTool(c.Request().Context(), userName(c), id, c.FormValue("digest"), c.FormValue("reason"))
	switch {
	case err == nil:
		return s.flashAndRedirect(c, id+": back to review; a reviewer other than its importer decides it again.", "/catalog/tools/"+id)
	case errors.Is(err, models.ErrSelfReview):
		return echo.NewHTTPError(http.StatusForbidden, "You imported this tool; another reviewer reconsiders it.")
	case errors.Is(err, models.ErrNotUnderReview), errors.Is(err, models.ErrLedger):
		return echo.NewHTTPError(http.StatusConflict, "Only a tool a reviewer rejected is reconsidered; one its import rejected comes back through a new import.")
	}
	return rewordRefusal(err)
}
