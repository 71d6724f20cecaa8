package web

import (
	"net/url"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
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
// external-write.
func (s *Server) riskySelected(c echo.Context, ids []string) ([]string, error) {
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
		if risky(k.Effects) {
			out = append(out, id)
		}
	}
	return out, nil
}
