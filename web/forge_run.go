package web

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/views"
)

// simRun is the run id of the forge's simulated runs.
const simRun = "forge-simulator"

// maxSimSteps bounds the searches a simulation replays.
const maxSimSteps = 24

// forgeRun serves GET /forge/run: the run simulator fragment, the URL
// keeping the state (htmx pushes the forge link that renders the same).
func (s *Server) forgeRun(c echo.Context) error {
	q := c.QueryParams()
	fc, err := s.forgeDraft(c, q)
	if err != nil {
		return err
	}
	if !fc.draft.Options.Deferred {
		return echo.NewHTTPError(http.StatusBadRequest, "deferred: the run simulator needs deferred mode")
	}
	sim, err := s.runSimulation(c.Request().Context(), fc, q)
	if err != nil {
		return err
	}
	if q.Get("format") == "text" {
		return c.Blob(http.StatusOK, "text/plain; charset=utf-8", []byte(sim.Text))
	}
	setURLHeader(c.Response().Header(), "HX-Push-Url", sim.ResetURL+simQuery(q))
	return s.render(c, http.StatusOK, s.forgePageModel(c), views.RunSimulator(sim))
}

// simQuery is the simulator's part of the URL: the searches taken and the
// pending one.
func simQuery(q url.Values) string {
	v := url.Values{}
	for _, r := range q["rq"] {
		v.Add("rq", r)
	}
	if p := q.Get("q"); p != "" {
		v.Set("q", p)
	}
	if len(v) == 0 {
		return ""
	}
	return "&" + v.Encode()
}

// simKey derives the simulator's receipt key from the server's, so a
// receipt minted in the forge never verifies at the runtime API.
func (s *Server) simKey(ctx context.Context) ([]byte, error) {
	k, err := s.receiptKey(ctx)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, k)
	m.Write([]byte("forge run simulator"))
	return m.Sum(nil), nil
}

