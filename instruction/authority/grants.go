package authority

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Everyone is the group of a request that names no subject. A fresh
// install grants it every tool.
const Everyone = "everyone"

// Grant kinds: a grant names tools by id, a whole service, or an effects
// class.
const (
	KindTool    = "tool"
	KindService = "service"
	KindEffects = "effects"
)

// Grant gives a group one tool, one service's tools or one effects class,
// optionally only with a human approval per call.
type Grant struct {
	Group            string `json:"group"`
	Kind             string `json:"kind"`
	Value            string `json:"value"`
	RequiresApproval bool   `json:"requires_approval"`
}

// Key identifies a grant inside its group (kind and value).
func (g Grant) Key() string { return g.Kind + ":" + g.Value }

// Tool is what authority needs to know about a catalog entry. Effects is
// the reviewer's classification (policy), never an import annotation.
type Tool struct {
	ID      string
	Version string
	Digest  string
	Effects string
	// State is the ledger's validation state; only StateBindable tools are
	// available.
	State string
}

// Namespace is the service a tool belongs to ("" for a native tool).
func (t Tool) Namespace() string {
	ns, _, ok := strings.Cut(t.ID, ".")
	if !ok {
		return ""
	}
	return ns
}

// Subject is the end user an agent acts for, as the runtime vouches for
// it. A nil subject means the group everyone.
type Subject struct {
	ID     string   `json:"id"`
	Groups []string `json:"groups"`
}

// GroupsOf lists a subject's groups: everyone when there is no subject.
// A subject with no groups has none, and so is granted nothing.
func GroupsOf(s *Subject) []string {
	if s == nil {
		return []string{Everyone}
	}
	return s.Groups
}

// GroupSetDigest names a set of groups canonically: the sha256 (hex) of
// the distinct names, sorted, each quoted. Order and repeats do not
// change it; any other difference does.
func GroupSetDigest(groups []string) string {
	gs := slices.Clone(groups)
	slices.Sort(gs)
	gs = slices.Compact(gs)
	h := sha256.New()
	for _, g := range gs {
		h.Write(strconv.AppendQuote(nil, g))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Auth is one tool's authorization for a set of groups.
type Auth struct {
	// RequiresApproval is set when every grant that matches asks for it.
	RequiresApproval bool
	// Groups lists the groups whose grants match, in the order given.
	Groups []string
}

// Matches reports whether the grant covers the tool.
func (g Grant) Matches(t Tool) bool {
	switch g.Kind {
	case KindTool:
		return g.Value == t.ID
	case KindService:
		return g.Value == t.Namespace()
	case KindEffects:
		return g.Value == t.Effects
	}
	return false
}

// Authorize computes the authorization of one tool for the given groups:
// ok is false when no grant of any of the groups covers it.
func Authorize(groups []string, grants []Grant, t Tool) (Auth, bool) {
	var a Auth
	ok := false
	approvalOnly := true
	for _, g := range grants {
		if !slices.Contains(groups, g.Group) || !g.Matches(t) {
			continue
		}
		ok = true
		if !g.RequiresApproval {
			approvalOnly = false
		}
		if !slices.Contains(a.Groups, g.Group) {
			a.Groups = append(a.Groups, g.Group)
		}
	}
	a.RequiresApproval = ok && approvalOnly
	return a, ok
}

// Authorized is the authorized set: every tool of the catalog some grant
// of the groups covers, with its authorization.
func Authorized(groups []string, grants []Grant, tools []Tool) map[string]Auth {
	out := map[string]Auth{}
	for _, t := range tools {
		if a, ok := Authorize(groups, grants, t); ok {
			out[t.ID] = a
		}
	}
	return out
}

var groupName = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,63}$`)

// ValidGroup reports whether s is a group name.
func ValidGroup(s string) bool { return groupName.MatchString(s) }

// Validate checks a subject as a runtime sends it; the error names the
// field ("subject.id", "subject.groups").
func (s *Subject) Validate() (field, msg string) {
	if s == nil {
		return "", ""
	}
	if len(s.ID) > 200 {
		return "subject.id", "subject.id is at most 200 characters"
	}
	if len(s.Groups) > 100 {
		return "subject.groups", "at most 100 groups"
	}
	for _, g := range s.Groups {
		if !ValidGroup(g) {
			return "subject.groups", fmt.Sprintf("%q is not a group name (^[a-z][a-z0-9_-]*$)", g)
		}
	}
	return "", ""
}
