package web

import (
	"context"
	"fmt"
	"strconv"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// authVersions are the versions a binding's pin is made of: each tool's
// review, each profile's current version and each group's version.
type authVersions struct {
	reviewed map[string]string
	profiles map[string]int
	groups   map[string]int
}

// reviewStamp names a tool's review: its digest, status and when it was
// reviewed (a descriptor changed, reverted and approved again is another
// review).
func reviewStamp(t models.Tool) string {
	at := ""
	if t.ReviewedAt != nil {
		at = strconv.FormatInt(t.ReviewedAt.UnixNano(), 10)
	}
	return t.Digest + ":" + t.Status + ":" + at
}

// pin is the authority a check of tool by agent (under profile, "" for
// none) for subject is made under now.
func (st *authState) pin(agent, profile string, subject *authority.Subject, tool string) authority.Pin {
	v := st.versions
	grants := authority.GrantsPin(authority.GroupsOf(subject), func(g string) int { return v.groups[g] })
	roster := authority.PartPin(agent, fmt.Sprint(st.agents[agent].version), profile, fmt.Sprint(v.profiles[profile]))
	return authority.Pin{Grants: grants, Roster: roster, Contract: authority.PartPin(tool, v.reviewed[tool])}
}

// pinAt is the authority a check read at cs is made under (pin).
func (s *Server) pinAt(ctx context.Context, cs models.CheckState, agent, profile string, subject *authority.Subject, tool string) (authority.Pin, error) {
	st, err := s.authorityAt(ctx, cs.CatalogGen, cs.ConfigGen)
	if err != nil {
		return authority.Pin{}, err
	}
	ag, err := st.agentFor(agent, profile)
	if err != nil {
		return authority.Pin{}, err
	}
	return st.pin(agent, ag.ProfileSlug, subject, tool), nil
}
