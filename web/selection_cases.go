package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/eval"
	rt "github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// agentSuite loads an agent's case set: the given version, else the
// newest. An agent without cases gets an empty suite and version 0.
func (s *Server) agentSuite(c echo.Context, agentID uint, version int) (eval.Suite, *models.SelectionCaseSet, error) {
	ctx := c.Request().Context()
	var set *models.SelectionCaseSet
	var err error
	if version > 0 {
		set, err = s.store.SelectionCasesAt(ctx, agentID, version)
	} else {
		set, err = s.store.SelectionCases(ctx, agentID)
	}
	if errors.Is(err, models.ErrNotFound) && version == 0 {
		return eval.Suite{K: eval.DefaultK}, nil, nil
	}
	if err != nil {
		return eval.Suite{}, nil, err
	}
	var suite eval.Suite
	if err := json.Unmarshal([]byte(set.SuiteJSON), &suite); err != nil {
		return eval.Suite{}, nil, fmt.Errorf("web: stored cases of agent %d v%d: %w", agentID, set.Version, err)
	}
	return suite, set, nil
}

// selectionCasesPage shows an agent's cases (?version=N for an older
// one), what they measure under the agent's default profile with and
// without deferred mode, the history and, for editors, the editor.
func (s *Server) selectionCasesPage(c echo.Context) error {
	a, err := s.store.AgentBySlug(c.Request().Context(), c.Param("slug"))
	if err != nil {
		return err
	}
	version, err := versionParam(c)
	if err != nil {
		return err
	}
	return s.renderSelectionCases(c, http.StatusOK, a, version, "", nil)
}

func (s *Server) renderSelectionCases(c echo.Context, status int, a *models.Agent, version int, text string, fe *eval.FieldError) error {
	ctx := c.Request().Context()
	suite, set, err := s.agentSuite(c, a.ID, version)
	if err != nil {
		return err
	}
	d := views.SelectionCasesData{Agent: a.Slug, CanEdit: currentUser(c).Has(models.RoleEditor) || currentUser(c).Has(models.RoleAdmin), CSRF: csrfToken(c), Suite: text}
	if fe != nil {
		d.Error, d.Field = fe.Message, fe.Field
	}
	vs, err := s.store.SelectionCaseVersions(ctx, a.ID)
	if err != nil {
		return err
	}
	for i, v := range vs {
		if i == 0 {
			d.Latest = v.Version
		}
		d.Versions = append(d.Versions, views.SelectionVersionRow{Version: v.Version, Author: v.Author, At: v.CreatedAt.UTC().Format("2006-01-02 15:04 UTC"), Message: v.Message, Cases: v.Cases, Current: i == 0})
	}
	if set != nil {
		d.Version, d.Author, d.Message = set.Version, set.Author, set.Message
		if d.Suite == "" && fe == nil {
			d.Suite = set.Source // as typed
			if d.Suite == "" {
				d.Suite = suiteYAML(suite)
			}
		}
		for _, cs := range suite.Cases {
			d.Cases = append(d.Cases, views.SelectionCaseRow{Task: cs.Task, Expect: cs.Expect, Kind: cs.Kind, HeldOut: cs.HeldOut})
		}
		snap, err := s.snapshot(ctx)
		if err != nil {
			return err
		}
		ac, err := s.loadAgentContext(ctx, a.Slug, "")
		if err != nil {
			return err
		}
		if ac.Profile != nil && ac.Version != nil {
			d.MeasuredUnder = fmt.Sprintf("%s v%d", ac.Profile.Slug, ac.Version.Version)
		}
		skills, err := rt.Skills(ctx, s.store)
		if err != nil {
			return err
		}
		draft := ac.EvalDraft(snap, skills)
		for _, deferred := range []bool{false, true} {
			dd := draft
			dd.Options.Deferred = deferred
			label := "all tools listed"
			if deferred {
				label = "deferred"
			}
			opts, err := s.evalOptions(ctx, snap, ac, dd, nil)
			if err != nil {
				return err
			}
			d.Totals = append(d.Totals, selectionTotals(label, eval.EvaluateWith(dd.Input(), suite.Cases, suite.K, opts)))
		}
	}
	return s.render(c, status, s.page(c, "Selection cases: "+a.Slug, "agents"), views.SelectionCases(d))
}

