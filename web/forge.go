package web

import (
	"errors"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// forgeContext is one forge request's inputs: the catalog, the draft, the
// URL state and, when an agent is picked, the agent and profile.
type forgeContext struct {
	snap  *Snapshot
	draft instruction.Draft
	state forgeState
	ac    runtime.AgentContext
	notes []instruction.RosterNote
	base  instruction.Draft // the saved profile's draft, before the URL's changes
	// noTools, in the MCP form, is why the gateway would serve the
	// agent's subject no tool (zero when it serves one): the form's text
	// says it as initialize does (one fixed sentence), the page's notes
	// give the details
	noTools noToolsWhy
	// served counts, in the MCP form, the declared tools a connection
	// serves ("N of M declared")
	served int
	// grants are every group's current grants, read once for an agent's
	// forge (its subject narrowing and the subject picker)
	grants []authority.Grant
}

// forgeDraft builds the draft from the URL: an agent (and profile) when
// one is picked, else a custom set over every available tool. A bad
// parameter is a 400 naming it.
func (s *Server) forgeDraft(c echo.Context, q url.Values) (forgeContext, error) {
	fc, err := s.buildForgeDraft(c, q)
	var fe *instruction.FieldError
	if errors.As(err, &fe) {
		return fc, echo.NewHTTPError(http.StatusBadRequest, fe.Error())
	}
	return fc, err
}

func (s *Server) buildForgeDraft(c echo.Context, q url.Values) (forgeContext, error) {
	var fc forgeContext
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return fc, err
	}
	fc.snap = snap
	var d instruction.Draft
	if slug := q.Get("agent"); slug != "" {
		fc.ac, err = s.loadAgentContext(c.Request().Context(), slug, q.Get("profile"))
		if err != nil {
			return fc, err
		}
		// the subject picker: only what the picked groups are granted
		if fc.grants, err = s.store.AllGrants(c.Request().Context()); err != nil {
			return fc, err
		}
		if fc.ac, err = forSubject(snap, fc.ac, fc.grants, q); err != nil {
			return fc, err
		}
		d, fc.notes = fc.ac.Draft(snap, nil)
	} else {
		d = instruction.Draft{Declared: snap.Available().Entries(), Selected: map[string]bool{}, DeclaredServices: snap.Available().Namespaces(), Connected: map[string]bool{}, Options: instruction.DefaultOptions()}
		for _, e := range d.Declared {
			d.Selected[e.ID()] = true
		}
		for _, ns := range d.DeclaredServices {
			d.Connected[ns] = true
		}
	}
	if d.Skills, err = runtime.Skills(c.Request().Context(), s.store); err != nil {
		return fc, err
	}
	fc.base = d
	def := forgeState{Selected: d.Selected, Connected: d.Connected, Options: d.Options, Encoding: meter.O200k}
	st, err := parseForgeState(q, d.Declared, def)
	if err != nil {
		return fc, err
	}
	// the URL cannot connect a service the agent lacks
	known := map[string]bool{}
	for _, ns := range d.DeclaredServices {
		known[ns] = true
	}
	for ns := range st.Connected {
		if !known[ns] {
			delete(st.Connected, ns)
		}
	}
	d.Selected, d.Connected, d.Options = st.Selected, st.Connected, st.Options
	if d.Options.MCP() {
		// the MCP form is what the gateway teaches: only the tools it lists
		served, err := s.gw.conns.served(c.Request().Context(), s)
		if err != nil {
			return fc, err
		}
		if fc.ac.Agent != nil {
			groups, err := subjectGroups(q)
			if err != nil {
				return fc, err
			}
			profile := ""
			if fc.ac.Profile != nil {
				profile = fc.ac.Profile.Slug
			}
			declared := declaredOf(fc.ac, snap)
			fc.noTools = draftNoTools(d, declared, s.awaitingReview(c.Request().Context(), fc.ac, declared), fc.ac.Agent.Slug, profile, subjectOf(groups), served, fc.ac.Authorized)
		}
		d = mcpDraft(d, served)
		fc.served = len(d.Declared)
	}
	fc.draft, fc.state = d, st
	return fc, nil
}

func (s *Server) forgePage(c echo.Context) error {
	fc, err := s.forgeDraft(c, c.QueryParams())
	if err != nil {
		return err
	}
	data, err := s.forgeData(c, fc, c.QueryParams())
	if err != nil {
		return err
	}
	c.Response().Header().Add("Vary", "HX-Target")
	if isFragment(c) {
		setURLHeader(c.Response().Header(), "HX-Replace-Url", "/forge?"+data.Query)
		if c.Request().Header.Get("HX-Target") == "projection" {
			// a lever changed: the projection and the levers' states only
			return s.render(c, http.StatusOK, s.forgePageModel(c), views.ForgeUpdate(data))
		}
	}
	return s.render(c, http.StatusOK, s.forgePageModel(c), views.Forge(data))
}

