package authority

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
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
	// RequiresApproval is set when any grant that matches asks for it:
	// the strictest applicable condition holds, so no broader grant (an
	// effects class, a service, another of the subject's groups) lifts
	// an approval a grant requires.
	RequiresApproval bool
	// ApprovalGroups lists the groups of the grants that require it.
	ApprovalGroups []string
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
// ok is false when no grant of any of the groups covers it. The tool
// requires approval when any grant that covers it does (Auth).
func Authorize(groups []string, grants []Grant, t Tool) (Auth, bool) {
	var a Auth
	ok := false
	for _, g := range grants {
		if !slices.Contains(groups, g.Group) || !g.Matches(t) {
			continue
		}
		ok = true
		if g.RequiresApproval {
			a.RequiresApproval = true
			if !slices.Contains(a.ApprovalGroups, g.Group) {
				a.ApprovalGroups = append(a.ApprovalGroups, g.Group)
			}
		}
		if !slices.Contains(a.Groups, g.Group) {
			a.Groups = append(a.Groups, g.Group)
		}
	}
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

// MaxGroupName bounds a group name; MaxGroups bounds a subject's groups.
const (
	MaxGroupName = 64
	MaxGroups    = 100
)

// groupName is the rule of a group name; messages quote it.
var groupName = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(fmt.Sprintf(`^[a-z][a-z0-9_-]{0,%d}$`, MaxGroupName-1))
})

// ValidGroup reports whether s is a group name.
func ValidGroup(s string) bool { return groupName().MatchString(s) }

// GroupRule is the pattern every group name matches, for messages and the
// API description.
func GroupRule() string { return groupName().String() }

// CheckGroups explains why groups is not a subject's list of groups ("" when
// it is): too many, or one that is not a group name.
func CheckGroups(groups []string) string {
	if len(groups) > MaxGroups {
		return fmt.Sprintf("at most %d groups", MaxGroups)
	}
	for _, g := range groups {
		if !ValidGroup(g) {
			return fmt.Sprintf("%s is not a group name (%s)", Excerpt(g, MaxGroupName), GroupRule())
		}
	}
	return ""
}

// Validate checks a subject as a runtime sends it, the one rule of every
// route that takes a subject (compose, runs, authorize, bindings, the
// gateway's headers); the error names the field ("subject.id",
// "subject.groups"). No subject is the group everyone; a subject must name
// who it is. An id must already be in its canonical form (no white
// space around it, no compatibility form NFKC would fold): one that is
// not is refused, naming that form, so two strings a reader can tell
// apart (user① and user1) never name one subject on any route. A valid
// id becomes its key (SubjectKey), which only drops the characters that
// draw nothing, so an invisible joiner does not make a second subject.
func (s *Subject) Validate() (field, msg string) {
	if s == nil {
		return "", ""
	}
	if s.ID == "" {
		return "subject.id", "subject.id is missing: a subject with groups must name who it is"
	}
	if len(s.ID) > MaxSubjectID {
		return "subject.id", fmt.Sprintf("subject.id must be 1-%d bytes", MaxSubjectID)
	}
	if msg := printable(s.ID); msg != "" {
		return "subject.id", "subject.id " + msg
	}
	key := SubjectKey(s.ID)
	switch {
	case key == "":
		return "subject.id", "subject.id shows nothing: it is only white space or characters that draw nothing"
	case key != dropIgnorable(s.ID):
		return "subject.id", fmt.Sprintf("subject.id must be given in its canonical form %s: white space around it and compatibility characters (such as ① or full-width letters, NFKC) would make two strings name one subject", strconv.Quote(key))
	}
	s.ID = key
	if msg := CheckGroups(s.Groups); msg != "" {
		return "subject.groups", "subject.groups: " + msg
	}
	return "", ""
}

// MaxSubjectID bounds a subject id (the bindings' subject column).
const MaxSubjectID = 200

// printable explains why s is not printable UTF-8 ("" when it is): not
// UTF-8, a control character (C0 such as ESC or newline, DEL, C1), a
// bidi control (U+202E and its kin), which could disguise the text in a
// log line or a page, or another invisible format character (U+200B
// and the other zero-width characters, U+FEFF, U+00AD). A zero-width
// joiner or non-joiner where it changes the rendering (Joins: inside a
// word of a joining or conjunct-building script, or in an emoji
// sequence) is writing, not disguise, and is kept.
func printable(s string) string {
	if !utf8.ValidString(s) {
		return "is not valid UTF-8"
	}
	for i, r := range s {
		switch {
		case unicode.IsControl(r):
			return fmt.Sprintf("contains the control character %U", r)
		case unicode.Is(unicode.Bidi_Control, r):
			return fmt.Sprintf("contains the bidi control %U", r)
		case r == zwj || r == zwnj:
			if Joins(r, s[:i], s[i+utf8.RuneLen(r):]) {
				continue
			}
			return fmt.Sprintf("contains %U (a zero-width joiner) where it draws nothing: it is kept only inside an Arabic, Indic (or similar) word or an emoji sequence", r)
		case unicode.Is(unicode.Cf, r):
			// zero-width space, joiners, BOM, soft hyphen: invisible, so
			// two ids that read alike would be two subjects
			return fmt.Sprintf("contains the invisible format character %U", r)
		}
	}
	return ""
}

// Excerpt quotes at most n bytes of s for a message (an ellipsis marks a
// cut, on a rune boundary), so no message echoes unbounded input.
func Excerpt(s string, n int) string {
	if len(s) > n {
		cut := n
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		return strconv.Quote(s[:cut]) + "…"
	}
	return strconv.Quote(s)
}

// UnknownGroup is the counters' bucket for every group the console does
// not know: a subject's made-up groups never become rows of their own.
const UnknownGroup = "(unknown)"

// CountedGroups is the groups a check is counted under: each known group
// by name, in order, and all others as one UnknownGroup, once.
func CountedGroups(groups []string, known func(string) bool) []string {
	out := make([]string, 0, len(groups))
	for _, g := range groups {
		if !known(g) {
			g = UnknownGroup
		}
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}
