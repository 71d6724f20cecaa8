package web

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/models"
)

// The surface a session was shown, kept with the session in the
// database (any replica, restart-safe): every tool it was listed or
// taught at initialize (GatewaySession.Shown), and the digest of the last
// tool list it was given or told of (GatewaySession.Listed). A tool the
// session was shown that lost its grant since answers capability_revoked
// (it was shown: seed 000's answer for authority withdrawn), as a tool a
// deferred run's receipt named does; and a request that finds the list
// moved — a grant revoked, a tool gone by a sync, a profile changed, an
// activated tool revoked — carries notifications/tools/list_changed,
// once per move.

// listedSurface is a step's tool list in brief: its digest and the
// catalog tools it holds.
type listedSurface struct {
	key string
	ids []string
}

// listed is the step's tool list (built only when build is set) and its
// brief: exactly the step's tools that a connection serves, each with
// its reviewed contract, search_tools while search can reach a tool,
// and load_skill while the step lists a skill. The digest covers each
// listed tool's name, contract digest and approval mark: what the
// client reads of it.
func (g *gateway) listed(ctx context.Context, st *gwStep, build bool) (*mcp.ListToolsResult, listedSurface, error) {
	var ls listedSurface
	served, err := g.conns.served(ctx, g.s)
	if err != nil {
		return nil, ls, err
	}
	// what the digest covers, written into one buffer (a call computes
	// it too: no allocation per tool)
	buf := make([]byte, 0, 512)
	var res *mcp.ListToolsResult
	if build {
		res = &mcp.ListToolsResult{Tools: []*mcp.Tool{}}
	}
	if st.searches() {
		buf = append(buf, instruction.SearchToolID+"\n"...)
		if build {
			res.Tools = append(res.Tools, searchTool())
		}
	}
	if len(listedSkills(st.base.Draft.Skills, st.surface, st.active)) > 0 {
		buf = append(buf, instruction.LoadSkillToolID+"\n"...)
		if build {
			_, t := loadSkillDef()
			res.Tools = append(res.Tools, t)
		}
	}
	for _, id := range st.activeTools() {
		e, ok := st.surface.Entry(id)
		if !ok || !gatewayServes(served, e.Contract()) || g.differs(id, ledgerDigest(st, id, e.Digest())) {
			continue
		}
		ls.ids = append(ls.ids, id)
		approval := st.base.Draft.ApprovalOnly != nil && st.base.Draft.ApprovalOnly(id)
		buf = append(append(append(append(buf, id...), 0), e.Digest()...), '\n')
		if approval {
			buf = append(buf, "approval\n"...)
		}
		if !build {
			continue
		}
		if approval {
			res.Tools = append(res.Tools, g.approvalTool(e))
		} else {
			res.Tools = append(res.Tools, g.mcpTool(e))
		}
	}
	sum := sha256.Sum256(buf)
	var x [2 * sha256.Size]byte // one allocation, the string's
	hex.Encode(x[:], sum[:])
	ls.key = string(x[:])
	if build && len(res.Tools) == 0 {
		// an empty list says why
		// (host-facing: a token and advice, no tool id)
		if m := st.noTools(ctx, g.s).meta(); m != nil {
			res.Meta = mcp.Meta(m)
		}
	}
	return res, ls, nil
}

// wasShown reports whether the session was shown the tool (listed, or
// taught at initialize).
func (r *gwReq) wasShown(id string) bool {
	_, ok := slices.BinarySearch(r.shown, id)
	return ok
}

