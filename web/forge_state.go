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

// parseForgeState reads the state. Three shapes are accepted: the form's
// checkboxes (s=1, t=…, svc=…), the canonical share link (off=… or on=…,
// svc=…), and nothing at all (everything declared selected, every service
// connected). Unknown tool ids are ignored: the roster can only hold what
// is declared.
func parseForgeState(q url.Values, declared []*catalog.Entry, services []string) (forgeState, error) {
	st := forgeState{Selected: map[string]bool{}, Connected: map[string]bool{}, Options: instruction.DefaultOptions(), Encoding: meter.O200k}
	switch {
	case q.Get("s") == "1":
		for _, id := range q["t"] {
			st.Selected[id] = true
		}
		for _, ns := range q["svc"] {
			st.Connected[ns] = true
		}
	default:
		if on, ok := q["on"]; ok {
			for _, id := range splitList(strings.Join(on, ",")) {
				st.Selected[id] = true
			}
		} else {
			off := map[string]bool{}
			for _, id := range splitList(q.Get("off")) {
				off[id] = true
			}
			for _, e := range declared {
				if !off[e.ID()] {
					st.Selected[e.ID()] = true
				}
			}
		}
		if svc, ok := q["svc"]; ok {
			for _, ns := range splitList(strings.Join(svc, ",")) {
				st.Connected[ns] = true
			}
		} else {
			for _, ns := range services {
				st.Connected[ns] = true
			}
		}
	}
	if v := q.Get("tier"); v != "" {
		st.Options.Tier = v
	}
	if v := q.Get("form"); v != "" {
		st.Options.CatalogForm = v
	}
	if v := q.Get("compact"); v != "" {
		st.Options.CatalogForm = catalog.FormCompact
	}
	st.Options.Deferred = q.Get("deferred") == "1"
	st.Options.Pins = splitList(q.Get("pins"))
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
func (st forgeState) encode(declared []*catalog.Entry) string {
	v := url.Values{}
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
	} else if len(off) > 0 {
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
		if len(st.Options.Pins) > 0 {
			v.Set("pins", strings.Join(st.Options.Pins, ","))
		}
	}
	v.Set("enc", st.Encoding)
	return v.Encode()
}
