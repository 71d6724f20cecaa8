package web

import (
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/toolpick"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// pickerName is what a picker's field and target names may hold.
var pickerName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_-]{0,63}$`)

// pickerModeGrants makes a picker offer grant lines ("tool ID", "service
// NAME") rather than tool ids.
const pickerModeGrants = "grants"

// picker builds the picker of one list field over every stored tool (what
// the lists may name), filtered by query; a tool not yet available says
// so in its label.
func picker(snap *Snapshot, field, target, mode, query string) views.Picker {
	rows := snap.Rows()
	ids := make([]string, 0, len(rows))
	status := make(map[string]string, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
		if r.Status != models.ToolAvailable {
			status[r.ID] = r.Status
		}
	}
	p := views.Picker{Field: field, Target: target, Mode: mode, Query: query}
	for _, g := range toolpick.Groups(ids, query) {
		pg := views.PickGroup{Service: g.Service}
		if mode == pickerModeGrants && g.Service != toolpick.Native {
			pg.Options = append(pg.Options, views.Option{Value: "service " + g.Service, Label: "every tool of " + g.Service})
		}
		for _, id := range g.IDs {
			o := views.Option{Value: id, Label: id}
			if mode == pickerModeGrants {
				o.Value = "tool " + id
			}
			if st := status[id]; st != "" {
				o.Label += " (" + st + ")"
			}
			pg.Options = append(pg.Options, o)
		}
		p.Shown += len(g.IDs)
		p.Groups = append(p.Groups, pg)
	}
	return p
}

// toolPick answers a picker's search box with its filtered options.
func (s *Server) toolPick(c echo.Context) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	field, target, mode := c.QueryParam("field"), c.QueryParam("target"), c.QueryParam("mode")
	if !pickerName.MatchString(field) || !pickerName.MatchString(target) || (mode != "" && mode != pickerModeGrants) {
		return echo.NewHTTPError(http.StatusBadRequest, "field, target, mode: a picker names its field and target with letters, digits, - and _; mode is empty or grants")
	}
	p := picker(snap, field, target, mode, boundedQuery(c.QueryParam("q")))
	return s.render(c, http.StatusOK, s.page(c, "Tool picker", "catalog"), views.PickerOptions(p))
}

// boundedQuery keeps at most 200 bytes of a search box's text.
func boundedQuery(q string) string {
	if len(q) > 200 {
		q = strings.ToValidUTF8(q[:200], "")
	}
	return q
}

// withPicked adds the ids chosen in field's picker (field+"_add") to
// list, each once, after what was typed.
func withPicked(c echo.Context, field string, list []string) []string {
	form, err := c.FormParams()
	if err != nil {
		return list
	}
	for _, id := range form[field+"_add"] {
		if id = strings.TrimSpace(id); id != "" && !slices.Contains(list, id) {
			list = append(list, id)
		}
	}
	return list
}

// summaryField is one field of a form's error summary: its name in the
// errors, the id of its input and the label the summary shows.
type summaryField struct {
	Name, Target, Label string
}

// errorSummary lists a form's errors in field order: a field whose
// problems are itemized (items[name]) gets one entry per problem, any
// other field its message; errors of fields not in order come last.
func errorSummary(order []summaryField, errs map[string]string, items map[string][]string) []views.ErrorItem {
	var out []views.ErrorItem
	done := map[string]bool{}
	for _, f := range order {
		done[f.Name] = true
		msg, ok := errs[f.Name]
		if !ok {
			continue
		}
		if list := items[f.Name]; len(list) > 0 {
			for _, m := range list {
				out = append(out, views.ErrorItem{Target: f.Target, Label: f.Label, Message: m})
			}
			continue
		}
		out = append(out, views.ErrorItem{Target: f.Target, Label: f.Label, Message: msg})
	}
	var rest []string
	for name := range errs {
		if !done[name] {
			rest = append(rest, name)
		}
	}
	slices.Sort(rest)
	for _, name := range rest {
		out = append(out, views.ErrorItem{Label: name, Message: errs[name]})
	}
	return out
}

// summaryText is the errors of a form in one line, each by its label in
// the form's order ("Searches per run: is a whole number …; Calls per
// run: …"), for a page that shows them as a flash.
func summaryText(order []summaryField, errs map[string]string) string {
	var parts []string
	for _, e := range errorSummary(order, errs, nil) {
		parts = append(parts, e.Label+": "+e.Message)
	}
	return strings.Join(parts, "; ")
}

// problemStrings is each problem's message.
func problemStrings(ps []toolpick.Problem) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}
