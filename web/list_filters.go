package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
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
	if name, n := repeatedIn(q, nil); n > 1 {
		return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("%s: give it once (it was given %d times)", name, n))
	}
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

// pageParam is a list's page (the URL's page=, 1-based; 1 when absent);
// anything but a whole number from 1 is refused (400) naming page, on
// every list alike.
func pageParam(q url.Values) (int, error) {
	v := q.Get("page")
	if v == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, echo.NewHTTPError(http.StatusBadRequest, "page: must be a whole number from 1")
	}
	return n, nil
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

// listQuery are the query parameters that may be given more than once:
// their values are joined (subject_groups, a list of groups); every
// other parameter has one value.
var listQuery = []string{"subject_groups"}

// repeatedQuery names the first (by name) single-valued query parameter
// of an API request given more than once, and how many times ("", 0 when
// none is): a handler reads the first value, so a proxy or a client
// appending a second (agent=a&agent=b, limit=1&limit=2) would be silently
// ignored. The gateway (/mcp/) reads its own parameters and says so.
func repeatedQuery(c echo.Context) (string, int) {
	if c.Request().URL.RawQuery == "" || strings.HasPrefix(c.Request().URL.Path, "/mcp/") {
		return "", 0
	}
	return repeatedIn(c.QueryParams(), listQuery)
}

// repeatedIn is the first name of q, in order, given more than once and
// not among lists, with its count ("", 0 when none is).
func repeatedIn(q url.Values, lists []string) (string, int) {
	var names []string
	for k, vs := range q {
		if len(vs) > 1 && !slices.Contains(lists, k) {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		return "", 0
	}
	sort.Strings(names)
	return names[0], len(q[names[0]])
}
