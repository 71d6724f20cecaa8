package web

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/views"
)

func rosterDiff(was, now instruction.Input) (added, removed []string) {
	in := func(es []*catalog.Entry) map[string]bool {
		m := map[string]bool{}
		for _, e := range es {
			m[e.ID()] = true
		}
		return m
	}
	w, n := in(was.Roster), in(now.Roster)
	for _, e := range now.Roster {
		if !w[e.ID()] {
			added = append(added, e.ID())
		}
	}
	for _, e := range was.Roster {
		if !n[e.ID()] {
			removed = append(removed, e.ID())
		}
	}
	return added, removed
}

func optionChanges(a, b instruction.Options) []string {
	var out []string
	if a.Tier != b.Tier {
		out = append(out, "tier "+a.Tier+" → "+b.Tier)
	}
	if a.CatalogForm != b.CatalogForm {
		out = append(out, "catalog "+a.CatalogForm+" → "+b.CatalogForm)
	}
	if a.Deferred != b.Deferred {
		out = append(out, fmt.Sprintf("deferred %v → %v", a.Deferred, b.Deferred))
	}
	if strings.Join(a.Pins, ",") != strings.Join(b.Pins, ",") {
		out = append(out, "pins "+strings.Join(a.Pins, ",")+" → "+strings.Join(b.Pins, ","))
	}
	return out
}

func delta(t meter.Totals) views.Delta {
	return views.Delta{Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}
}

// forgeView turns a projection into the forge's view model: levers grouped
// by class and by service, options, sections and warnings.
func forgeView(d instruction.Draft, st forgeState, p meter.Projection, comp instruction.Composition) views.ForgeData {
	reach := comp.Reach()
	v := views.ForgeData{Encoding: p.Encoding, Encodings: meter.Encodings, Tier: p.Tier, CatalogForm: p.CatalogForm, Deferred: p.Deferred,
		Pins: strings.Join(st.Options.Pins, ","), Host: st.Options.Host, Totals: delta(p.Totals), Channels: p.Channels, Roster: reach.Reach, Waiting: reach.Waiting,
		Declared: len(d.Declared), Digest: p.Digest}
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
			if !d.Selected["exec"] {
				lv.Note = "needs exec"
			}
		}
		if lv.Note == "" && d.ApprovalOnly != nil && d.ApprovalOnly(c.ID) {
			// the subject is granted it only with a person's approval per
			// call: the instruction marks it so
			lv.Note, lv.NoteTitle = "asks approval", "granted to this subject only with a person's approval per call: the instruction says it "+catalog.ApprovalMark
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
			// a connected service's tools are in play: in sight, not
			// folded behind their group
			g = &views.LeverGroup{Title: "service " + ns, Service: ns, Collapsed: !d.Connected[ns],
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
		v.Options = append(v.Options, views.LeverView{ID: id, Name: name, Value: value, Label: label, On: l.On, Delta: delta(l.Delta), Radio: name == "tier"})
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
		v.Warnings = append(v.Warnings, views.Warning{Kind: w.Kind, Section: w.Section, Tool: w.Tool, Signal: w.Signal, Excerpt: w.Excerpt,
			Class: w.Class, Entry: w.Entry, Field: w.Field})
	}
	v.Notes = append(v.Notes, ignoredPins(st.Options.Pins, comp.Options.Pins, d.Input().Roster)...)
	return v
}

// ignoredPins names each pin the composition does not keep, and why: not
// in the roster, or a code-only helper (never shown as a tool, so a pin on
// it pins nothing).
func ignoredPins(pins, composed []string, roster []*catalog.Entry) []string {
	kept := map[string]bool{}
	for _, p := range composed {
		kept[p] = true
	}
	codeOnly := map[string]bool{}
	for _, e := range roster {
		codeOnly[e.ID()] = e.CodeOnly()
	}
	var out []string
	for _, p := range pins {
		switch {
		case kept[p]:
			continue
		case codeOnly[p]:
			out = append(out, "Pin "+p+" is ignored: it is a code-only helper, called from programs in the code channel and never shown as a tool (pin exec instead).")
		default:
			out = append(out, "Pin "+p+" is ignored: it is not in the roster.")
		}
		kept[p] = true
	}
	return out
}
