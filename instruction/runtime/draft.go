package runtime

import (
	"context"

	"github.com/agentforge/console/instruction"
)

// BuildDraft builds the draft a request composes, without composing it:
// for an agent (and profile) when one is named, else for the listed tools.
// It refuses what Compose refuses (unknown tools, services, pins), naming
// the field, and returns the tools that did not make the roster. The
// draft carries the production skills, as Compose's does, so the
// selection evaluation (`console eval`, the forge panel) places an
// expected skill where the composer lists it.
func BuildDraft(ctx context.Context, store Store, snap *Snapshot, req Request) (instruction.Draft, []instruction.Dropped, error) {
	d, dropped, err := buildDraft(ctx, store, snap, req)
	if err != nil {
		return d, dropped, err
	}
	if d.Skills, err = Skills(ctx, store); err != nil {
		return d, nil, err
	}
	return d, dropped, nil
}

func buildDraft(ctx context.Context, store Store, snap *Snapshot, req Request) (instruction.Draft, []instruction.Dropped, error) {
	if req.Agent == "" {
		if req.Profile != "" {
			return instruction.Draft{}, nil, &instruction.FieldError{Field: "profile", Message: "a profile needs an agent"}
		}
		if req.Subject != nil {
			return instruction.Draft{}, nil, &instruction.FieldError{Field: "subject", Message: "a subject needs an agent"}
		}
		d, err := directDraft(snap, req)
		if err != nil {
			return d, nil, err
		}
		return d, []instruction.Dropped{}, checkPins(req.Pins, d, nil)
	}
	ac, err := LoadAgent(ctx, store, req.Agent, req.Profile)
	if err != nil {
		return instruction.Draft{}, nil, err
	}
	if req.Subject != nil {
		if f, msg := req.Subject.Validate(); f != "" {
			return instruction.Draft{}, nil, &instruction.FieldError{Field: f, Message: msg}
		}
		if ac, err = ForSubject(ctx, store, snap, ac, req.Subject); err != nil {
			return instruction.Draft{}, nil, err
		}
	}
	d, dropped, err := requestDraft(snap, ac, req)
	if err != nil {
		return d, nil, err
	}
	if dropped == nil {
		dropped = []instruction.Dropped{}
	}
	return d, dropped, checkPins(req.Pins, d, dropped)
}