// saveSelectionCases stores a new version of the agent's cases from the
// editor's text or an uploaded file. Bad input is a 422 naming the field,
// with the input kept; a stale base is a 409; nothing is stored on error.
func (s *Server) saveSelectionCases(c echo.Context) error {
	ctx := c.Request().Context()
	a, err := s.store.AgentBySlug(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	text := c.FormValue("suite")
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		if fh.Size > models.MaxSuiteBytes {
			return s.renderSelectionCases(c, http.StatusRequestEntityTooLarge, a, 0, "", &eval.FieldError{Field: "file", Message: fmt.Sprintf("is larger than %d bytes", models.MaxSuiteBytes)})
		}
		f, err := fh.Open()
		if err != nil {
			return err
		}
		b, _ := io.ReadAll(io.LimitReader(f, models.MaxSuiteBytes+1))
		f.Close()
		text = string(b)
	}
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 0 {
		return s.renderSelectionCases(c, http.StatusUnprocessableEntity, a, 0, text, &eval.FieldError{Field: "base", Message: "is required: the version this edit starts from"})
	}
	suite, err := eval.ParseSuite([]byte(text))
	if err == nil && suite.Agent != "" && suite.Agent != a.Slug {
		err = &eval.FieldError{Field: "agent", Message: fmt.Sprintf("this file is for agent %q; these are %s's cases (remove agent, or import it on %s's page)", suite.Agent, a.Slug, suite.Agent)}
	}
	if err == nil {
		err = s.knownExpectations(c, suite)
	}
	var fe *eval.FieldError
	if errors.As(err, &fe) {
		return s.renderSelectionCases(c, http.StatusUnprocessableEntity, a, 0, text, fe)
	}
	if err != nil {
		return err
	}
	stored := eval.Suite{K: suite.K, Cases: suite.Cases}
	b, _ := json.Marshal(stored)
	_, err = s.store.SaveSelectionCasesTyped(ctx, userName(c), a.ID, base, string(b), text, len(suite.Cases), strings.TrimSpace(c.FormValue("message")))
	if ve, ok := asValidation(err); ok {
		for f, m := range ve.Fields {
			return s.renderSelectionCases(c, http.StatusUnprocessableEntity, a, 0, text, &eval.FieldError{Field: f, Message: m})
		}
	}
	if errors.Is(err, models.ErrConflict) {
		return s.renderSelectionCases(c, http.StatusConflict, a, 0, text, &eval.FieldError{Field: "base", Message: "someone saved a newer version meanwhile; nothing was changed. Your text is kept below: review the current version and save again"})
	}
	if err != nil {
		return err
	}
	msg := fmt.Sprintf("Saved %s for %s.", views.Plural(len(suite.Cases), "selection case", "selection cases"), a.Slug)
	if f := evalOnlyFields(suite); len(f) > 0 {
		msg += " The file's " + strings.Join(f, ", ") + " are for console eval and were not stored: the page measures the agent's own profiles."
	}
	return s.flashAndRedirect(c, msg, "/agents/"+a.Slug+"/cases")
}

// evalOnlyFields names the roster fields of a case file that only
// `console eval` reads (the agent's page evaluates its own profiles).
func evalOnlyFields(s eval.Suite) []string {
	var f []string
	for _, name := range []string{"profile", "tools", "services", "deferred", "pins"} {
		if s.Sets(name) {
			f = append(f, name)
		}
	}
	return f
}

// versionParam reads ?version=N: absent is 0 (the newest); anything but a
// whole number from 1 is a 400 naming the parameter.
func versionParam(c echo.Context) (int, error) {
	q := c.QueryParam("version")
	if q == "" {
		return 0, nil
	}
	v, err := strconv.Atoi(q)
	if err != nil || v < 1 || strconv.Itoa(v) != q {
		return 0, echo.NewHTTPError(http.StatusBadRequest, "version: must be a version number (1, 2, …)")
	}
	return v, nil
}

// knownExpectations refuses an expected tool id no catalog entry has (a
// typo would make a case that can never pass).
func (s *Server) knownExpectations(c echo.Context, suite eval.Suite) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	known := snap.KnownTools()
	for i, cs := range suite.Cases {
		for j, e := range cs.Expect {
			for _, id := range eval.Alternatives(e) {
				if slug, ok := strings.CutPrefix(id, eval.SkillPrefix); ok {
					if _, err := s.store.SkillBySlug(c.Request().Context(), slug); errors.Is(err, models.ErrNotFound) {
						return &eval.FieldError{Field: fmt.Sprintf("cases[%d].expect[%d]", i, j), Message: fmt.Sprintf("no skill is %q", slug)}
					} else if err != nil {
						return err
					}
					continue
				}
				if !known[id] {
					return &eval.FieldError{Field: fmt.Sprintf("cases[%d].expect[%d]", i, j), Message: fmt.Sprintf("no catalog entry is %q", id)}
				}
			}
		}
	}
	return nil
}

// exportSelectionCases downloads a version of the agent's cases as the
// YAML file `console eval` and the import read.
func (s *Server) exportSelectionCases(c echo.Context) error {
	a, err := s.store.AgentBySlug(c.Request().Context(), c.Param("slug"))
	if err != nil {
		return err
	}
	version, err := versionParam(c)
	if err != nil {
		return err
	}
	suite, set, err := s.agentSuite(c, a.ID, version)
	if err != nil {
		return err
	}
	if set == nil {
		return models.ErrNotFound
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, fmt.Sprintf(`attachment; filename="%s-cases-v%d.yaml"`, a.Slug, set.Version))
	return c.Blob(http.StatusOK, "application/yaml; charset=utf-8", []byte(suiteYAML(suite)))
}

func suiteYAML(s eval.Suite) string {
	b, err := yaml.Marshal(eval.Suite{K: s.K, Cases: s.Cases})
	if err != nil {
		return ""
	}
	return string(b)
}
