package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/views"
)

// forgeDraft builds the draft from the URL state: a custom set over every
// available tool.
func (s *Server) forgeDraft(c echo.Context, q url.Values) (*Snapshot, instruction.Draft, forgeState, error) {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return nil, instruction.Draft{}, forgeState{}, err
	}
	declared := snap.available.Entries()
	services := snap.available.Namespaces()
	st, err := parseForgeState(q, declared, services)
	if err != nil {
		return snap, instruction.Draft{}, st, err
	}
	d := instruction.Draft{Declared: declared, Selected: st.Selected, DeclaredServices: services, Connected: st.Connected, Options: st.Options}
	return snap, d, st, nil
}

func (s *Server) forgePage(c echo.Context) error {
	snap, d, st, err := s.forgeDraft(c, c.QueryParams())
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		return echo.NewHTTPError(http.StatusBadRequest, fe.Error())
	}
	if err != nil {
		return err
	}
	proj, comp, err := s.meter.Project(st.Encoding, d, snap.linter)
	if err != nil {
		return err
	}
	data := forgeView(d, st, proj, comp)
	data.Query = st.encode(d.Declared)
	if isFragment(c) {
		c.Response().Header().Set("HX-Replace-Url", "/forge?"+data.Query)
	}
	return s.render(c, http.StatusOK, s.forgePageModel(c), views.Forge(data))
}

func (s *Server) forgePageModel(c echo.Context) views.Page {
	p := s.page(c, "Forge", "forge")
	p.Wide = true
	return p
}

// forgeSearch previews deferred-mode search over the effective roster.
func (s *Server) forgeSearch(c echo.Context) error {
	state, err := url.ParseQuery(c.QueryParam("state"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "state: unreadable")
	}
	_, d, _, err := s.forgeDraft(c, state)
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	hits := catalog.Search(c.QueryParam("q"), searchable(d.Input()), 10)
	out := make([]views.SearchHit, len(hits))
	for i, h := range hits {
		out[i] = views.SearchHit{Name: h.ID, Description: h.Description}
	}
	return s.render(c, http.StatusOK, s.forgePageModel(c), views.SearchHits(out))
}

// searchable is what deferred search may reach: the roster, less
// code-only helpers when there is no code channel.
func searchable(in instruction.Input) []catalog.Contract {
	hasExec := false
	for _, e := range in.Roster {
		if e.ID() == "exec" {
			hasExec = true
		}
	}
	var out []catalog.Contract
	for _, e := range in.Roster {
		if c := e.Contract(); !c.CodeOnly || hasExec {
			out = append(out, c)
		}
	}
	return out
}

func delta(t meter.Totals) views.Delta {
	return views.Delta{Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}
}

// forgeView turns a projection into the forge's view model: levers grouped
// by class and by service, options, sections and warnings.
func forgeView(d instruction.Draft, st forgeState, p meter.Projection, comp instruction.Composition) views.ForgeData {
	v := views.ForgeData{Encoding: p.Encoding, Encodings: meter.Encodings, Tier: p.Tier, CatalogForm: p.CatalogForm, Deferred: p.Deferred,
		Pins: strings.Join(st.Options.Pins, ","), Totals: delta(p.Totals), Channels: p.Channels, Roster: len(p.Roster), Declared: len(d.Declared), Digest: p.Digest}
	levers := map[string]meter.Lever{}
	for _, l := range p.Levers {
		levers[l.ID] = l
	}
	classGroups := map[catalog.Class]*views.LeverGroup{}
	nsGroups := map[string]*views.LeverGroup{}
	var nsOrder []string
	for _, e := range d.Declared {
		c := e.Contract()
		l := levers[instruction.LeverToolPrefix+c.ID]
		lv := views.LeverView{ID: l.ID, Name: "t", Value: c.ID, Label: c.ID, Title: c.Title + ": " + c.Purpose, On: l.On, Delta: delta(l.Delta)}
		if c.CodeOnly {
			lv.Note = "code-only"
		}
		ns := c.Namespace()
		if ns == "" {
			g, ok := classGroups[c.Class]
			if !ok {
				g = &views.LeverGroup{Title: string(c.Class)}
				classGroups[c.Class] = g
			}
			g.Levers = append(g.Levers, lv)
			continue
		}
		lv.Label = c.Name()
		if !d.Connected[ns] && lv.On {
			lv.Dormant, lv.Note = true, "service off"
		}
		g, ok := nsGroups[ns]
		if !ok {
			cl := levers[instruction.LeverServicePrefix+ns]
			g = &views.LeverGroup{Title: "service " + ns, Collapsed: true,
				Connection: &views.LeverView{ID: cl.ID, Name: "svc", Value: ns, Label: ns + " connected", Title: "connect the whole " + ns + " service", On: cl.On, Delta: delta(cl.Delta)}}
			nsGroups[ns] = g
			nsOrder = append(nsOrder, ns)
		}
		g.Levers = append(g.Levers, lv)
	}
	for _, k := range catalog.Classes {
		if g, ok := classGroups[k]; ok {
			v.Groups = append(v.Groups, *g)
		}
	}
	sort.Strings(nsOrder)
	for _, ns := range nsOrder {
		v.Groups = append(v.Groups, *nsGroups[ns])
	}
	opt := func(id, name, value, label string) {
		l := levers[id]
		v.Options = append(v.Options, views.LeverView{ID: id, Name: name, Value: value, Label: label, On: l.On, Delta: delta(l.Delta)})
	}
	opt(instruction.LeverCompact, "form", catalog.FormCompact, "compact catalog")
	for _, t := range instruction.Tiers {
		opt(instruction.LeverTierPrefix+t, "tier", t, t+" tier")
	}
	opt(instruction.LeverDeferred, "deferred", "1", "deferred tools")
	for _, sec := range p.Sections {
		v.Sections = append(v.Sections, views.SectionRow{ID: sec.ID, Group: sec.Group, Tokens: sec.Tokens, Reason: sec.Reason, Text: sec.Text})
	}
	v.Largest = append([]views.SectionRow(nil), v.Sections...)
	sort.SliceStable(v.Largest, func(a, b int) bool { return v.Largest[a].Tokens > v.Largest[b].Tokens })
	if len(v.Largest) > 4 {
		v.Largest = v.Largest[:4]
	}
	for _, w := range p.Warnings {
		v.Warnings = append(v.Warnings, views.Warning{Section: w.Section, Tool: w.Tool, Signal: w.Signal, Excerpt: w.Excerpt})
	}
	if dropped := len(st.Options.Pins) - len(comp.Options.Pins); dropped > 0 {
		v.Notes = append(v.Notes, fmt.Sprintf("%d pin(s) are not in the roster and were ignored.", dropped))
	}
	return v
}
