package web

import (
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// denyOnly is why a viewer who may decide a pending request may only deny
// it, one reason, in the order the Approvals page words them: its tool
// changed since it was filed (stale), a runtime key the viewer created
// asked for it (four eyes), its arguments do not fit the reviewer's view,
// or the view masks one of their values. The models refuse the approval
// for each of them; this only says which applies.
type denyOnly int

// the reasons, in the order they are told
const (
	mayApprove denyOnly = iota
	denyStale
	denyKeyOwner
	denyUnseen
	denyMasked
)

// denyOnlyOf says which reason applies to a, shown as status, for a viewer
// who created one of the runtime keys that asked for it (keyOwner).
func denyOnlyOf(status string, a *models.Approval, keyOwner bool) denyOnly {
	switch {
	case status == authority.RequestStale:
		return denyStale
	case keyOwner:
		return denyKeyOwner
	case authority.ViewIsCut(a.ArgsView):
		return denyUnseen
	case a.ArgsHidden:
		return denyMasked
	}
	return mayApprove
}

// dashboardWords is the reason as the dashboard's short note says it.
func (d denyOnly) dashboardWords() string {
	return [...]string{"", "its tool changed since it was filed", "a runtime key you created asked for it",
		"its arguments are larger than the view", "its arguments hold a value shown masked"}[d]
}

// keyOwnerOf says the viewer me created one of the runtime keys that
// asked for a request (owners: those keys' creators).
func keyOwnerOf(me string, owners []string) bool {
	for _, o := range owners {
		if authority.SameIdentity(me, o) {
			return true
		}
	}
	return false
}
