package web

import (
	"net/url"
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

// forgeState is everything the forge's URL keeps.
type forgeState struct {
	Selected  map[string]bool
	Connected map[string]bool
	Options   instruction.Options
	Encoding  string
}

// maxForgeList bounds list parameters.
const maxForgeList = 4000

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	if len(out) > maxForgeList {
		out = out[:maxForgeList]
	}
	return out
}

// parseForgeState reads the state over defaults. Three shapes are
// accepted: the form's checkboxes (s=1, t=…, svc=…: absent means off), the
// canonical share link (on=… or off=…, svc=…, tier, form, deferred, host, enc),
// and nothing at all (the defaults: the profile's selection and options,
// or everything declared). Unknown tool ids are ignored: the roster can
// only hold what is declared.
func parseForgeState(q url.Values, declared []*catalog.Entry, def forgeState) (forgeState, error) {
	st := forgeState{Selected: def.Selected, Connected: def.Connected, Options: def.Options, Encoding: def.Encoding}
	if st.Encoding == "" {
		st.Encoding = meter.O200k
	}
	form := q.Get("s") == "1"
	_, hasOn := q["on"]
	_, hasOff := q["off"]
	switch {
	case form:
		st.Selected = map[string]bool{}
		for _, id := range q["t"] {
			st.Selected[id] = true
		}
	case hasOn:
		st.Selected = map[string]bool{}
		for _, id := range splitList(strings.Join(q["on"], ",")) {
			st.Selected[id] = true
		}
	case hasOff:
		off := map[string]bool{}
		for _, id := range splitList(q.Get("off")) {
			off[id] = true
		}
		st.Selected = map[string]bool{}
		for _, e := range declared {
			if !off[e.ID()] {
				st.Selected[e.ID()] = true
			}
		}
	}
	if svc, ok := q["svc"]; ok || form {
		st.Connected = map[string]bool{}
		for _, ns := range splitList(strings.Join(svc, ",")) {
			st.Connected[ns] = true
		}
	}
	if v := q.Get("tier"); v != "" {
		st.Options.Tier = v
	}
	if v, ok := q["form"]; ok || form {
		st.Options.CatalogForm = catalog.FormFull
		if len(v) > 0 && v[0] != "" {
			st.Options.CatalogForm = v[0]
		}
	}
	if v, ok := q["deferred"]; ok || form {
		st.Options.Deferred = len(v) > 0 && v[0] == "1"
	}
	if v, ok := q["host"]; ok || form {
		// who reads the reply protocol: "" the runtime API's text protocol,
		// "mcp" an MCP client through the gateway (what initialize serves)
		st.Options.Host = ""
		if len(v) > 0 {
			st.Options.Host = v[0]
		}
	}
	if _, ok := q["pins"]; ok || form {
		st.Options.Pins = splitList(q.Get("pins"))
	}
	if v := q.Get("enc"); v != "" {
		st.Encoding = v
	}
	if err := st.Options.Validate(); err != nil {
		return st, err
	}
	if !meter.ValidEncoding(st.Encoding) {
		return st, &instruction.FieldError{Field: "enc", Message: "\"" + st.Encoding + "\" is not one of o200k_base, cl100k_base"}
	}
	return st, nil
}

// encode writes the canonical, shortest share link for the state.
func (st forgeState) encode(declared []*catalog.Entry, agent, profile string) string {
	v := url.Values{}
	if agent != "" {
		v.Set("agent", agent)
	}
	if profile != "" {
		v.Set("profile", profile)
	}
	var on, off []string
	for _, e := range declared {
		if st.Selected[e.ID()] {
			on = append(on, e.ID())
		} else {
			off = append(off, e.ID())
		}
	}
	if len(on) < len(off) {
		v.Set("on", strings.Join(on, ","))
	} else {
		v.Set("off", strings.Join(off, ","))
	}
	var svc []string
	for ns, ok := range st.Connected {
		if ok {
			svc = append(svc, ns)
		}
	}
	sort.Strings(svc)
	v.Set("svc", strings.Join(svc, ","))
	v.Set("tier", st.Options.Tier)
	v.Set("form", st.Options.CatalogForm)
	if st.Options.Deferred {
		v.Set("deferred", "1")
	} else {
		v.Set("deferred", "0")
	}
	v.Set("pins", strings.Join(st.Options.Pins, ","))
	if st.Options.Host != "" {
		v.Set("host", st.Options.Host)
	}
	v.Set("enc", st.Encoding)
	return v.Encode()
}
