package web

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// leftCatalog answers a call of a tool the session was shown that the
// check now finds nowhere (v unknown or unavailable) because the
// catalog moved under it: a sync read another contract (the tool waits
// for review) or the server no longer lists it. That is catalog_changed
// (refresh, choose another), never "no tool named …". Nil: the tool is still in the catalog as available (a profile or
// an agent changed), so the check's own answer stands.
func (g *gateway) leftCatalog(ctx context.Context, v deferred.CallVerdict, tool string) *mcp.CallToolResult {
	unavailable := v.Status == deferred.CallUnknown || v.Status == deferred.CallDenied && v.Error != nil && v.Error.Type == authority.TypeUnavailable
	if !unavailable {
		return nil
	}
	t, err := g.s.store.ToolByID(ctx, tool)
	switch {
	case errors.Is(err, models.ErrNotFound):
		return gwError(authority.TypeCatalogChanged, fmt.Sprintf("%s left the catalog since this conversation was shown it (its server no longer offers it); nothing was run. Refresh the tool list.", tool),
			authority.ActRefreshCatalog, authority.ActChooseAlternative, authority.ActAskUser, authority.ActStop)
	case err != nil || t.Status == models.ToolAvailable:
		return nil
	}
	why := "its server offers another contract, which waits for a reviewer"
	switch {
	case t.Status == models.ToolCandidate && (t.PrevDigest == "" || t.PrevDigest == t.Digest):
		// imported again (a connection removed and added again): the
		// contract may be the very one shown; only the review is new
		why = "it waits for a reviewer again"
	case t.Status != models.ToolCandidate:
		why = "it is no longer available"
	}
	return gwError(authority.TypeCatalogChanged, fmt.Sprintf("%s changed since this conversation was shown it (%s); nothing was run. Refresh the tool list.", tool, why),
		authority.ActRefreshCatalog, authority.ActChooseAlternative, authority.ActAskUser, authority.ActStop)
}
