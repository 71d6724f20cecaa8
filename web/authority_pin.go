package web

import (
	"context"

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

// pin is the authority a check of tool by agent (under profile, "" for
// none) for subject is made under now.
func (st *authState) pin(agent, profile string, subject *authority.Subject, tool string) authority.Pin {
	v := st.versions
	return authority.PinOf(authority.GroupsOf(subject), func(g string) int { return v.groups[g] }, agent, st.agents[agent].stamp, profile, v.profiles[profile], tool, v.reviewed[tool])
}

// profileOf is the profile a check of agent naming profile runs under:
// that one, else the agent's default, else none ("").
func (st *authState) profileOf(agent, profile string) string {
	ag, err := st.agentFor(agent, profile)
	if err != nil {
		return profile
	}
	return ag.ProfileSlug
}

// approvalOf is the approval row as a check judges it: with the
// authority it pinned as it is now (PinNow), under its own groups and
// profile. nil (none read) is the approval that names nothing.
func (st *authState) approvalOf(row *models.Approval) *authority.Approval {
	ap := row.Authority()
	ap.RequestTTL = st.requestTTL
	if row != nil {
		ap.PinNow = st.pin(row.Agent, row.Profile, &authority.Subject{ID: row.Subject, Groups: row.Groups()}, row.Tool).String()
	}
	return ap
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
