package web

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

var servicePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// ComposeRequest is a composition asked for by tool list: what the CLI and
// the runtime API take.
type ComposeRequest struct {
	Tools       []string `json:"tools,omitempty"`
	Without     []string `json:"without,omitempty"`
	Services    []string `json:"services,omitempty"`
	Tier        string   `json:"tier,omitempty"`
	CatalogForm string   `json:"catalog_form,omitempty"`
	Deferred    bool     `json:"deferred,omitempty"`
	Pins        []string `json:"pins,omitempty"`
	Encoding    string   `json:"encoding,omitempty"`
}

// ComposeDirect composes the listed tools (declared and selected, in the
// given order) with the listed services connected. "ns.*" names every
// available tool of a service. An unknown tool, a tool of a service that is
// not connected, or an unknown service is an error naming the field.
func ComposeDirect(snap *Snapshot, m *meter.Meter, req ComposeRequest) (meter.Projection, error) {
	d, err := draftFromRequest(snap, req)
	if err != nil {
		return meter.Projection{}, err
	}
	enc := req.Encoding
	if enc == "" {
		enc = meter.O200k
	}
	p, _, err := m.Project(enc, d, snap.linter)
	return p, err
}

func draftFromRequest(snap *Snapshot, req ComposeRequest) (instruction.Draft, error) {
	opts := instruction.DefaultOptions()
	if req.Tier != "" {
		opts.Tier = req.Tier
	}
	if req.CatalogForm != "" {
		opts.CatalogForm = req.CatalogForm
	}
	opts.Deferred, opts.Pins = req.Deferred, req.Pins
	if err := opts.Validate(); err != nil {
		return instruction.Draft{}, err
	}
	known := map[string]bool{}
	for _, ns := range snap.available.Namespaces() {
		known[ns] = true
	}
	connected := map[string]bool{}
	var services []string
	for _, ns := range req.Services {
		// a connection may exist before any of its tools is available
		if !servicePattern.MatchString(ns) {
			return instruction.Draft{}, &instruction.FieldError{Field: "services", Message: fmt.Sprintf("%q is not a service name (^[a-z][a-z0-9_]*$)", ns)}
		}
		if !connected[ns] {
			connected[ns] = true
			services = append(services, ns)
		}
	}
	without := map[string]bool{}
	for _, id := range req.Without {
		without[id] = true
	}
	d := instruction.Draft{Selected: map[string]bool{}, DeclaredServices: services, Connected: connected, Options: opts}
	add := func(e *catalog.Entry) {
		if !d.Selected[e.ID()] && !without[e.ID()] {
			d.Selected[e.ID()] = true
			d.Declared = append(d.Declared, e)
		}
	}
	for _, id := range req.Tools {
		if ns, ok := strings.CutSuffix(id, ".*"); ok {
			if !known[ns] {
				return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("unknown service %q in %q", ns, id)}
			}
			for _, e := range snap.available.Entries() {
				if e.Contract().Namespace() == ns {
					add(e)
				}
			}
		} else {
			e, ok := snap.available.Get(id)
			if !ok {
				return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("unknown tool id %q (not in the catalog of available tools)", id)}
			}
			add(e)
		}
	}
	for _, e := range d.Declared {
		if ns := e.Contract().Namespace(); ns != "" && !connected[ns] {
			return instruction.Draft{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("%s belongs to service %s, which is not in services", e.ID(), ns)}
		}
	}
	return d, nil
}
