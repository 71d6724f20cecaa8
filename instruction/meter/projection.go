package meter

import (
	"crypto/sha256"
	"sync"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// SectionView is a section with its token count, as the forge, the CLI
// and the API show it.
type SectionView struct {
	ID     string `json:"id"`
	Group  string `json:"group"`
	Tokens int    `json:"tokens"`
	Reason string `json:"reason"`
	Text   string `json:"text"`
}

// Projection is a composed instruction with every count: what the forge
// shows, `console compose --json` prints and the runtime API serves.
type Projection struct {
	Header
	Sections []SectionView      `json:"sections"`
	Totals   Totals             `json:"totals"`
	Levers   []Lever            `json:"levers"`
	Warnings []fidelity.Finding `json:"warnings"`
	Text     string             `json:"text"`
	Digest   string             `json:"digest"`
}

// Header is what a projection was composed from: the agent and profile,
// the options and the roster. A receipt records it beside the text.
type Header struct {
	Agent          string              `json:"agent,omitempty"`
	Profile        string              `json:"profile,omitempty"`
	ProfileVersion int                 `json:"profile_version,omitempty"`
	Encoding       string              `json:"encoding"`
	Tier           string              `json:"tier"`
	CatalogForm    string              `json:"catalog_form"`
	Deferred       bool                `json:"deferred"`
	Pins           []string            `json:"pins"`
	Roster         []string            `json:"roster"`
	Services       []string            `json:"services"`
	Skills         []instruction.Skill `json:"skills"`
	Channels       int                 `json:"channels"`
}

// Project composes the draft and measures it: section counts, totals,
// every lever's delta and the fidelity warnings of the checker (nil skips
// linting).
func (m *Meter) Project(enc string, d instruction.Draft, checker *fidelity.Checker) (Projection, instruction.Composition, error) {
	c, err := instruction.Compose(d.Input())
	if err != nil {
		return Projection{}, c, err
	}
	if !ValidEncoding(enc) {
		return Projection{}, c, &instruction.FieldError{Field: "encoding", Message: "\"" + enc + "\" is not one of o200k_base, cl100k_base"}
	}
	counts, totals, err := m.Measure(enc, c)
	if err != nil {
		return Projection{}, c, err
	}
	levers, err := m.Levers(enc, d, c, counts, totals)
	if err != nil {
		return Projection{}, c, err
	}
	p := describe(enc, c, counts, totals, checker)
	p.Levers = levers
	return p, c, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// textDigest is instruction.Digest(text) for the composition's text,
// memoized by the sequence of its units' content keys: the keys are
// sha256 of the unit texts, so the sequence names the text, and hashing
// 64 bytes per unit is far cheaper than hashing the text (hundreds of
// kilobytes for a large catalog, recomposed on every forge toggle).
func textDigest(c instruction.Composition, text string) string {
	k := instruction.SumStrings(func(add func(string)) {
		for _, s := range c.Sections {
			for _, u := range s.Units {
				add(u.Key)
			}
		}
	})
	digests.mu.Lock()
	d, ok := digests.m[k]
	digests.mu.Unlock()
	if ok {
		return d
	}
	d = instruction.Digest(text)
	digests.mu.Lock()
	if digests.m == nil || len(digests.m) >= maxDigests {
		digests.m = map[[sha256.Size]byte]string{}
	}
	digests.m[k] = d
	digests.mu.Unlock()
	return d
}

const maxDigests = 4096

var digests struct {
	mu sync.Mutex
	m  map[[sha256.Size]byte]string
}
