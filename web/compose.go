package web

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

var servicePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// ComposeRequest is a composition asked for by tool list: what the CLI and
// the runtime API take.
type ComposeRequest struct {
	Agent       string   `json:"agent,omitempty"`
	Profile     string   `json:"profile,omitempty"`
	Tools       []string `json:"tools,omitempty"`
	Without     []string `json:"without,omitempty"`
	Services    []string `json:"services,omitempty"`
	Tier        string   `json:"tier,omitempty"`
	CatalogForm string   `json:"catalog_form,omitempty"`
	Deferred    *bool    `json:"deferred,omitempty"`
	Pins        []string `json:"pins,omitempty"`
	Encoding    string   `json:"encoding,omitempty"`
}

// Compose serves a composition request: for an agent (and profile) when
// one is named, else for the listed tools directly. It is what the CLI and
// the runtime API call; the forge composes through the same draft and
// Project function.
func Compose(ctx context.Context, store *models.Store, snap *Snapshot, m *meter.Meter, req ComposeRequest) (Result, error) {
	p, err := project(ctx, store, snap, m, req)
	if err != nil {
		return Result{}, err
	}
	return Result{Projection: p, Pinned: pin(snap, p)}, nil
}

// Result is a served composition: the projection and the pinned versions
// and digests of everything that went into it. The CLI prints it and the
// API returns it.
type Result struct {
	meter.Projection
	Pinned Pinned `json:"pinned"`
}

// Pinned names the exact versions a composition used.
type Pinned struct {
	Tools  []PinnedTool  `json:"tools"`
	Skills []PinnedSkill `json:"skills"`
}

// PinnedTool is a roster tool's version and contract digest.
type PinnedTool struct {
	ID      string `json:"id"`
	Version string `json:"version"`
	Digest  string `json:"digest"`
}

// PinnedSkill is a listed skill's version and digest.
type PinnedSkill struct {
	Slug    string `json:"slug"`
	Version int    `json:"version"`
	Digest  string `json:"digest"`
}

func pin(snap *Snapshot, p meter.Projection) Pinned {
	out := Pinned{Tools: []PinnedTool{}, Skills: []PinnedSkill{}}
	for _, id := range p.Roster {
		if e, ok := snap.available.Get(id); ok {
			out.Tools = append(out.Tools, PinnedTool{ID: id, Version: e.Contract().Version, Digest: e.Digest()})
		}
	}
	for _, k := range p.Skills {
		out.Skills = append(out.Skills, PinnedSkill{Slug: k.Slug, Version: k.Version, Digest: k.Digest})
	}
	return out
}

func project(ctx context.Context, store *models.Store, snap *Snapshot, m *meter.Meter, req ComposeRequest) (meter.Projection, error) {
	skills, err := activeSkills(ctx, store)
	if err != nil {
		return meter.Projection{}, err
	}
	if req.Agent == "" {
		if req.Profile != "" {
			return meter.Projection{}, &instruction.FieldError{Field: "profile", Message: "a profile needs an agent"}
		}
		return ComposeDirect(snap, m, req, skills)
	}
	ac, err := loadAgentContext(ctx, store, req.Agent, req.Profile)
	if err != nil {
		return meter.Projection{}, err
	}
	var pick []string
	if req.Tools != nil {
		pick = req.Tools
	}
	d, _ := agentDraft(snap, ac, pick)
	d.Skills = skills
	if len(req.Without) > 0 {
		for _, id := range req.Without {
			if _, ok := snap.available.Get(id); !ok {
				return meter.Projection{}, &instruction.FieldError{Field: "without", Message: fmt.Sprintf("unknown tool id %q", id)}
			}
			delete(d.Selected, id)
		}
	}
	for _, id := range req.Tools {
		if _, ok := snap.available.Get(id); !ok {
			return meter.Projection{}, &instruction.FieldError{Field: "tools", Message: fmt.Sprintf("unknown tool id %q (not in the catalog of available tools)", id)}
		}
	}
	if req.Services != nil {
		pickSvc := map[string]bool{}
		for _, ns := range req.Services {
			if !d.Connected[ns] {
				return meter.Projection{}, &instruction.FieldError{Field: "services", Message: fmt.Sprintf("%q is not connected to agent %s", ns, req.Agent)}
			}
			pickSvc[ns] = true
		}
		d.Connected = pickSvc
	}
	if req.Tier != "" {
		d.Options.Tier = req.Tier
	}
	if req.CatalogForm != "" {
		d.Options.CatalogForm = req.CatalogForm
	}
	if req.Deferred != nil {
		d.Options.Deferred = *req.Deferred
	}
	if req.Pins != nil {
		d.Options.Pins = req.Pins
	}
	if err := d.Options.Validate(); err != nil {
		return meter.Projection{}, err
	}
	enc := req.Encoding
	if enc == "" {
		enc = meter.O200k
	}
	p, _, err := m.Project(enc, d, snap.linter)
	if err != nil {
		return p, err
	}
	p.Agent = ac.agent.Slug
	if ac.profile != nil {
		p.Profile, p.ProfileVersion = ac.profile.Slug, ac.version.Version
	}
	return p, nil
}

// ComposeDirect composes the listed tools (declared and selected, in the
// given order) with the listed services connected. "ns.*" names every
// available tool of a service. An unknown tool, a tool of a service that is
// not connected, or an unknown service is an error naming the field.
func ComposeDirect(snap *Snapshot, m *meter.Meter, req ComposeRequest, skills []instruction.Skill) (meter.Projection, error) {
	d, err := draftFromRequest(snap, req)
	if err != nil {
		return meter.Projection{}, err
	}
	d.Skills = skills
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
	if req.Deferred != nil {
		opts.Deferred = *req.Deferred
	}
	opts.Pins = req.Pins
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
