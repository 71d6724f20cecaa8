package runtime

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/meter"
)

// Request is a composition asked for by agent (and profile) or by tool
// list: what the CLI and the runtime API take.
type Request struct {
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
	// Subject is the end user the agent acts for; none is the group
	// everyone. Only tools its groups are granted reach the roster.
	Subject *authority.Subject `json:"subject,omitempty"`
}

// Result is a served composition: the projection, the pinned versions and
// digests of everything that went into it, and every tool that did not
// make the roster with the set that removed it. The CLI prints it and the
// API returns it.
type Result struct {
	meter.Projection
	Pinned  Pinned                `json:"pinned"`
	Dropped []instruction.Dropped `json:"dropped"`
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

// Compose serves a composition request: for an agent (and profile) when
// one is named, else for the listed tools directly. The forge composes
// through the same drafts and meter.Project.
func Compose(ctx context.Context, store Store, snap *Snapshot, m *meter.Meter, req Request) (Result, error) {
	skills, err := Skills(ctx, store)
	if err != nil {
		return Result{}, err
	}
	if f, msg := req.Subject.Validate(); f != "" {
		return Result{}, &instruction.FieldError{Field: f, Message: msg}
	}
	var d instruction.Draft
	var dropped []instruction.Dropped
	var ac AgentContext
	if req.Agent == "" {
		if req.Profile != "" {
			return Result{}, &instruction.FieldError{Field: "profile", Message: "a profile needs an agent"}
		}
		if req.Subject != nil {
			return Result{}, &instruction.FieldError{Field: "subject", Message: "a subject needs an agent"}
		}
		d, err = directDraft(snap, req)
	} else {
		if ac, err = LoadAgent(ctx, store, req.Agent, req.Profile); err != nil {
			return Result{}, err
		}
		if ac, err = ForSubject(ctx, store, snap, ac, req.Subject); err != nil {
			return Result{}, err
		}
		d, dropped, err = requestDraft(snap, ac, req)
	}
	if err != nil {
		return Result{}, err
	}
	d.Skills = skills
	if err := checkPins(req.Pins, d, dropped); err != nil {
		return Result{}, err
	}
	enc := req.Encoding
	if enc == "" {
		enc = meter.O200k
	}
	p, _, err := m.Project(enc, d, snap.fidelity)
	if err != nil {
		return Result{}, err
	}
	if ac.Agent != nil {
		p.Agent = ac.Agent.Slug
		if ac.Profile != nil {
			p.Profile, p.ProfileVersion = ac.Profile.Slug, ac.Version.Version
		}
	}
	if dropped == nil {
		dropped = []instruction.Dropped{}
	}
	return Result{Projection: p, Pinned: pin(snap, p), Dropped: dropped}, nil
}

// checkPins refuses a requested pin that is not in the effective roster,
// naming it and, when the roster dropped it, why.
func checkPins(pins []string, d instruction.Draft, dropped []instruction.Dropped) error {
	if len(pins) == 0 {
		return nil
	}
	in := map[string]bool{}
	codeOnly := map[string]bool{}
	for _, e := range d.Input().Roster {
		in[e.ID()] = true
		codeOnly[e.ID()] = e.CodeOnly()
	}
	for _, p := range pins {
		if codeOnly[p] {
			return &instruction.FieldError{Field: "pins", Message: fmt.Sprintf("pin %q is a code-only helper, called from programs in the code channel and never shown as a tool, so it cannot be pinned (pin exec instead)", p)}
		}
		if in[p] {
			continue
		}
		why := "it is not a tool of this composition"
		for _, dr := range dropped {
			if dr.ID == p {
				why = "it was dropped: " + dr.Reason
			}
		}
		return &instruction.FieldError{Field: "pins", Message: fmt.Sprintf("pin %q is not in the roster (%s)", p, why)}
	}
	return nil
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
