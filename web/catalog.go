package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func toolRow(r models.Tool, c catalog.Contract) views.ToolRow {
	return views.ToolRow{ID: c.ID, Title: c.Title, Class: string(c.Class), Effects: string(c.Effects), CodeOnly: c.CodeOnly, AlwaysOn: c.AlwaysOn,
		Status: r.Status, Source: r.Source, Version: c.Version, Digest: r.Digest}
}

func (s *Server) catalogPage(c echo.Context) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	q := c.QueryParams()
	if err := onlyFilters(q, "catalog", catalogFilters, "namespace"); err != nil {
		return err
	}
	// service= is the Service filter's name; namespace=, its earlier one,
	// still reads
	service := q.Get("service")
	if service == "" {
		service = q.Get("namespace")
	}
	d := views.CatalogData{Query: q.Get("q"), Class: q.Get("class"), Effects: q.Get("effects"), Namespace: service, Status: q.Get("status"), Total: len(snap.Rows())}
	for _, k := range catalog.Classes {
		d.Classes = append(d.Classes, string(k))
	}
	for _, e := range catalog.EffectLevels {
		d.EffectsAll = append(d.EffectsAll, string(e))
	}
	nsSeen := map[string]bool{}
	order := snap.Universe()
	if strings.TrimSpace(d.Query) != "" {
		byID := map[string]catalog.Contract{}
		for _, k := range snap.Universe() {
			byID[k.ID] = k
		}
		order = nil
		for _, h := range catalog.NewBrowseIndex(snap.Universe()).Search(d.Query, catalog.MaxSearchLimit) {
			order = append(order, byID[h.ID])
		}
	}
	for _, k := range snap.Universe() {
		if ns := k.Namespace(); ns != "" && !nsSeen[ns] {
			nsSeen[ns] = true
			d.Namespaces = append(d.Namespaces, ns)
		}
	}
	for _, e := range []error{oneOf("class", d.Class, d.Classes), oneOf("effects", d.Effects, d.EffectsAll),
		oneOf("service", d.Namespace, append([]string{"native"}, d.Namespaces...)), oneOf("status", d.Status, catalogStatuses)} {
		if e != nil {
			return e
		}
	}
	for _, k := range order {
		r, _ := snap.Row(k.ID)
		if r.Status == models.ToolCandidate {
			d.Candidates++
		}
		if (d.Class != "" && string(k.Class) != d.Class) || (d.Effects != "" && string(k.Effects) != d.Effects) || (d.Status != "" && r.Status != d.Status) {
			continue
		}
		if d.Namespace != "" && !(d.Namespace == "native" && k.Namespace() == "" || k.Namespace() == d.Namespace) {
			continue
		}
		d.Rows = append(d.Rows, toolRow(r, k))
	}
	if d.Query != "" {
		d.Candidates = 0
		for _, r := range snap.Rows() {
			if r.Status == models.ToolCandidate {
				d.Candidates++
			}
		}
	}
	if err := paginate(&d, q); err != nil {
		return err
	}
	u := currentUser(c)
	d.CanImport, d.CanReview = u.Has(models.RoleAdmin), u.Has(models.RoleReviewer)
	return s.render(c, http.StatusOK, s.page(c, "Catalog", "catalog"), views.Catalog(d))
}

