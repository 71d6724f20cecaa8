package web

import (
	"sync"

	"github.com/agentforge/console/models"
)

// sessionStates keeps each gateway session's decoded state (its set,
// receipts and shown tools, decodeSessionState) with the stored texts it
// was decoded from: a request of a session whose stored state is the one
// decoded last reuses it instead of decoding its JSON again. The texts
// come from the session read every request makes, so a session moved by
// another replica (a search, a carried receipt, a list shown) is decoded
// afresh. What is kept is never changed in place (a search or a carry
// clones the groups it extends; the shown tools are replaced, not
// appended to). A session whose state cannot be decoded is never kept.
type sessionStates struct {
	mu    sync.Mutex
	m     map[string]keptSessionState
	bytes int
}

type keptSessionState struct {
	pick, without, receipts, shown string
	state                          gwSessionState
}

// maxSessionStateBytes bounds the stored texts the kept states hold; the
// map is emptied when it would pass it.
const maxSessionStateBytes = 4 << 20

func (k keptSessionState) size() int {
	return 256 + len(k.pick) + len(k.without) + len(k.receipts) + len(k.shown)
}

// decode is decodeSessionState(g), from the kept state when g's stored
// texts are the ones it was decoded from.
func (ss *sessionStates) decode(g *models.GatewaySession) (gwSessionState, error) {
	ss.mu.Lock()
	k, ok := ss.m[g.ID]
	ss.mu.Unlock()
	if ok && k.pick == g.PickTools && k.without == g.PickWithout && k.receipts == g.Receipts && k.shown == g.Shown {
		return k.state, nil
	}
	st, err := decodeSessionState(g)
	if err != nil {
		return st, err
	}
	k = keptSessionState{pick: g.PickTools, without: g.PickWithout, receipts: g.Receipts, shown: g.Shown, state: st}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if k.size() > maxSessionStateBytes/8 {
		return st, nil
	}
	if ss.m == nil || ss.bytes+k.size() > maxSessionStateBytes {
		ss.m, ss.bytes = map[string]keptSessionState{}, 0
	}
	if old, ok := ss.m[g.ID]; ok {
		ss.bytes -= old.size()
	}
	ss.m[g.ID] = k
	ss.bytes += k.size()
	return st, nil
}

// loadState is r.load with the session's state from the kept ones.
func (g *gateway) loadState(r *gwReq) error {
	st, err := g.sessions.decode(r.sess)
	if err != nil {
		return err
	}
	r.pick, r.without, r.groups, r.shown = st.pick, st.without, st.groups, st.shown
	return nil
}
