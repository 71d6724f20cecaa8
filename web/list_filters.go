package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// List pages' filters, as their forms and links send them: a parameter a
// page does not filter by is refused (onlyFilters), so a mistyped or
// guessed filter (service= on the runs list) never shows the whole list
// as if it were filtered.
var (
	runsFilters    = []string{"agent", "trigger", "from", "to"}
	catalogFilters = []string{"q", "class", "effects", "service", "status", "page"}
	checksFilters  = []string{"agent"}
	auditFilters   = []string{"actor", "action", "subject", "since", "until", "page"}
	// catalogStatuses are the catalog Status filter's values, as its form
	// offers them
	catalogStatuses = []string{models.ToolAvailable, models.ToolCandidate, models.ToolRejected}
)

// onlyFilters refuses (400) the first query parameter, by name, that is
// neither among the page's filters nor an earlier name of one (old:
// still read, not offered), naming it and the filters the page has.
func onlyFilters(q url.Values, page string, filters []string, old ...string) error {
	var unknown []string
	for k := range q {
		if !slices.Contains(filters, k) && !slices.Contains(old, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: the %s has no such filter; its filters are %s", unknown[0], page, strings.Join(filters, ", ")))
}

// oneOf refuses (400) a filter's value that is not one of allowed, naming
// the filter and the values it takes; "" (any) passes.
func oneOf(field, v string, allowed []string) error {
	if v == "" || slices.Contains(allowed, v) {
		return nil
	}
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: %q is not one of %s", field, v, strings.Join(allowed, ", ")))
}

// knownAgent refuses (400) an agent filter naming no agent; "" (any
// agent) passes.
func knownAgent(agent string, agents []views.Option) error {
	if agent == "" || slices.ContainsFunc(agents, func(o views.Option) bool { return o.Value == agent }) {
		return nil
	}
	return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("agent: no such agent %q", agent))
}
