package instruction

import (
	"fmt"

	"github.com/agentforge/console/catalog"
)

// Tiers, from the longest instruction to the shortest. Every tier carries
// the same rules.
const (
	TierFull     = "full"
	TierStandard = "standard"
	TierCompact  = "compact"
)

// Tiers lists the tiers in order.
var Tiers = []string{TierFull, TierStandard, TierCompact}

func validTier(t string) bool { return t == TierFull || t == TierStandard || t == TierCompact }

// Options are the composition levers other than the roster.
type Options struct {
	Tier        string   `json:"tier"`
	CatalogForm string   `json:"catalog_form"`
	Deferred    bool     `json:"deferred"`
	Pins        []string `json:"pins,omitempty"`
	// Host is who reads the reply protocol: "" for a runtime that parses
	// the text protocol's channel tags (the runtime API), HostMCP for an
	// MCP client whose model calls tools through its client's own tool
	// calls (the gateway). Only the protocol's wording depends on it.
	Host string `json:"host,omitempty"`
}

// HostMCP is Options.Host for an MCP client: the reply protocol is taught
// as tool calls through the client, never as channel tags.
const HostMCP = "mcp"

// MCP reports whether the options teach the reply protocol to an MCP
// client.
func (o Options) MCP() bool { return o.Host == HostMCP }

// DefaultOptions is what a composition uses when nothing is chosen.
func DefaultOptions() Options {
	return Options{Tier: TierStandard, CatalogForm: catalog.FormFull}
}

// FieldError is an input error that names the offending field.
type FieldError struct {
	Field   string
	Message string
}

// Error renders "field: message".
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// Validate checks the options, naming the field at fault.
func (o Options) Validate() error {
	if !validTier(o.Tier) {
		return &FieldError{"tier", fmt.Sprintf("%q is not one of full, standard, compact", o.Tier)}
	}
	if o.CatalogForm != catalog.FormFull && o.CatalogForm != catalog.FormCompact {
		return &FieldError{"catalog_form", fmt.Sprintf("%q is not one of full, compact", o.CatalogForm)}
	}
	if o.Host != "" && o.Host != HostMCP {
		return &FieldError{"host", fmt.Sprintf("%q is not one of \"\" (the text protocol), %s", o.Host, HostMCP)}
	}
	return nil
}

// Skill is what the instruction lists of an active skill: its catalog line.
// The procedure itself is loaded when used.
type Skill struct {
	Slug          string   `json:"slug"`
	Name          string   `json:"name"`
	Summary       string   `json:"summary"`
	Version       int      `json:"version"`
	RequiredTools []string `json:"required_tools"`
	Digest        string   `json:"digest,omitempty"`
}

// Input is everything a composition reads: the effective roster (ordered),
// the connected services, the active skills and the options.
type Input struct {
	Roster   []*catalog.Entry
	Services []string
	Skills   []Skill
	Options  Options
	// Activated names the tools search receipts activated for this step of
	// a deferred run (read only when Options.Deferred).
	Activated []string
	// ApprovalOnly reports the roster tools the subject may call only
	// with a person's approval per call (nil: none); their entries carry
	// the approval mark (catalog.Entry.RenderMarked).
	ApprovalOnly func(id string) bool

	// unique is set when the roster is known to hold each tool once (a
	// draft's), so Compose need not index it.
	unique bool
	// noReasons leaves the sections' reasons and the rules empty (see
	// ForCounting).
	noReasons bool
	// scratch, when set, lends Compose its buffers (see CountingInput).
	scratch *Scratch
}

// Scratch holds the buffers that compositions made only to be counted
// reuse, one after the other: composing a lever's flipped draft for every
// lever allocated a roster and a catalog of units each time. It is not
// safe for concurrent use.
type Scratch struct {
	roster   []*catalog.Entry
	units    []catalog.Unit
	sections []Section
}

// ForCounting marks the input as composed only to be counted, as a lever's
// flipped draft is: Compose leaves the sections' reasons and the rules
// list empty, which no count reads. Texts, units and everything else are
// the same.
func (in Input) ForCounting() Input {
	in.noReasons = true
	return in
}

// qualifyingSkills keeps the skills whose required tools are all in the
// roster.
func qualifyingSkills(skills []Skill, roster []*catalog.Entry) []Skill {
	var out []Skill // nil when none qualifies
	for i, s := range skills {
		ok := true
		for _, t := range s.RequiredTools {
			if !inRoster(roster, t) {
				ok = false
				break
			}
		}
		if ok {
			if out == nil {
				out = make([]Skill, 0, len(skills)-i)
			}
			out = append(out, s)
		}
	}
	return out
}
