package instruction

import "strings"

// The sets of an effective roster (seed 001):
//
//	effective = requested ∩ delegated ∩ authorized ∩ available
const (
	SetRequested  = "requested"  // the per-conversation pick
	SetDelegated  = "delegated"  // the agent's declared tools ∩ the profile's list
	SetAuthorized = "authorized" // what the subject is granted
	SetAvailable  = "available"  // reviewed, available entries of connected services
)

// Dropped says which set removed a tool from the effective roster, and why.
type Dropped struct {
	ID     string `json:"id"`
	Set    string `json:"set"`
	Reason string `json:"reason"`
}

// Reasons a tool is dropped.
const (
	ReasonNotDeclared   = "not declared by the agent"
	ReasonNotInProfile  = "not in the profile"
	ReasonNotRequested  = "not requested for this conversation"
	ReasonWithout       = "removed for this conversation"
	ReasonNotAuthorized = "not granted to the subject"
	ReasonNotAvailable  = "not available in the catalog (unknown, unreviewed or rejected)"
)

// Sets are the inputs of Resolve. A nil Profile selects everything
// declared; a nil Requested keeps the selection; nil Authorized and
// Connected allow everything. An empty (non-nil) set stays empty.
type Sets struct {
	Declared   []string
	Profile    []string
	Requested  []string
	Without    []string
	Authorized func(id string) bool
	Available  func(id string) bool
	Connected  func(namespace string) bool
	// Unavailable says why a tool is not available (back in review,
	// awaiting review, rejected, not in the catalog); nil or "" keeps
	// ReasonNotAvailable.
	Unavailable func(id string) string
}

// Resolve computes the ordered effective roster — profile order, else
// declared order — and, for every tool the agent declares, the profile
// lists or the request names that did not make it, the set that removed
// it. It is the one function from the four sets to a roster.
func Resolve(s Sets) (roster []string, dropped []Dropped) {
	return resolve(s, nil)
}

// The lists an id is in, and whether resolve considered it already.
const (
	inDeclared uint8 = 1 << iota
	inProfile
	inRequested
	inWithout
	considered
)

// resolve is Resolve; unconnected, when set, is told each tool dropped
// only because its service is not connected (every other set keeps it).
func resolve(s Sets, unconnected func(id string)) (roster []string, dropped []Dropped) {
	// one map from id to the lists it is in (and whether it was
	// considered), not a set per list
	member := make(map[string]uint8, len(s.Declared)+len(s.Profile)+len(s.Requested)+len(s.Without))
	mark := func(ids []string, bit uint8) {
		for _, id := range ids {
			member[id] |= bit
		}
	}
	mark(s.Declared, inDeclared)
	mark(s.Profile, inProfile)
	mark(s.Requested, inRequested)
	mark(s.Without, inWithout)
	consider := func(id string) {
		m := member[id]
		if m&considered != 0 || id == "" {
			return
		}
		member[id] = m | considered
		drop := func(set, reason string) { dropped = append(dropped, Dropped{ID: id, Set: set, Reason: reason}) }
		switch {
		case m&inDeclared == 0:
			drop(SetDelegated, ReasonNotDeclared)
		case s.Profile != nil && m&inProfile == 0:
			drop(SetDelegated, ReasonNotInProfile)
		case m&inWithout != 0:
			drop(SetRequested, ReasonWithout)
		case s.Requested != nil && m&inRequested == 0:
			drop(SetRequested, ReasonNotRequested)
		// availability before authorization: a tool the catalog does not
		// offer now (say, back in review after a re-import) is out for
		// that reason whoever asks, and a grant cannot bring it back
		case s.Available == nil || !s.Available(id):
			drop(SetAvailable, s.unavailable(id))
		case s.Authorized != nil && !s.Authorized(id):
			drop(SetAuthorized, ReasonNotAuthorized)
		case s.Connected != nil && namespaceOf(id) != "" && !s.Connected(namespaceOf(id)):
			drop(SetAvailable, "its service "+namespaceOf(id)+" is not connected")
			if unconnected != nil {
				unconnected(id)
			}
		default:
			roster = append(roster, id)
		}
	}
	if s.Profile != nil {
		for _, id := range s.Profile {
			consider(id)
		}
	}
	for _, id := range s.Declared {
		consider(id)
	}
	for _, id := range s.Requested {
		consider(id)
	}
	for _, id := range s.Without {
		consider(id)
	}
	return roster, dropped
}

// unavailable is why id is not available: the caller's reason, else
// ReasonNotAvailable.
func (s Sets) unavailable(id string) string {
	if s.Unavailable != nil {
		if why := s.Unavailable(id); why != "" {
			return why
		}
	}
	return ReasonNotAvailable
}

func namespaceOf(id string) string {
	ns, _, ok := strings.Cut(id, ".")
	if !ok {
		return ""
	}
	return ns
}

func toSet(ids []string) map[string]bool {
	if len(ids) == 0 {
		return nil // reads as an empty set, made for nothing
	}
	m := make(map[string]bool, len(ids))
	for _, id := range ids {
		m[id] = true
	}
	return m
}
