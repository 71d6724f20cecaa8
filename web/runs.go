package web

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

const timeFormat = "2006-01-02 15:04:05"

// runPageRows is how many of a run's latest requests its page shows;
// runListRows how many runs the runs page lists, the most recent first.
var runPageRows, runListRows = 1000, 100

// runsPage lists the latest deferred runs the filter keeps (agent,
// trigger, day range); a bad filter names its field (400), no rows.
func (s *Server) runsPage(c echo.Context) error {
	ctx := c.Request().Context()
	if err := onlyFilters(c.QueryParams(), "runs list", runsFilters); err != nil {
		return err
	}
	fv := views.RunFilterForm{Agent: c.QueryParam("agent"), Trigger: c.QueryParam("trigger"), From: c.QueryParam("from"), To: c.QueryParam("to")}
	f, errs := runFilter(fv)
	agents, err := s.agentOptions(c)
	if err != nil {
		return err
	}
	fv.Agents, fv.Errors = agents, errs
	if knownAgent(f.Agent, agents) != nil {
		errs["agent"] = "no such agent"
	}
	if len(errs) > 0 {
		return s.render(c, http.StatusBadRequest, s.page(c, "Runs", "runs"), views.RunsList(nil, 0, fv))
	}
	// one more than the page lists says whether older runs are left out
	runs, err := s.store.FilteredRuns(ctx, f, runListRows+1)
	if err != nil {
		return err
	}
	more := 0
	if len(runs) > runListRows {
		runs, more = runs[:runListRows], runListRows
	}
	ids := make([]string, len(runs))
	for i, r := range runs {
		ids[i] = r.Run
	}
	callers, err := s.runCallers(ctx, ids)
	if err != nil {
		return err
	}
	rows := make([]views.RunListRow, len(runs))
	for i, r := range runs {
		rows[i] = views.RunListRow{Run: r.Run, Agent: r.Agent, Caller: callers[r.Run], Events: r.Events, Steps: r.Steps, Last: r.Last.UTC().Format(timeFormat)}
	}
	return s.render(c, http.StatusOK, s.page(c, "Runs", "runs"), views.RunsList(rows, more, fv))
}

// runFilter reads the runs list's filter: days are UTC dates, "to"
// included; each bad field is named.
func runFilter(fv views.RunFilterForm) (models.RunFilter, map[string]string) {
	f := models.RunFilter{Agent: strings.TrimSpace(fv.Agent), Trigger: fv.Trigger}
	errs := map[string]string{}
	if f.Trigger != "" && f.Trigger != models.TriggerGateway && f.Trigger != models.TriggerAPI {
		errs["trigger"] = "choose gateway or api"
	}
	day := func(field, v string) time.Time {
		if v = strings.TrimSpace(v); v == "" {
			return time.Time{}
		}
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			errs[field] = "a date as YYYY-MM-DD"
		}
		return d
	}
	f.Since = day("from", fv.From)
	if to := day("to", fv.To); !to.IsZero() {
		f.Until = to.AddDate(0, 0, 1)
	}
	if !f.Since.IsZero() && !f.Until.IsZero() && !f.Since.Before(f.Until) {
		errs["to"] = "is before from"
	}
	return f, errs
}

// runPage shows one run's evidence.
func (s *Server) runPage(c echo.Context) error {
	run := c.Param("run")
	if !deferred.ValidRun(run) {
		return echo.NewHTTPError(http.StatusNotFound, "No such run.")
	}
	// one more than the page shows says whether older requests are left out
	evs, err := s.store.RunEvents(c.Request().Context(), run, runPageRows+1)
	if err != nil {
		return err
	}
	if len(evs) == 0 {
		return echo.NewHTTPError(http.StatusNotFound, "No such run.")
	}
	callers, err := s.runCallers(c.Request().Context(), []string{run})
	if err != nil {
		return err
	}
	d := views.RunData{Run: run, Agent: evs[0].Agent, Profile: evs[0].Profile, Caller: callers[run], Gateway: strings.HasPrefix(run, gatewayRunPrefix)}
	if len(evs) > runPageRows {
		evs, d.Latest = evs[1:], runPageRows
	}
	surfaces := map[string]bool{}
	for i, e := range evs {
		surfaces[e.Surface] = true
		r := runEventRow(e)
		r.SurfaceChanged = i > 0 && e.Surface != evs[i-1].Surface
		d.Rows = append(d.Rows, r)
	}
	d.Surfaces = len(surfaces)
	return s.render(c, http.StatusOK, s.page(c, "Run "+run, "runs"), views.RunPage(d))
}

// verdictCarried is the verdict of the search event the gateway records
// when it re-issues an activation on a new surface (gateway.carry).
const verdictCarried = "carried"

func runEventRow(e models.RunEvent) views.RunEventRow {
	if e.Kind == models.RunSearch && e.Verdict == verdictCarried {
		e.Kind = views.RunKindCarried // the gateway's re-issued activation (gateway.carry), no search
	}
	return views.RunEventRow{At: e.CreatedAt.UTC().Format(timeFormat), Kind: e.Kind, Step: e.Step, Surface: e.Surface, QueryBytes: e.QueryBytes, Hits: e.Hits,
		Active: e.Active, Activated: e.Activated, Reachable: e.Reachable, Accepted: e.Accepted, Rejected: e.Rejected, RejectedWhy: e.RejectedWhy,
		SchemaBytes: e.SchemaBytes, TextBytes: e.TextBytes, Tokens: e.Tokens, PrefixTokens: e.PrefixTokens, NewTokens: e.Tokens - e.PrefixTokens,
		Digest: e.Digest, Receipts: e.Receipts, Tool: shownName(e.Tool), Verdict: verdictText(e.Verdict), VerdictCode: e.Verdict,
		CallStatus: e.CallStatus, Latency: fmt.Sprintf("%.1f ms", float64(e.LatencyUS)/1000), ResultBytes: e.ResultBytes, Approval: e.Approval}
}

// shownName is a name from a request (a tool the model called, kept as it
// was sent) as a page shows it: as it is, or, when a reader could not see
// all of it (a direction override, a zero-width or control character),
// quoted with every such character escaped.
func shownName(s string) string { return catalog.ShownName(s) }
