package deferred

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// SurfaceOptions are what, besides the tools, makes a run's surface: who
// it is for and the options that change what it may reach.
type SurfaceOptions struct {
	Agent          string
	Profile        string
	ProfileVersion int
	Services       []string // connected services, in order
	Pins           []string // pins, in order; each must be a roster tool (not part of the key)
	// Skills are the required tools of each active skill the agent may
	// use: a step lists a skill, and teaches load_skill, while all of its
	// required tools are active. Not part of the key: skills choose what
	// a step teaches, not what the run may reach.
	Skills [][]string
}

// Surface is the finite set of tools a run may reach, in roster order,
// with its key. It is immutable once built.
type Surface struct {
	key         string
	entries     []*catalog.Entry
	index       map[string]int
	schemaBytes []int
	pins        []string
	always      []string
	prefix      map[string]bool
	searchable  []catalog.Contract
	searchIx    *lazyIndex
	skills      [][]string
	// reach, when set, is what search may reach beyond the rules above
	// (Only): a host that serves fewer tools than the roster holds
	reach func(catalog.Contract) bool
	// version is Version, computed once per content (WithPins gives its
	// surface a new one; Only keeps its source's)
	version *lazyVersion
}

// lazyVersion is a surface's Version, computed on first use.
type lazyVersion struct {
	once sync.Once
	v    string
}

// NewSurface builds the surface of a roster (the effective roster for
// agent, profile and subject, in order). Every pin must be a roster tool;
// a pin outside it is a *PinError. The key is sha256 over a version tag,
// the agent, profile version and connected services, and the ordered
// (tool id, contract digest) pairs, so any contract edit, profile save,
// grant or declaration change moves it. Pins are not in the key: they
// choose what every step shows, not what the run may reach, so a runtime
// may pin per step without invalidating its receipts.
func NewSurface(roster []*catalog.Entry, opts SurfaceOptions) (*Surface, error) {
	s := &Surface{index: make(map[string]int, len(roster)), prefix: map[string]bool{}, searchIx: &lazyIndex{}, skills: opts.Skills, version: &lazyVersion{}}
	h := sha256.New()
	var b strings.Builder
	b.WriteString("surface/v1\nagent=")
	b.WriteString(opts.Agent)
	b.WriteString("\nprofile=")
	b.WriteString(opts.Profile)
	b.WriteString("@")
	b.WriteString(strconv.Itoa(opts.ProfileVersion))
	b.WriteString("\nservices=")
	b.WriteString(strings.Join(opts.Services, ","))
	for _, e := range roster {
		if e == nil {
			continue
		}
		if _, dup := s.index[e.ID()]; dup {
			continue
		}
		s.index[e.ID()] = len(s.entries)
		s.entries = append(s.entries, e)
		s.schemaBytes = append(s.schemaBytes, len(catalog.CanonicalJSON(e.Contract())))
	}
	seenPin := map[string]bool{}
	for _, p := range opts.Pins {
		if seenPin[p] {
			continue
		}
		i, ok := s.index[p]
		if !ok {
			return nil, &PinError{Pin: p}
		}
		seenPin[p] = true
		if s.entries[i].Contract().CodeOnly {
			continue // a profile's code-only pin pins nothing (WithPins refuses a request's)
		}
		s.pins = append(s.pins, p)
	}
	b.WriteString("\n")
	for _, e := range s.entries {
		b.WriteString(e.ID())
		b.WriteByte(' ')
		b.WriteString(e.Digest())
		b.WriteByte('\n')
		c := e.Contract()
		if c.AlwaysOn && !c.CodeOnly {
			s.always = append(s.always, e.ID())
		}
	}
	h.Write([]byte(b.String()))
	s.key = hex.EncodeToString(h.Sum(nil))
	for _, id := range s.always {
		s.prefix[id] = true
	}
	for _, id := range s.pins {
		s.prefix[id] = true
	}
	for _, e := range s.entries {
		if c := e.Contract(); !c.CodeOnly && !s.prefix[e.ID()] {
			s.searchable = append(s.searchable, c)
		}
	}
	return s, nil
}

// Key is the surface key.
func (s *Surface) Key() string { return s.key }

// Roster lists the surface's entries in order. The slice is shared; do not
// modify it.
func (s *Surface) Roster() []*catalog.Entry { return s.entries }

// Has reports whether the tool is in the surface.
func (s *Surface) Has(id string) bool { _, ok := s.index[id]; return ok }

// Entry finds a surface tool.
func (s *Surface) Entry(id string) (*catalog.Entry, bool) {
	i, ok := s.index[id]
	if !ok {
		return nil, false
	}
	return s.entries[i], true
}

// AlwaysOn lists the surface's always-on tools in roster order.
func (s *Surface) AlwaysOn() []string { return s.always }

// Pins lists the validated pins in the order given.
func (s *Surface) Pins() []string { return s.pins }

// InPrefix reports whether the tool is active on every step (always-on or
// pinned).
func (s *Surface) InPrefix(id string) bool { return s.prefix[id] }

// Searchable reports whether search can reach the tool: a surface tool
// that is neither code-only nor already active on every step.
func (s *Surface) Searchable(id string) bool {
	e, ok := s.Entry(id)
	return ok && !e.CodeOnly() && !s.prefix[id] && (s.reach == nil || s.reach(e.Contract()))
}

// Only is the surface as a host that can serve only the tools keep
// accepts sees it: search reaches only those (Searchable, Reachable,
// Search), so it never activates a tool the host cannot call. The key,
// the roster, the prefix and what a receipt may name are unchanged, so
// the run's receipts stay valid. When keep accepts every tool search
// reaches, the surface itself is returned.
func (s *Surface) Only(keep func(catalog.Contract) bool) *Surface {
	kept := make([]catalog.Contract, 0, len(s.searchable))
	for _, c := range s.searchable {
		if keep(c) {
			kept = append(kept, c)
		}
	}
	if len(kept) == len(s.searchable) {
		return s
	}
	n := *s
	n.searchable, n.searchIx = kept, &lazyIndex{}
	if prev := s.reach; prev != nil {
		n.reach = func(c catalog.Contract) bool { return prev(c) && keep(c) }
	} else {
		n.reach = keep
	}
	return &n
}

// Selectable reports whether a receipt may name the tool: any surface tool
// but a code-only helper (a tool pinned after the search stays valid).
func (s *Surface) Selectable(id string) bool {
	e, ok := s.Entry(id)
	return ok && !e.CodeOnly()
}

// Reachable is how many tools search can reach.
func (s *Surface) Reachable() int { return len(s.searchable) }

// SchemaBytes is the canonical contract size of a surface tool (0 when it
// is not one).
func (s *Surface) SchemaBytes(id string) int {
	i, ok := s.index[id]
	if !ok {
		return 0
	}
	return s.schemaBytes[i]
}