// forgeData projects the draft and builds the page's view model; q is
// the draft's query (the URL's, or a refused save's state).
func (s *Server) forgeData(c echo.Context, fc forgeContext, q url.Values) (views.ForgeData, error) {
	proj, comp, err := s.meter.Project(fc.state.Encoding, fc.draft, fc.snap.Fidelity())
	if err != nil {
		return views.ForgeData{}, err
	}
	data := forgeView(fc.draft, fc.state, proj, comp)
	if served, err := s.gw.conns.served(c.Request().Context(), s); err == nil {
		byID := make(map[string]catalog.Contract, len(fc.draft.Declared))
		for _, e := range fc.draft.Declared {
			byID[e.ID()] = e.Contract()
		}
		for i := range data.Groups {
			g := &data.Groups[i]
			g.Served = served[g.Service]
			for j := range g.Levers {
				if c, ok := byID[g.Levers[j].Value]; ok {
					g.Levers[j].Served = gatewayServes(served, c)
				}
			}
		}
	}
	agentSlug, profileSlug := "", ""
	if fc.ac.Agent != nil {
		agentSlug = fc.ac.Agent.Slug
		if fc.ac.Profile != nil {
			profileSlug = fc.ac.Profile.Slug
		}
	}
	data.Query = fc.state.encode(fc.draft.Declared, agentSlug, profileSlug)
	data.Agent, data.Profile = agentSlug, profileSlug
	if fc.ac.Agent != nil {
		// every tool the agent declares, offered or not: "7 of 8 declared"
		// says one is out (the roster notes say why), "7 of 7" would hide it
		data.Declared = len(fc.ac.Agent.Declared())
		if fc.draft.Options.MCP() {
			// over MCP only what a connection serves is declared to the
			// client: built-ins never reach it
			data.Declared = fc.served
		}
	}
	if fc.noTools.detail != "" {
		// the editor's page gets the details; the MCP form (the model's
		// text) only the fixed sentence
		data.Notes = append(data.Notes, fc.noTools.detail)
	} else if !fc.draft.Options.MCP() {
		// the runtime form: say still when the gateway would serve none
		if n := s.mcpUnservedNote(c.Request().Context(), fc.ac, fc.snap); n != "" {
			data.Notes = append(data.Notes, n)
		}
	}
	data.CSRF = csrfToken(c)
	for _, n := range fc.notes {
		data.RosterNotes = append(data.RosterNotes, views.Warning{Tool: n.Tool, Signal: n.Reason})
	}
	if err := s.pickerData(c, &data); err != nil {
		return data, err
	}
	if fc.ac.Agent != nil {
		if data.Subject, err = s.subjectPicker(c.Request().Context(), fc, q); err != nil {
			return data, err
		}
		data.Query += subjectQuery(q)
	}
	if fc.draft.Options.Deferred {
		sim, err := s.runSimulation(c.Request().Context(), fc, q)
		if err != nil {
			return data, err
		}
		data.Run = &sim
	}
	if err := s.deferredNotes(&data, fc); err != nil {
		return data, err
	}
	if fc.ac.Version != nil {
		saved, err := s.versionTotals(c.Request().Context(), fc.snap, fc.ac, fc.base.Skills, fc.state.Encoding)
		if err != nil {
			return data, err
		}
		if fc.draft.Options.MCP() {
			// the saved version as the gateway serves it: the change is the
			// draft's, not the protocol form's
			served, err := s.gw.conns.served(c.Request().Context(), s)
			if err != nil {
				return data, err
			}
			base := mcpDraft(fc.base, served)
			p, _, err := s.meter.Project(fc.state.Encoding, base, nil)
			if err != nil {
				return data, err
			}
			saved = p.Totals
		}
		cmp := &views.Compare{Version: fc.ac.Version.Version, Saved: views.Delta{Body: saved.Body, Protocol: saved.Protocol, Catalog: saved.Catalog, Total: saved.Total}}
		cmp.Change = views.Delta{Body: data.Totals.Body - saved.Body, Protocol: data.Totals.Protocol - saved.Protocol, Catalog: data.Totals.Catalog - saved.Catalog, Total: data.Totals.Total - saved.Total}
		was := fc.base.Input()
		now := fc.draft.Input()
		cmp.Added, cmp.Removed = rosterDiff(was, now)
		cmp.OptionsChanged = optionChanges(fc.base.Options, fc.draft.Options)
		data.Compare = cmp
		u := currentUser(c)
		data.CanSave = u.Has(models.RoleEditor) || u.Has(models.RoleAdmin)
		data.BaseVersion = fc.ac.Profile.CurrentVersion
	}
	budgetLevers(&data, fc, q)
	if len(q["sg"]) > 0 && data.CanSave {
		// a subject's preview is not saved as a profile (forgeSave refuses
		// it): say so where the Save form was
		data.CanSave = false
		data.SaveOff = saveOffForSubject
	}
	return data, nil
}

// saveOffForSubject is what the forge shows in place of its Save form
// while a subject's groups are ticked.
const saveOffForSubject = "Saving is off while a subject's groups are ticked: this previews what a member of them is offered, and a profile is not narrowed to a subject. Untick the groups to save the draft as a new version."

// pickerData fills the agent and profile pickers.
func (s *Server) pickerData(c echo.Context, data *views.ForgeData) error {
	ctx := c.Request().Context()
	as, err := s.store.Agents(ctx)
	if err != nil {
		return err
	}
	for _, a := range as {
		data.Agents = append(data.Agents, views.Option{Value: a.Slug, Label: a.Name})
	}
	ps, err := s.store.Profiles(ctx)
	if err != nil {
		return err
	}
	for _, p := range ps {
		data.Profiles = append(data.Profiles, views.Option{Value: p.Slug, Label: p.Name})
	}
	return nil
}

func (s *Server) forgePageModel(c echo.Context) views.Page {
	p := s.page(c, "Forge", "forge")
	p.Wide = true
	return p
}