// recordListed records that the session was given the list ls (show:
// its tools were shown, as by tools/list or initialize) or told of it (a
// list_changed notification, a search's), unless the session holds it
// already. A concurrent record of the same session is merged: the shown
// tools only grow.
func (g *gateway) recordListed(ctx context.Context, r *gwReq, ls listedSurface, show bool) error {
	for attempt := 0; attempt < 3; attempt++ {
		shown := r.shown
		if show {
			shown = unionSorted(r.shown, ls.ids)
		}
		if ls.key == r.sess.Listed && len(shown) == len(r.shown) {
			return nil
		}
		if shown == nil {
			shown = []string{} // stored as [], never null
		}
		b, err := json.Marshal(shown)
		if err != nil {
			return err
		}
		err = g.s.store.MarkGatewayListed(ctx, r.sess.ID, r.sess.Listed, r.sess.Shown, ls.key, string(b))
		if errors.Is(err, models.ErrConflict) {
			fresh, err := g.s.store.GatewaySessionByID(ctx, r.sess.ID)
			if err != nil {
				return err
			}
			st, err := decodeSessionState(fresh)
			if err != nil {
				return err
			}
			r.sess.Listed, r.sess.Shown, r.shown = fresh.Listed, fresh.Shown, st.shown
			continue
		}
		if err != nil {
			return err
		}
		r.sess.Listed, r.sess.Shown, r.shown = ls.key, string(b), shown
		return nil
	}
	return nil
}

// noticeMoves compares the list a call's step gives with the one the
// session was last given or told of: moved, the call's answer carries
// notifications/tools/list_changed (r.listChanged) and the session
// records that it was told; not moved, it tells nothing, whatever moved
// under the list (a surface whose activation was carried). A session
// that has no list recorded (stored before the console kept one) records
// it, with a notification only when its activation was carried.
func (g *gateway) noticeMoves(ctx context.Context, r *gwReq) error {
	st, err := g.step(ctx, r)
	if err != nil {
		return err
	}
	_, ls, err := g.listed(ctx, st, false)
	if err != nil {
		return err
	}
	if ls.key == r.sess.Listed {
		return nil
	}
	if r.sess.Listed != "" || r.carried {
		r.listChanged = true
	}
	return g.recordListed(ctx, r, ls, false)
}

// unionSorted is the sorted union of sorted a and b (a itself when b
// adds nothing).
func unionSorted(a, b []string) []string {
	var add []string
	for _, id := range b {
		if _, ok := slices.BinarySearch(a, id); !ok && !slices.Contains(add, id) {
			add = append(add, id)
		}
	}
	if len(add) == 0 {
		return a
	}
	out := append(slices.Clone(a), add...)
	slices.Sort(out)
	return out
}

// showInitialList records the list of a new session's first step as
// shown: its initialize instruction teaches those tools.
func (g *gateway) showInitialList(ctx context.Context, r *gwReq) error {
	st, err := g.step(ctx, r)
	if err != nil {
		return err
	}
	_, ls, err := g.listed(ctx, st, false)
	if err != nil {
		return err
	}
	return g.recordListed(ctx, r, ls, true)
}

// noticeServed tells the session when the call it answers took a tool off
// its list: a call can find out that its server now serves another
// contract than the one reviewed (checkServed), and the tool leaves the
// list at once. The answer carries notifications/tools/list_changed when
// it can — on the SDK's event stream, or on the direct path's
// (r.tellListChanged) — and the session records that it was told; an
// answer that cannot carry it leaves the move to the next request
// (noticeMoves).
func (g *gateway) noticeServed(ctx context.Context, r *gwReq, req *mcp.CallToolRequest) {
	if r.sess.Listed == "" {
		return
	}
	st, err := g.step(ctx, r)
	if err != nil {
		return
	}
	_, ls, err := g.listed(ctx, st, false)
	if err != nil || ls.key == r.sess.Listed {
		return
	}
	switch {
	case req.Session == nil:
		r.tellListChanged = true
	case r.listChanged:
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: listChangedToken})
	default:
		return
	}
	_ = g.recordListed(ctx, r, ls, false)
}

// ledgerDigest is the reviewed digest of a listed tool as a call checks it
// (the ledger row's, which differs tells by), or the surface entry's when
// the snapshot has no row.
func ledgerDigest(st *gwStep, id, entry string) string {
	if row, ok := st.base.Snapshot.Row(id); ok && row.Digest != "" {
		return row.Digest
	}
	return entry
}
