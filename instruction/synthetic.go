package instruction

import (
	"fmt"
	"sync"

	"github.com/agentforge/console/catalog"
)

// Synthetic tools exist only as consequences of a composition: the search
// tool of deferred mode and the skill loader of the skills section. They
// are not part of any roster.
const (
	SearchToolID    = "search_tools"
	LoadSkillToolID = "load_skill"
)

var syntheticContracts = []catalog.Contract{{
	ID:      SearchToolID,
	Title:   "Search tools",
	Class:   catalog.ClassComputation,
	Effects: catalog.EffectsReadOnly,
	Version: "1",
	Purpose: "Finds tools that are available to you but not yet loaded, by what they do. It returns exact tool names and descriptions; a tool it returns can be called from your next reply.",
	Params: []catalog.Param{
		{Name: "query", Type: "string", Required: true, Description: "What you want to do, in a few words.", MaxLength: intp(catalog.MaxQueryBytes)},
		{Name: "limit", Type: "integer", Description: "Largest number of tools to return.", Default: float64(5), Minimum: floatp(1), Maximum: floatp(catalog.MaxSearchLimit)},
	},
	Returns:     "The matching tools, best first, each with its exact name and description; never schemas.",
	Constraints: []string{"Only tools this conversation may use are searched."},
	// the example is a placeholder: a concrete query ("open an issue")
	// would teach a capability the roster may lack, and the tools behind
	// search are never named or described in the text
	Examples: []catalog.Example{{Description: "Look for a tool for the next step of the task.", Call: `{"query": "the next step, in a few words"}`}},
}, {
	ID:      LoadSkillToolID,
	Title:   "Load skill",
	Class:   catalog.ClassWorkspace,
	Effects: catalog.EffectsReadOnly,
	Version: "1",
	Purpose: "Loads the full reviewed procedure of a skill listed in the skills section.",
	Params: []catalog.Param{
		{Name: "slug", Type: "string", Required: true, Description: "The skill's slug as listed."},
	},
	Returns: "The procedure as Markdown, with the skill's version.",
	// a placeholder too: a real slug ("quarterly-report") would name a
	// skill the composition may not list
	Examples: []catalog.Example{{Description: "Load a skill the skills section lists.", Call: `{"slug": "the slug as listed"}`}},
}}

// SyntheticContracts returns the contracts of the synthetic tools
// (search_tools, load_skill), which no catalog holds.
func SyntheticContracts() []catalog.Contract {
	return append([]catalog.Contract(nil), syntheticContracts...)
}

func intp(i int) *int           { return &i }
func floatp(f float64) *float64 { return &f }

// library is the package's immutable, once-built state: the block variants
// and the synthetic catalog.
type library struct {
	blocks    blockSet
	synthetic *catalog.Catalog
	referents []Referent
	// units memoizes generated texts that recur across compositions (the
	// protocol intro per tier and channel count, the worked examples), so
	// recomposing for every lever does not rehash them.
	units sync.Map
	// plan holds, per tier, the body blocks of bodyPlan that have a
	// variant in it, in bodyPlan's order (each still gated when composed)
	plan map[string][]Block
}

// unit returns the memoized unit for key, building its text once.
func (l *library) unit(key string, text func() string) catalog.Unit {
	if u, ok := l.units.Load(key); ok {
		return u.(catalog.Unit)
	}
	u := catalog.NewUnit(text())
	l.units.Store(key, u)
	return u
}

func newLibrary() (*library, error) {
	bs, err := loadBlocks()
	if err != nil {
		return nil, err
	}
	syn, err := catalog.New(syntheticContracts)
	if err != nil {
		return nil, fmt.Errorf("instruction: synthetic tools: %w", err)
	}
	plan := map[string][]Block{}
	for _, t := range Tiers {
		for _, id := range bodyPlan {
			if b, ok := bs.variant(id, t); ok {
				plan[t] = append(plan[t], b)
			}
		}
	}
	return &library{blocks: bs, synthetic: syn, referents: buildReferents(bs), plan: plan}, nil
}
