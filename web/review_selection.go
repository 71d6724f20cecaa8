package web

import (
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// reviewSelection is the tools a submission selects: the ticked ones and,
// for each set ticked "I have read these" (readAll, "ns/effects"), every
// candidate of that set whose digest the page carried, that is every
// tool of the set the reviewer was shown. In the form's order, once each.
func (s *Server) reviewSelection(c echo.Context, form url.Values, readAll map[string]bool) ([]string, error) {
	var ids []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	for _, id := range form["tools"] {
		add(id)
	}
	if len(readAll) == 0 {
		return ids, nil
	}
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return nil, err
	}
	var shown []string
	for key := range form {
		if id, ok := strings.CutPrefix(key, "digest."); ok {
			shown = append(shown, id)
		}
	}
	sort.Strings(shown)
	for _, id := range shown {
		r, ok := snap.Row(id)
		if !ok || r.Status != models.ToolCandidate {
			continue
		}
		k, err := r.Parsed()
		if err != nil {
			return nil, err
		}
		if readAll[setKey(k.Namespace(), string(k.Effects))] {
			add(id)
		}
	}
	return ids, nil
}

// setKey names a review set in the form: "<service>/<effects>", "native"
// for tools without a service.
func setKey(ns, effects string) string {
	if ns == "" {
		ns = "native"
	}
	return ns + "/" + effects
}

// fieldErrorList writes each field error as "field: message", sorted.
func fieldErrorList(ve *models.ValidationError) []string {
	keys := make([]string, 0, len(ve.Fields))
	for k := range ve.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, k+": "+ve.Fields[k])
	}
	return out
}

// riskySelected lists the selected candidates that are destructive or
// external-write: by the class the reviewer set (classes), else by the
// pre-filled one.
func (s *Server) riskySelected(c echo.Context, ids []string, classes map[string]models.Classification) ([]string, error) {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return nil, err
	}
	var out []string
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		r, ok := snap.Row(id)
		if !ok {
			continue // the store reports unknown ids
		}
		k, err := r.Parsed()
		if err != nil {
			return nil, err
		}
		effects := k.Effects
		if cl, ok := classes[id]; ok {
			effects = catalog.Effects(cl.Effects)
		}
		if risky(effects) {
			out = append(out, id)
		}
	}
	return out, nil
}

// openBelow: when the filters leave at most this many candidates, their
// sets start open; above it every set starts closed, so a large import
// reads as a short list of groups.
const openBelow = 12

// reviewSets splits one namespace's candidates into sets by effects, in
// the catalog's order of effects. A set starts open when it holds a kept
// selection (a refused submission) or when open is set.
func reviewSets(ns string, items []views.ReviewItem, open bool, readAll map[string]bool) views.ReviewGroup {
	g := views.ReviewGroup{Namespace: ns}
	for _, e := range catalog.EffectLevels {
		key := setKey(ns, string(e))
		set := views.ReviewSet{Effects: string(e), Open: open, Key: key, ReadAll: readAll[key]}
		for _, it := range items {
			if it.Row.Effects == string(e) {
				set.Items = append(set.Items, it)
				set.Open = set.Open || it.Selected
				if !it.Own {
					set.Selectable++
				}
			}
		}
		if len(set.Items) > 0 {
			g.Sets = append(g.Sets, set)
		}
	}
	return g
}
