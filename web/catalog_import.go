package web

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) importForm(c echo.Context) error {
	p := s.page(c, "Import tools", "catalog")
	return s.render(c, http.StatusOK, p, views.ImportPage(views.ImportForm{Format: catalog.FormatMCP, CSRF: p.CSRF}))
}

// readImport reads the import form: the uploaded file wins over pasted
// text. Oversized documents are refused before parsing.
func (s *Server) readImport(c echo.Context) (views.ImportForm, []byte, int) {
	f := views.ImportForm{Format: c.FormValue("format"), Namespace: strings.TrimSpace(c.FormValue("namespace")), Strict: c.FormValue("strict") != "", Errors: views.FieldErrors{}}
	var doc []byte
	if fh, err := c.FormFile("file"); err == nil && fh.Size > 0 {
		if fh.Size > catalog.MaxImportBytes {
			f.Errors["document"] = "the file is larger than 8 MiB"
			return f, nil, http.StatusRequestEntityTooLarge
		}
		file, err := fh.Open()
		if err == nil {
			doc, _ = io.ReadAll(io.LimitReader(file, catalog.MaxImportBytes+1))
			file.Close()
		}
	} else {
		doc = []byte(c.FormValue("document"))
	}
	if len(doc) > catalog.MaxImportBytes {
		f.Errors["document"] = "the document is larger than 8 MiB"
		return f, nil, http.StatusRequestEntityTooLarge
	}
	if len(strings.TrimSpace(string(doc))) == 0 {
		f.Errors["document"] = "upload a file or paste a document"
		return f, nil, http.StatusUnprocessableEntity
	}
	f.Document = string(doc)
	switch f.Format {
	case catalog.FormatMCP, catalog.FormatOpenAI:
		if f.Namespace == "" {
			f.Errors["namespace"] = "a service namespace is required for this format, e.g. github"
			return f, nil, http.StatusUnprocessableEntity
		}
	case catalog.FormatNative:
		f.Namespace = ""
	default:
		f.Errors["format"] = "choose mcp, native or openai"
		return f, nil, http.StatusUnprocessableEntity
	}
	return f, doc, 0
}

// refuseServed renders the import form again, 409, when err is an import
// refused over a connection's namespace (models.NamespaceServedError),
// the reason on the namespace field (the document's, for a native
// import): served is then true. Any other error comes back as it is.
func (s *Server) refuseServed(c echo.Context, p views.Page, f views.ImportForm, err error) (served bool, _ error) {
	var se *models.NamespaceServedError
	if !errors.As(err, &se) {
		return false, err
	}
	field := "namespace"
	if f.Namespace == "" {
		field = "document"
	}
	if f.Errors == nil {
		f.Errors = map[string]string{}
	}
	f.Errors[field] = se.Error()
	return true, s.render(c, http.StatusConflict, p, views.ImportPage(f))
}

func sourceOf(format string) string {
	switch format {
	case catalog.FormatMCP:
		return models.SourceMCP
	case catalog.FormatOpenAI:
		return models.SourceOpenAI
	}
	return models.SourceFile
}

// problemViews are import problems as a page shows them: the tool and the
// field are names from the imported document, escaped (shownName) when
// they hold a character a reader could not see.
func problemViews(ps catalog.Problems) []views.Problem {
	out := make([]views.Problem, len(ps))
	for i, p := range ps {
		out[i] = views.Problem{Tool: shownName(p.Tool), Field: shownName(p.Field), Message: p.Message}
	}
	return out
}

// parseImport reads and validates the import form, tool by tool for a
// third-party document (strict: all or nothing). When the document is
// refused it has already rendered the form with every problem (done).
func (s *Server) parseImport(c echo.Context, p views.Page) (f views.ImportForm, o catalog.Outcome, done bool, err error) {
	f, doc, status := s.readImport(c)
	f.CSRF = p.CSRF
	if status != 0 {
		return f, o, true, s.render(c, status, p, views.ImportPage(f))
	}
	o = catalog.ParseEachContext(c.Request().Context(), f.Format, doc, f.Namespace, f.Strict)
	f.Warnings = problemViews(catalog.Problems(o.Warnings))
	if len(o.Problems) > 0 {
		f.Problems = problemViews(o.Problems)
		return f, o, true, s.render(c, http.StatusUnprocessableEntity, p, views.ImportPage(f))
	}
	return f, o, false, nil
}

