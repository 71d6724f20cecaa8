package authority

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
)

// Pin names the authority a binding was issued under, by versions that
// only ever grow: Grants the versions of the subject's groups (their
// grants), Roster the agent's and its profile's versions, Contract the
// tool's review. A binding whose pin differs from the current one ended
// when that authority changed, even if the change was undone before the
// next check: a removed grant given back, a tool taken out of the agent
// and put back, a descriptor changed, reverted and reviewed again.
type Pin struct {
	Grants, Roster, Contract string
}

// String is the pin as stored: its three parts joined by ".".
func (p Pin) String() string { return p.Grants + "." + p.Roster + "." + p.Contract }

// ParsePin reads a stored pin; "" (a binding made before pins) is the
// zero Pin, which checks nothing.
func ParsePin(s string) Pin {
	parts := strings.SplitN(s, ".", 3)
	if len(parts) != 3 {
		return Pin{}
	}
	return Pin{Grants: parts[0], Roster: parts[1], Contract: parts[2]}
}

// GrantsPin digests the versions of groups (version 0: no such group),
// order and repeats aside.
func GrantsPin(groups []string, version func(string) int) string {
	gs := slices.Clone(groups)
	slices.Sort(gs)
	gs = slices.Compact(gs)
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = fmt.Sprintf("%q:%d", g, version(g))
	}
	return shortDigest(strings.Join(parts, ","))
}

// PartPin digests any other versioned parts (the roster's, the contract's).
func PartPin(parts ...string) string { return shortDigest(strings.Join(parts, "\x00")) }

func shortDigest(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:12])
}

// PinOf is the pin of a check made now for a subject in groups (version
// gives each group's version, 0 for no such group), by agent, whose roster
// stamp is agentStamp, under profile (its current version), of tool, whose
// review stamp is review: the one recipe bindings and approvals share.
func PinOf(groups []string, version func(string) int, agent, agentStamp, profile string, profileVersion int, tool, review string) Pin {
	return Pin{Grants: GrantsPin(groups, version), Roster: PartPin(agent, agentStamp, profile, fmt.Sprint(profileVersion)), Contract: PartPin(tool, review)}
}

// PinChange says, for the host and the pages, which part of the pinned
// authority differs from now ("" when none does, or pinned is "").
func PinChange(pinned string, now Pin) string {
	if pinned == "" {
		return ""
	}
	p := ParsePin(pinned)
	switch {
	case p.Contract != now.Contract:
		return "the tool was reviewed again since"
	case p.Grants != now.Grants:
		return "the grants of the subject's groups changed since"
	case p.Roster != now.Roster:
		return "the agent or its profile changed since"
	}
	return ""
}

// pinChanged is the denial of a binding whose pinned authority changed
// since it was issued (ok false when it did not, or it pinned none).
func pinChanged(pinned string, now Pin) (Decision, bool) {
	if pinned == "" {
		return Decision{}, false
	}
	p := ParsePin(pinned)
	switch {
	case p.Contract != now.Contract:
		return invalid(TypeBindingStale, "binding: the tool was reviewed again since the binding was issued"), true
	case p.Grants != now.Grants:
		return invalid(TypeRevoked, "binding: the grants of the subject's groups changed since the binding was issued"), true
	case p.Roster != now.Roster:
		return invalid(TypeRevoked, "binding: the agent or its profile changed since the binding was issued"), true
	}
	return Decision{}, false
}
