package instruction

import "github.com/agentforge/console/catalog"

// RosterNote explains why a listed tool is not in the roster.
type RosterNote struct {
	Tool   string `json:"tool"`
	Reason string `json:"reason"`
}

// Reasons a listed tool is left out.
const (
	NotDeclared   = "listed by profile, not declared — not advertised"
	NotAvailable  = "declared, but not available in the catalog"
	NotPicked     = "not selected for this conversation"
	NotAuthorized = "not granted to the subject's groups"
)

// Effective computes the ordered effective roster
//
//	declared(agent) ∩ selected(profile, or everything declared) ∩ picked ∩ available
//
// through Resolve, in profile order, then the remaining declared tools in
// declared order. A nil profile selects everything declared; a nil pick
// keeps the selection. An empty set stays empty. Notes say why listed
// tools are out (a declared tool the profile leaves out is no note: it is
// an off lever).
func Effective(declared, profile, pick []string, available func(id string) bool) ([]string, []RosterNote) {
	return effective(declared, profile, pick, nil, available)
}

func effective(declared, profile, pick []string, authorized, available func(id string) bool) ([]string, []RosterNote) {
	return effectiveWhy(Sets{Declared: declared, Profile: profile, Requested: pick, Authorized: authorized, Available: available})
}

// effectiveWhy is effective over Resolve's sets (Unavailable says why a
// declared tool is not available).
func effectiveWhy(sets Sets) ([]string, []RosterNote) {
	roster, dropped := Resolve(sets)
	listed := toSet(sets.Profile)
	var notes []RosterNote
	for _, d := range dropped {
		switch {
		case d.Reason == ReasonNotDeclared:
			if listed[d.ID] {
				notes = append(notes, RosterNote{d.ID, NotDeclared})
			}
		case d.Reason == ReasonNotAvailable:
			notes = append(notes, RosterNote{d.ID, NotAvailable})
		case d.Set == SetAvailable:
			notes = append(notes, RosterNote{d.ID, "declared, but " + d.Reason})
		case d.Reason == ReasonNotRequested:
			notes = append(notes, RosterNote{d.ID, NotPicked})
		case d.Reason == ReasonNotAuthorized:
			notes = append(notes, RosterNote{d.ID, NotAuthorized})
		}
	}
	return roster, notes
}

// AgentSpec is what an agent and its profile say about a composition.
type AgentSpec struct {
	Declared []string // the agent's declared tools
	Services []string // the agent's connected services
	Profile  []string // the profile's ordered tools; nil when there is no profile
	Options  *Options // the profile's options; nil for the defaults
	// Authorized is the subject's authorized set (nil: everything). A tool
	// outside it is neither in the roster nor a lever: the subject can
	// never have it, so offering its cost would mislead.
	Authorized func(id string) bool
	// ApprovalOnly reports the authorized tools the subject may call only
	// with a person's approval (nil: none): they stay in the roster,
	// marked as asking for approval.
	ApprovalOnly func(id string) bool
	// Unavailable says why a declared tool is not available (nil: the
	// general reason); see Sets.Unavailable.
	Unavailable func(id string) string
}

// NewAgentDraft builds an agent's draft over the available catalog: every
// declared, available tool is a lever (profile order first, then declared
// order); the selection is declared ∩ profile ∩ pick ∩ available; the
// agent's services are connected. Notes say why listed tools are out.
func NewAgentDraft(available *catalog.Catalog, spec AgentSpec, pick []string) (Draft, []RosterNote) {
	isAvail := func(id string) bool { _, ok := available.Get(id); return ok }
	roster, notes := effectiveWhy(Sets{Declared: spec.Declared, Profile: spec.Profile, Requested: pick, Authorized: spec.Authorized, Available: isAvail, Unavailable: spec.Unavailable})
	d := agentDraft(available, spec)
	d.Selected = make(map[string]bool, len(roster))
	for _, id := range roster {
		d.Selected[id] = true
	}
	for _, e := range d.Declared {
		if ns := e.Contract().Namespace(); ns != "" && !d.Connected[ns] && d.Selected[e.ID()] {
			notes = append(notes, RosterNote{Tool: e.ID(), Reason: "its service " + ns + " is not connected to this agent"})
		}
	}
	return d, notes
}

// NewRequestDraft is the draft of one request to the agent: NewAgentDraft
// with the pick, less the tools named in without, with only the connected
// services (nil: the agent's) — and what Resolve drops from those sets,
// from the one Resolve that gives the selection too (a selected tool is
// one in the roster or dropped only because its service is not
// connected).
func NewRequestDraft(available *catalog.Catalog, spec AgentSpec, pick, without []string, connected map[string]bool) (Draft, []Dropped) {
	d := agentDraft(available, spec)
	if connected != nil {
		d.Connected = connected
	}
	var unconnected []string
	roster, dropped := resolve(Sets{Declared: spec.Declared, Profile: spec.Profile, Requested: pick, Without: without, Authorized: spec.Authorized,
		Available:   func(id string) bool { _, ok := available.Get(id); return ok },
		Connected:   func(ns string) bool { return d.Connected[ns] },
		Unavailable: spec.Unavailable,
	}, func(id string) { unconnected = append(unconnected, id) })
	d.Selected = make(map[string]bool, len(roster)+len(unconnected))
	for _, id := range roster {
		d.Selected[id] = true
	}
	for _, id := range unconnected {
		d.Selected[id] = true
	}
	return d, dropped
}

// agentDraft is an agent's draft with nothing selected: its options, its
// declared tools that are available and authorized as levers (profile
// order first, then declared order), its services connected.
func agentDraft(available *catalog.Catalog, spec AgentSpec) Draft {
	opts := DefaultOptions()
	if spec.Options != nil {
		opts = *spec.Options
	}
	d := Draft{Connected: map[string]bool{}, Options: opts, ApprovalOnly: spec.ApprovalOnly}
	isDeclared := make(map[string]bool, len(spec.Declared))
	for _, id := range spec.Declared {
		isDeclared[id] = true
	}
	seen := map[string]bool{}
	add := func(id string) {
		if e, ok := available.Get(id); ok && isDeclared[id] && !seen[id] && (spec.Authorized == nil || spec.Authorized(id)) {
			seen[id] = true
			d.Declared = append(d.Declared, e)
		}
	}
	for _, id := range spec.Profile {
		add(id)
	}
	for _, id := range spec.Declared {
		add(id)
	}
	for _, ns := range spec.Services {
		if !d.Connected[ns] {
			d.DeclaredServices = append(d.DeclaredServices, ns)
			d.Connected[ns] = true
		}
	}
	return d
}