// importPreview validates the whole document and shows what it would add,
// change and remove; nothing is stored yet.
func (s *Server) importPreview(c echo.Context) error {
	p := s.page(c, "Import tools", "catalog")
	f, o, done, err := s.parseImport(c, p)
	if done || err != nil {
		return err
	}
	plan, err := s.store.PlanOutcome(c.Request().Context(), sourceOf(f.Format), f.Namespace, o)
	if served, err := s.refuseServed(c, p, f, err); served || err != nil {
		return err
	}
	d := previewData(f, plan, o.Contracts)
	if d.Losses, err = s.importLosses(c.Request().Context(), changedIDs(plan)); err != nil {
		return err
	}
	return s.render(c, http.StatusOK, p, views.ImportPreview(d))
}

// previewData is the preview of a plan; cs are the document's contracts
// (a tool's service, against which what its text asks for is checked).
func previewData(f views.ImportForm, plan models.ImportPlan, cs []catalog.Contract) views.ImportPreviewData {
	checks := newServiceChecks(cs)
	d := views.ImportPreviewData{Form: f, Removed: plan.Removed, Unchanged: plan.Unchanged, Digest: plan.Digest, Empty: plan.Empty()}
	for _, r := range plan.Rejected {
		d.Rejected = append(d.Rejected, views.RejectedTool{Name: shownName(r.Name), ID: shownName(r.ID), Index: r.Index, Reasons: problemViews(r.Problems)})
	}
	for _, k := range plan.Added {
		d.Added = append(d.Added, toolRow(models.Tool{Status: models.ToolCandidate}, k))
		d.Renderings = append(d.Renderings, rendered(k, "added", checks))
		d.Exposes = appendExposed(d.Exposes, k)
	}
	for _, ch := range plan.Changed {
		d.Changed = append(d.Changed, views.ImportChange{ID: ch.New.ID, Diff: lineDiff(prettyJSON(string(catalog.CanonicalJSON(ch.Old))), prettyJSON(string(catalog.CanonicalJSON(ch.New))))})
		d.Renderings = append(d.Renderings, rendered(ch.New, "changed", checks))
		d.Exposes = appendExposed(d.Exposes, ch.New)
	}
	return d
}

// rendered is a contract as the agent gets it, in both forms.
func rendered(k catalog.Contract, change string, checks *serviceChecks) views.RenderedContract {
	return views.RenderedContract{ID: k.ID, Change: change, Full: catalog.RenderFull(k), Compact: catalog.RenderCompact(k), Needs: needViews(k, checks)}
}

// importConfirm re-validates the same document and applies it, refusing
// when the catalog changed since the preview.
func (s *Server) importConfirm(c echo.Context) error {
	p := s.page(c, "Import tools", "catalog")
	f, o, done, err := s.parseImport(c, p)
	if done || err != nil {
		return err
	}
	digest := c.FormValue("digest")
	if digest == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "digest: the preview's digest is required")
	}
	plan, err := s.store.ApplyOutcome(c.Request().Context(), userName(c), sourceOf(f.Format), f.Namespace, o, digest)
	if served, err := s.refuseServed(c, p, f, err); served {
		return err
	}
	if errorsIs(err, models.ErrStalePlan) || errorsIs(err, models.ErrConflict) {
		fresh, perr := s.store.PlanOutcome(c.Request().Context(), sourceOf(f.Format), f.Namespace, o)
		if perr != nil {
			return perr
		}
		p.Flash = "The catalog changed since your preview. Nothing was imported; here is the new preview."
		d := previewData(f, fresh, o.Contracts)
		if d.Losses, err = s.importLosses(c.Request().Context(), changedIDs(fresh)); err != nil {
			return err
		}
		return s.render(c, http.StatusConflict, p, views.ImportPreview(d))
	}
	if err != nil {
		return err
	}
	msg := "Imported: " + views.Plural(len(plan.Added), "tool", "tools") + " added, " + views.Plural(len(plan.Changed), "tool", "tools") + " changed, " + views.Plural(len(plan.Removed), "tool", "tools") + " removed"
	if n := catalog.RejectedTools(plan.Rejected); n > 0 {
		msg += ", " + views.Plural(n, "tool", "tools") + " rejected (each with its reasons on its tool page)"
	}
	if len(plan.Restored) > 0 {
		msg += ", " + views.Plural(len(plan.Restored), "tool", "tools") + " restored to the reviewed version"
	}
	msg += ". New and changed tools await review."
	if len(f.Warnings) > 0 {
		msg += " Warnings: " + views.WarningKinds(f.Warnings) + " (listed on the preview)."
	}
	to := "/catalog?status=candidate"
	if f.Namespace != "" {
		to += "&namespace=" + f.Namespace
	}
	return s.flashAndRedirect(c, msg, to)
}
