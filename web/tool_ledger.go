package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// ledgerData is a tool's ledger entry for its page; a reviewer who did
// not import it (own: imported it or shaped its connection) gets the
// classification form, prefilled from the classification or else the
// annotation's hint.
func ledgerData(c echo.Context, r models.Tool, hint string, own bool) *views.LedgerData {
	d := &views.LedgerData{ID: r.ID, Source: r.Source, ImportedBy: r.ImportedBy, Digest: r.Digest, Trust: r.Trust, Validation: r.Validation,
		HintEffects: hint, Effects: r.ClassEffects, Risk: r.ClassRisk, ClassifiedBy: r.ClassifiedBy, BoundDigest: r.ClassifiedDigest,
		EffectsClass: authority.EffectsClasses(), Risks: authority.RiskLevels, CSRF: csrfToken(c)}
	if r.ClassifiedAt != nil {
		d.ClassifiedAt = r.ClassifiedAt.UTC().Format(time.DateTime)
	}
	d.FormEffects, d.FormRisk = r.ClassEffects, r.ClassRisk
	if d.FormEffects == "" {
		d.FormEffects, d.FormRisk = hint, models.HintRisk(hint)
	}
	u := currentUser(c)
	d.CanClassify = u != nil && u.Has(models.RoleReviewer) && !own &&
		(r.Validation == authority.StateStructurallyValid || r.Validation == authority.StateBindable)
	d.CanReconsider = u != nil && u.Has(models.RoleReviewer) && !own && r.Validation == authority.StateRejected && r.Reasons == ""
	return d
}

// classifyTool records a reviewer's classification of one tool, bound to
// the digest on the form, and moves it to bindable (or rejects it).
func (s *Server) classifyTool(c echo.Context) error {
	id := c.Param("id")
	to := c.FormValue("decision")
	if to != authority.StateBindable && to != authority.StateRejected {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "decision: must be bindable or rejected")
	}
	effects, risk := c.FormValue("effects"), c.FormValue("risk")
	if to == authority.StateBindable && (!slices.Contains(authority.EffectsClasses(), effects) || !slices.Contains(authority.RiskLevels, risk)) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "effects and risk: choose a class and a risk level")
	}
	err := s.store.ClassifyTool(c.Request().Context(), userName(c), id, c.FormValue("digest"), to, models.Classification{Effects: effects, Risk: risk})
	switch {
	case errors.Is(err, models.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "No such tool.")
	case errors.Is(err, models.ErrSelfReview):
		return echo.NewHTTPError(http.StatusForbidden, "You imported this tool; another reviewer classifies it.")
	case errors.Is(err, models.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, "The descriptor changed since you opened it; reload and review the new one.")
	case errors.Is(err, models.ErrLedger):
		return echo.NewHTTPError(http.StatusConflict, "This tool's ledger state does not allow that move.")
	}
	if ve, ok := asValidation(err); ok {
		for f, msg := range ve.Fields {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, f+": "+msg)
		}
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("%s is %s.", id, to), "/catalog/tools/"+id)
}

// rewordTool records a reviewer's rewording of one tool's description
// from its page, bound to the digest on the form: under review or
// already available, the model reads the rewording from then on.
func (s *Server) rewordTool(c echo.Context) error {
	id := c.Param("id")
	if err := s.store.RewordTool(c.Request().Context(), userName(c), id, c.FormValue("digest"), c.FormValue("reword")); err != nil {
		return rewordRefusal(err)
	}
	return s.flashAndRedirect(c, id+": description reworded; the model reads the rewording, the imported text stays in the ledger.", "/catalog/tools/"+id)
}

// clearReword removes a tool's rewording from its page, bound to the
// digest on the form: the model reads the imported description again.
func (s *Server) clearReword(c echo.Context) error {
	id := c.Param("id")
	if err := s.store.ClearReword(c.Request().Context(), userName(c), id, c.FormValue("digest")); err != nil {
		return rewordRefusal(err)
	}
	return s.flashAndRedirect(c, id+": rewording removed; the model reads the imported description again (an available tool goes back to review).", "/catalog/tools/"+id)
}

// rewordParams records a reviewer's rewordings of a tool's parameter
// descriptions from its page (fields param:POINTER; an empty one gives
// the imported description back), bound to the digest on the form:
// under review or already available, the model reads them from then on.
func (s *Server) rewordParams(c echo.Context) error {
	id := c.Param("id")
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
	}
	texts := map[string]string{}
	for key, vs := range form {
		if ptr, ok := strings.CutPrefix(key, "param:"); ok && len(vs) > 0 {
			texts[ptr] = vs[0]
		}
	}
	if err := s.store.RewordParams(c.Request().Context(), userName(c), id, c.FormValue("digest"), texts); err != nil {
		return rewordRefusal(err)
	}
	return s.flashAndRedirect(c, id+": parameter descriptions recorded; the model reads the rewordings, the imported texts stay in the ledger.", "/catalog/tools/"+id)
}

// rewordRefusal is the answer to a refused rewording (of a description or
// of parameter descriptions): the ledger's refusals by their status, and
// every field of a validation error, in order, as one 422.
func rewordRefusal(err error) error {
	switch {
	case errors.Is(err, models.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "No such tool.")
	case errors.Is(err, models.ErrSelfReview):
		return echo.NewHTTPError(http.StatusForbidden, "You imported this tool; another reviewer rewords it.")
	case errors.Is(err, models.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, "The descriptor changed since you opened it; reload and review the new one.")
	case errors.Is(err, models.ErrLedger):
		return echo.NewHTTPError(http.StatusConflict, "This tool is rejected; a rejected tool is not reworded.")
	}
	if ve, ok := asValidation(err); ok {
		keys := make([]string, 0, len(ve.Fields))
		for f := range ve.Fields {
			keys = append(keys, f)
		}
		slices.Sort(keys)
		msgs := make([]string, len(keys))
		for i, f := range keys {
			msgs[i] = f + ": " + ve.Fields[f]
		}
		return echo.NewHTTPError(http.StatusUnprocessableEntity, strings.Join(msgs, "; "))
	}
	return err
}
