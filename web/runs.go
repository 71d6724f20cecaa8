package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

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

// runsPage lists the latest deferred runs.
func (s *Server) runsPage(c echo.Context) error {
	// one more than the page lists says whether older runs are left out
	runs, err := s.store.RecentRuns(c.Request().Context(), runListRows+1)
	if err != nil {
		return err
	}
	more := 0
	if len(runs) > runListRows {
		runs, more = runs[:runListRows], runListRows
	}
	rows := make([]views.RunListRow, len(runs))
	for i, r := range runs {
		rows[i] = views.RunListRow{Run: r.Run, Agent: r.Agent, Events: r.Events, Steps: r.Steps, Last: r.Last.UTC().Format(timeFormat)}
	}
	return s.render(c, http.StatusOK, s.page(c, "Runs", "runs"), views.RunsList(rows, more))
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
	d := views.RunData{Run: run, Agent: evs[0].Agent, Profile: evs[0].Profile}
	if len(evs) > runPageRows {
		evs, d.Latest = evs[1:], runPageRows
	}
	surfaces := map[string]bool{}
	for _, e := range evs {
		surfaces[e.Surface] = true
		d.Rows = append(d.Rows, runEventRow(e))
	}
	d.Surfaces = len(surfaces)
	return s.render(c, http.StatusOK, s.page(c, "Run "+run, "runs"), views.RunPage(d))
}

func runEventRow(e models.RunEvent) views.RunEventRow {
	return views.RunEventRow{At: e.CreatedAt.UTC().Format(timeFormat), Kind: e.Kind, Step: e.Step, Surface: e.Surface, QueryBytes: e.QueryBytes, Hits: e.Hits,
		Active: e.Active, Activated: e.Activated, Reachable: e.Reachable, Accepted: e.Accepted, Rejected: e.Rejected, RejectedWhy: e.RejectedWhy,
		SchemaBytes: e.SchemaBytes, TextBytes: e.TextBytes, Tokens: e.Tokens, PrefixTokens: e.PrefixTokens, NewTokens: e.Tokens - e.PrefixTokens,
		Digest: e.Digest, Receipts: e.Receipts, Tool: shownName(e.Tool), Verdict: e.Verdict,
		CallStatus: e.CallStatus, Latency: fmt.Sprintf("%.1f ms", float64(e.LatencyUS)/1000), ResultBytes: e.ResultBytes}
}

// shownName is a name from a request (a tool the model called, kept as it
// was sent) as a page shows it: as it is, or, when a reader could not see
// all of it (a direction override, a zero-width or control character),
// quoted with every such character escaped.
func shownName(s string) string {
	if catalog.HiddenText(s) == "" && !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	return strconv.QuoteToASCII(s)
}