func (s *Server) toolPage(c echo.Context) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	r, ok := snap.Row(c.Param("id"))
	if !ok {
		return echo.NewHTTPError(http.StatusNotFound, "No such tool.")
	}
	// what the model reads: the reviewed rewording, when one applies
	k, err := r.Effective()
	if err != nil {
		return err
	}
	full, compact := catalog.NewUnit(catalog.RenderFull(k)), catalog.NewUnit(catalog.RenderCompact(k))
	d := views.ToolData{Row: toolRow(r, k), Purpose: catalog.Dedent(k.Purpose), Returns: k.Returns, Constraints: k.Constraints, Signals: k.AllSignals(),
		Full: full.Text, Compact: compact.Text, ImportedBy: r.ImportedBy, ImportedAt: r.ImportedAt.UTC().Format(time.DateTime), ReviewedBy: r.ReviewedBy}
	if r.ReviewedAt != nil {
		d.ReviewedAt = r.ReviewedAt.UTC().Format(time.DateTime)
	}
	for _, enc := range meter.Encodings {
		nf, err := s.meter.CountUnit(enc, full)
		if err != nil {
			return err
		}
		nc, err := s.meter.CountUnit(enc, compact)
		if err != nil {
			return err
		}
		d.FullTokens = append(d.FullTokens, views.FormCount{Encoding: enc, Tokens: nf})
		d.CompactCount = append(d.CompactCount, views.FormCount{Encoding: enc, Tokens: nc})
	}
	d.Mentions = mentionViews(snap.Mentions(k))
	// the import's own hint, not the contract the model reads (which
	// speaks the reviewer's classification once there is one)
	imported, err := r.Parsed()
	if err != nil {
		return err
	}
	// what the text the model reads asks for: the reviewer's rewording
	// once there is one (the imported text stays in the ledger)
	d.Needs = needViews(k, newServiceChecks(snap.Universe()))
	// what the imported description says it returns (the review page's
	// judgment): a rewording does not change what the tool does
	d.Exposes = catalog.ExposesSecrets(imported)
	u := currentUser(c)
	shapers, err := s.store.ConnectionShapers(c.Request().Context())
	if err != nil {
		return err
	}
	own := u != nil && models.OwnTool(&r, u.Username, shapers)
	if ns := k.Namespace(); ns != "" && r.Source == models.SourceMCP {
		if conn, err := s.store.ConnectionByName(c.Request().Context(), ns); err == nil {
			d.Connection, d.ConnectionLink = conn.Name, u != nil && u.Has(models.RoleAdmin)
		}
	}
	d.Reword = views.RewordData{Imported: imported.Purpose, Stale: r.ReviewedPurpose != "" && !r.Reworded(), ID: r.ID, Digest: r.Digest, CSRF: csrfToken(c),
		CanReword: u != nil && u.Has(models.RoleReviewer) && !own && r.Reasons == "" && r.Validation != authority.StateRejected}
	if r.Reworded() {
		d.Reword.Text, d.Reword.By = r.ReviewedPurpose, r.ReviewedPurposeBy
	}
	d.ParamReword = views.ParamRewordData{Stale: r.ReviewedParams != "" && !r.ParamsReworded(), By: r.ReviewedParamsBy, ID: r.ID, Digest: r.Digest, CSRF: csrfToken(c), CanReword: d.Reword.CanReword}
	rewordings := r.ParamRewordings()
	for _, n := range models.ParamNodes(imported) {
		d.ParamReword.Rows = append(d.ParamReword.Rows, views.ParamRewordRow{Pointer: n.Pointer, Name: n.Name, Imported: n.Description, Text: rewordings[n.Pointer]})
	}
	d.Ledger = ledgerData(c, r, string(imported.Effects), own)
	d.Ledger.HintAssumed = imported.EffectsAssumed
	d.Ledger.Contradiction = catalog.EffectsContradiction(imported.Purpose, imported.Effects)
	if d.Bindings, err = s.toolBindings(c, snap, r.ID); err != nil {
		return err
	}
	ps, err := s.store.HintProposals(c.Request().Context(), r.ID)
	if err != nil {
		return err
	}
	d.Hints = hintsData(c, r, k.SearchHints, ps)
	if r.PrevJSON != "" {
		d.Diff = lineDiff(prettyJSON(r.PrevJSON), prettyJSON(r.Contract))
	}
	if reasons, rejected := r.RejectedAtImport(); rejected {
		d.Rejection = &views.Rejection{Reasons: problemViews(reasons), Descriptor: prettyJSON(r.Descriptor)}
	}
	if len(k.Members) > 0 {
		b, _ := json.MarshalIndent(k.Members, "", "  ")
		d.Members = string(b)
	}
	return s.render(c, http.StatusOK, s.page(c, k.ID, "catalog"), views.ToolDetail(d))
}

func mentionViews(fs []instruction.Finding) []views.Mention {
	out := make([]views.Mention, len(fs))
	for i, f := range fs {
		out[i] = views.Mention{Tool: f.Tool, Signal: f.Signal, Excerpt: f.Excerpt}
	}
	return out
}

// needViews are the capability findings of a tool before review: what its
// text asks of the agent that neither it nor its service provides (the
// service's check from checks, built once per service).
func needViews(k catalog.Contract, checks *serviceChecks) []views.Need {
	var out []views.Need
	// a tool it asks for that another service of the console has is
	// connected: the advice says to add it to the roster, not connect one
	for _, f := range checks.others.Advice(checks.of(k).Check(k), k) {
		out = append(out, views.Need{Class: f.Class, Signal: f.Signal, Excerpt: f.Excerpt, Suggestion: f.Suggestion, Field: f.Field})
	}
	return out
}

func prettyJSON(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	return string(b)
}