// runSimulation replays the searches taken (rq) over the draft's surface,
// one step each, with the same functions as the runtime API, and previews
// the pending search (q).
func (s *Server) runSimulation(ctx context.Context, fc forgeContext, q url.Values) (views.RunSim, error) {
	d := fc.draft
	agent, profile := "", ""
	if fc.ac.Agent != nil {
		agent = fc.ac.Agent.Slug
		if fc.ac.Profile != nil {
			profile = fc.ac.Profile.Slug
		}
	}
	canonical := fc.state.encode(d.Declared, agent, profile)
	sim := views.RunSim{ResetURL: "/forge?" + canonical, Pending: q.Get("q")}
	cv, _ := url.ParseQuery(canonical)
	for k, vs := range cv {
		for _, v := range vs {
			sim.Hidden = append(sim.Hidden, views.KV{Key: k, Value: v})
		}
	}
	taken := q["rq"]
	if len(taken) > maxSimSteps {
		taken = taken[:maxSimSteps]
	}
	tv := url.Values{"format": {"text"}}
	for _, r := range taken {
		tv.Add("rq", r)
	}
	sim.TextURL = "/forge/run?" + canonical + subjectQuery(q) + "&" + tv.Encode()
	for _, r := range taken {
		sim.Hidden = append(sim.Hidden, views.KV{Key: "rq", Value: r})
	}
	in := d.Input()
	sf, err := deferred.NewSurface(in.Roster, deferred.SurfaceOptions{Agent: agent, Profile: profile, Services: in.Services, Pins: d.Options.Pins})
	var pe *deferred.PinError
	if errors.As(err, &pe) {
		sim.Error = pe.Error()
		d.Options.Pins = nil
		sf, err = deferred.NewSurface(in.Roster, deferred.SurfaceOptions{Agent: agent, Profile: profile, Services: in.Services})
	}
	if err != nil {
		return sim, err
	}
	sim.Reachable = sf.Reachable()
	key, err := s.simKey(ctx)
	if err != nil {
		return sim, err
	}
	enc := fc.state.Encoding
	plainDraft := d
	plainDraft.Options.Deferred = false
	plain, err := instruction.Compose(plainDraft.Input())
	if err != nil {
		return sim, err
	}
	_, plainTotals, err := s.meter.Measure(enc, plain)
	if err != nil {
		return sim, err
	}
	ceil := s.runCeilings()
	var groups [][]json.RawMessage
	step := func(query string) error {
		act, err := deferred.Reconstruct(key, simRun, sf, groups, ceil)
		if err != nil {
			return err
		}
		d.Activated = act.Activated
		p, _, err := s.meter.ProjectStep(enc, d, nil)
		if err != nil {
			return err
		}
		st := views.RunSimStep{N: len(sim.Steps), Query: query, Active: p.Active, Activated: act.Activated, Total: p.Totals.Total, Prefix: p.PrefixTokens,
			New: p.Totals.Total - p.PrefixTokens, Plain: plainTotals.Total}
		if st.Total > 0 {
			st.PrefixPct = st.Prefix * 100 / st.Total
		}
		sim.Steps = append(sim.Steps, st)
		sim.SumDeferred += st.Total
		sim.SumPlain += st.Plain
		sim.SumNew += st.New
		sim.Text = p.Text
		sim.Activated = ""
		for _, sec := range p.Sections {
			if sec.ID == instruction.SectionActivated {
				sim.Activated = sec.Text
			}
		}
		return nil
	}
	if err := step(""); err != nil {
		return sim, err
	}
	search := func(query string, n int) ([]string, *deferred.Receipt, error) {
		hits, err := sf.Search(query, deferred.DefaultSearchLimit, ceil)
		if err != nil {
			return nil, nil, err
		}
		names := make([]string, len(hits))
		for i, h := range hits {
			names[i] = h.ID
		}
		if len(names) == 0 {
			return nil, nil, nil
		}
		r := deferred.Mint(key, deferred.KindSearch, simRun, sf.Key(), n, names)
		return names, &r, nil
	}
	for i, query := range taken {
		_, r, err := search(query, i)
		if err != nil {
			sim.Error = fmt.Sprintf("search %d: %s", i+1, simError(err))
			break
		}
		if r != nil {
			raw, _ := json.Marshal(r)
			groups = append(groups, []json.RawMessage{raw})
		} else {
			groups = append(groups, nil)
		}
		if err := step(query); err != nil {
			sim.Error = err.Error()
			break
		}
	}
	if sim.Pending != "" {
		names, r, err := search(sim.Pending, len(taken))
		if err != nil {
			sim.Error = simError(err)
		} else if r != nil {
			b, _ := json.MarshalIndent(r, "", "  ")
			sim.Receipt = string(b)
			hits, _ := sf.Search(sim.Pending, deferred.DefaultSearchLimit, ceil)
			for i, h := range hits {
				sim.Hits = append(sim.Hits, views.SearchHit{Name: names[i], Description: h.Description})
			}
		}
	}
	n := len(sim.Steps)
	switch diff := sim.SumPlain - sim.SumDeferred; {
	case diff > 0:
		sim.Pays = true
		sim.Verdict = fmt.Sprintf("Deferral pays here: %s fewer instruction tokens than the non-deferred instruction over %s (each search is one more model round).", views.Num(diff), views.Plural(n, "step", "steps"))
	default:
		sim.Verdict = fmt.Sprintf("The non-deferred instruction is cheaper here by %s tokens over %s: small catalogs may remain cheaper without deferral.", views.Num(-diff), views.Plural(n, "step", "steps"))
	}
	return sim, nil
}

// simError words a refused search for the simulator's sentence: an input
// error's message alone (its field prefix is for an API error's field).
func simError(err error) string {
	var ie *deferred.InputError
	if errors.As(err, &ie) {
		return ie.Message
	}
	return err.Error()
}
