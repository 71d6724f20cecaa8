package web

import (
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// reviewFilter is the tool review page's filter (query or form).
type reviewFilter struct {
	effects, namespace string
	page               int // 1-based; out of range reads as the nearest page
}

func (f reviewFilter) match(k catalog.Contract) bool {
	if f.effects != "" && string(k.Effects) != f.effects {
		return false
	}
	switch f.namespace {
	case "":
		return true
	case "native":
		return k.Namespace() == ""
	default:
		return k.Namespace() == f.namespace
	}
}

func (f reviewFilter) query() string {
	q := url.Values{}
	if f.effects != "" {
		q.Set("effects", f.effects)
	}
	if f.namespace != "" {
		q.Set("namespace", f.namespace)
	}
	if len(q) == 0 {
		return ""
	}
	return "?" + q.Encode()
}

// effectsRank is e's place in the catalog's order of effects.
func effectsRank(e catalog.Effects) int {
	for i, l := range catalog.EffectLevels {
		if l == e {
			return i
		}
	}
	return len(catalog.EffectLevels)
}

// risky reports effects that need the reviewer's explicit confirmation.
func risky(e catalog.Effects) bool {
	return e == catalog.EffectsDestructive || e == catalog.EffectsExternalWrite
}

func (s *Server) reviewPage(c echo.Context) error {
	f := reviewFilter{effects: c.QueryParam("effects"), namespace: c.QueryParam("namespace"), page: pageNumber(c.QueryParam("page"))}
	return s.renderReview(c, http.StatusOK, f, reviewState{})
}

// reviewState is what a refused submission keeps and says: the selection,
// the read-all ticks, the confirmation and reason as typed, and the
// errors, each also shown beside the control it is about.
type reviewState struct {
	errs      []string
	fieldErrs map[string]string // confirm, reason: shown at the buttons
	selected  map[string]bool
	readAll   map[string]bool // "ns/effects" sets
	confirmed bool
	reason    string
}

// renderReview renders the candidates the filter shows; selected keeps a
// refused submission's selection.
func (s *Server) renderReview(c echo.Context, status int, f reviewFilter, st reviewState) error {
	selected := st.selected
	typed := map[string]string{}
	if c.Request().Method == http.MethodPost {
		if form, err := c.FormParams(); err == nil {
			for key, vs := range form {
				if id, ok := strings.CutPrefix(key, "reword."); ok && len(vs) > 0 {
					typed[id] = vs[0]
				}
			}
		}
	}
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	p := s.page(c, "Review tools", "catalog")
	d := views.ReviewData{CSRF: p.CSRF, Classes: authority.EffectsClasses(), Risks: authority.RiskLevels, Errors: st.errs, Effects: f.effects, Namespace: f.namespace, Confirmed: st.confirmed,
		Reason: st.reason, ConfirmError: st.fieldErrs["confirm"], ReasonError: st.fieldErrs["reason"]}
	for _, e := range catalog.EffectLevels {
		d.EffectsAll = append(d.EffectsAll, string(e))
	}
	type candidate struct {
		r models.Tool
		k catalog.Contract
	}
	var matched []candidate
	nsSeen := map[string]bool{}
	byEffects := map[string]int{}
	for _, r := range snap.Rows() {
		if reasons, rejected := r.RejectedAtImport(); rejected && (f.namespace == "" || f.namespace == r.Namespace) {
			d.Rejected = append(d.Rejected, views.RejectedTool{ID: r.ID, Reasons: problemViews(reasons)})
		}
		if r.Status != models.ToolCandidate {
			continue
		}
		k, err := r.Parsed()
		if err != nil {
			return err
		}
		d.Total++
		if ns := k.Namespace(); ns != "" && !nsSeen[ns] {
			nsSeen[ns] = true
			d.Namespaces = append(d.Namespaces, ns)
		}
		if f.match(k) {
			byEffects[string(k.Effects)]++
			if assumedDestructive(k) {
				d.Assumed++
			}
			matched = append(matched, candidate{r, k})
		}
	}
	d.Shown = len(matched)
	// one page of the shown candidates, by service: only those are read
	// for the page, so its cost is bounded whatever the queue holds
	sort.SliceStable(matched, func(i, j int) bool {
		a, b := matched[i], matched[j]
		if a.r.Namespace != b.r.Namespace {
			return a.r.Namespace < b.r.Namespace
		}
		if ea, eb := effectsRank(a.k.Effects), effectsRank(b.k.Effects); ea != eb {
			return ea < eb // a set's tools are next to each other across pages
		}
		return a.k.ID < b.k.ID
	})
	var start, end int
	d.Pager, start, end = reviewPager(f, len(matched))
	items := map[string][]views.ReviewItem{} // by namespace
	var order []string
	me := userName(c)
	shapers, err := s.store.ConnectionShapers(c.Request().Context())
	if err != nil {
		return err
	}
	view := matched[start:end]
	var picked []candidate // a refused submission shows its selection
	for _, m := range matched {
		if selected[m.k.ID] && len(picked) < reviewPageSize {
			picked = append(picked, m)
		}
	}
	if len(picked) > 0 {
		view = picked
	}
	for _, m := range view {
		if err := c.Request().Context().Err(); err != nil {
			return err // the client is gone: stop reading contracts
		}
		r, k := m.r, m.k
		it, err := s.reviewItem(r, k, snap, me, shapers)
		if err != nil {
			return err
		}
		it.Selected = selected[k.ID] && !it.Own
		it.Class, it.Risk = typedClass(c, k)
		it.Reword = typed[k.ID]
		if r.Reworded() {
			// recorded on the tool's page before the decision: shown, never
			// put in the form, so a decision carries only what the reviewer
			// types on this page
			it.Recorded = r.ReviewedPurpose
		}
		if _, ok := items[r.Namespace]; !ok {
			order = append(order, r.Namespace)
		}
		items[r.Namespace] = append(items[r.Namespace], it)
	}
	sort.Strings(order)
	sort.Strings(d.Namespaces)
	for _, ns := range order {
		d.Groups = append(d.Groups, reviewSets(ns, items[ns], d.Shown <= openBelow, st.readAll))
	}
	for _, e := range catalog.EffectLevels {
		if n := byEffects[string(e)]; n > 0 {
			d.ByEffects = append(d.ByEffects, views.EffectsCount{Effects: string(e), N: n})
		}
	}
	return s.render(c, status, p, views.Review(d))
}

func (s *Server) reviewTools(c echo.Context) error {
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "tools: unreadable form")
	}
	f := reviewFilter{effects: form.Get("effects"), namespace: form.Get("namespace"), page: pageNumber(form.Get("page"))}
	st := reviewState{selected: map[string]bool{}, readAll: map[string]bool{}, confirmed: form.Get("confirm") == "1", reason: form.Get("reason")}
	for _, k := range form["readall"] {
		st.readAll[k] = true
	}
	ids, err := s.reviewSelection(c, form, st.readAll)
	if err != nil {
		return err
	}
	for _, id := range ids {
		st.selected[id] = true
	}
	refuse := func(status int, msg string) error {
		st.errs = append(st.errs, msg)
		return s.renderReview(c, status, f, st)
	}
	status := form.Get("status")
	classes := reviewClasses(form, ids, status)
	if status == models.ToolAvailable && !st.confirmed {
		if names, err := s.riskySelected(c, ids, classes); err != nil {
			return err
		} else if len(names) > 0 {
			msg := views.Plural(len(names), "selected tool is", "selected tools are") +
				" destructive or external-write (" + strings.Join(names, ", ") + "): tick the confirmation next to the button to make them available. Nothing was changed."
			st.fieldErrs = map[string]string{"confirm": msg}
			return refuse(http.StatusUnprocessableEntity, "confirm: "+msg)
		}
	}
	// each selected tool comes with the digest the reviewer saw
	// (digest.<id>): a tool changed since is a 409 and changes nothing
	seen := map[string]string{}
	for _, id := range ids {
		d := strings.TrimSpace(form.Get("digest." + id))
		if d == "" {
			return refuse(http.StatusBadRequest, "digest."+id+": the digest of the tool you reviewed is required. Nothing was changed; reload the page.")
		}
		seen[id] = d
	}
	// reword.<id>: a reviewed rewording of the tool's description, the
	// text the model reads once the tool is available (left empty: the
	// imported description)
	rewords := map[string]string{}
	for key, vs := range form {
		if id, ok := strings.CutPrefix(key, "reword."); ok && len(vs) > 0 && strings.TrimSpace(vs[0]) != "" {
			rewords[id] = vs[0]
		}
	}
	n, err := s.store.DecideTools(c.Request().Context(), userName(c), seen, models.ToolDecision{Status: status, Rewords: rewords, Reason: st.reason, Classes: classes})
	switch {
	case err == nil:
	case errorsIs(err, models.ErrSelfReview):
		return refuse(http.StatusForbidden, "You imported at least one of these tools; another reviewer must decide. Nothing was changed.")
	case errorsIs(err, models.ErrNotFound):
		return refuse(http.StatusUnprocessableEntity, "tools: one of the selected tools no longer exists. Nothing was changed.")
	case errorsIs(err, models.ErrNotUnderReview):
		return refuse(http.StatusConflict, "tools: "+strings.TrimSuffix(err.Error(), ": "+models.ErrNotUnderReview.Error())+"; only candidates are under review. Nothing was changed.")
	case errorsIs(err, models.ErrConflict):
		return refuse(http.StatusConflict, "tools: "+strings.TrimSuffix(err.Error(), ": "+models.ErrConflict.Error())+" (re-imported). Nothing was changed; review it again.")
	default:
		if ve, ok := asValidation(err); ok {
			st.fieldErrs = ve.Fields
			st.errs = append(st.errs, fieldErrorList(ve)...)
			return s.renderReview(c, http.StatusUnprocessableEntity, f, st)
		}
		return err
	}
	msg := views.Plural(n, "tool", "tools") + " marked " + status + "."
	if len(rewords) > 0 {
		msg += " " + views.Plural(len(rewords), "description", "descriptions") + " reworded on review: the model reads the rewording; the imported text stays in the ledger."
	}
	return s.flashAndRedirect(c, msg, "/catalog/review"+f.query())
}
