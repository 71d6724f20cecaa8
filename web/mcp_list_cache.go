package web

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The direct path's tools/list keeps each session's latest answer: a
// repeated list of an unchanged session costs the session read every
// request makes (its row and both generations in one query, so a grant
// revoked or a tool reviewed on another replica is seen at once) and a
// few comparisons, not the step's reconstruction, the list's digest and
// its encoding.
//
// A session's list is a function of what the entry records: its
// receipts (their every write bumps the session's version), the catalog
// and configuration generations (every grant, review, profile and agent
// change bumps one), the namespaces a connection serves (the connection
// snapshot's), and what this process learnt of running servers that
// list another contract than the reviewed one (servedCheck's changes).
// The rest of the session (agent, profile, subject, set, run) is fixed
// at initialize. An answer is served from the entry only while the
// session also holds that list as given (Listed) and its tools as shown
// (Shown): then building it would write nothing either.

// listState is what a session's tool list is built from.
type listState struct {
	version        int
	catGen, cfgGen int64
	served         string
	checks         uint64
}

// listEntry is a session's latest list: the state it was built from, the
// session's Listed and Shown once it was given, and the answer's key
// (the list's digest) in listCache.answers.
type listEntry struct {
	state         listState
	listed        string
	shown         string
	run           string
	subject       string
	pick, without string
}

// listCache holds the entries per session id and the answers per list
// digest (sessions of one agent and subject share their answer), each
// bounded by the bytes it holds and emptied when full.
type listCache struct {
	mu          sync.Mutex
	sessions    map[string]listEntry
	answers     map[string][]byte
	entryBytes  int
	answerBytes int
	// hits counts the answers served from an entry
	hits atomic.Int64
}

const (
	maxListEntryBytes  = 2 << 20
	maxListAnswerBytes = 4 << 20
)

// listState is the state request r's list is built from now, and false
// when it cannot be told (the connections could not be read).
func (g *gateway) listState(ctx context.Context, r *gwReq) (listState, bool) {
	sn, err := g.conns.snapshot(ctx, g.s)
	if err != nil || r.catGen == 0 {
		return listState{}, false
	}
	return listState{version: r.sess.Version, catGen: r.catGen, cfgGen: r.cfgGen, served: sn.servedKey, checks: g.served.changes.Load()}, true
}

// entryOf is what the cache keeps of r's session in state st.
func entryOf(r *gwReq, st listState) listEntry {
	s := r.sess
	return listEntry{state: st, listed: s.Listed, shown: s.Shown, run: s.Run, subject: s.SubjectDigest, pick: s.PickTools, without: s.PickWithout}
}

func (e listEntry) size() int {
	return 128 + len(e.listed) + len(e.shown) + len(e.run) + len(e.subject) + len(e.pick) + len(e.without) + len(e.state.served)
}

// lookup is the answer kept for r's session in state st, nil when none.
func (lc *listCache) lookup(r *gwReq, st listState) []byte {
	lc.mu.Lock()
	defer lc.mu.Unlock()
	e, ok := lc.sessions[r.sess.ID]
	if !ok || e != entryOf(r, st) {
		return nil
	}
	raw := lc.answers[e.listed]
	if raw != nil {
		lc.hits.Add(1)
	}
	return raw
}

// keep records raw as the answer of r's session in state st, given as
// list key.
func (lc *listCache) keep(r *gwReq, st listState, key string, raw []byte) {
	e := entryOf(r, st)
	if e.listed != key {
		return
	}
	lc.mu.Lock()
	defer lc.mu.Unlock()
	if _, ok := lc.answers[key]; !ok {
		if len(raw) > maxListAnswerBytes/4 {
			return
		}
		if lc.answers == nil || lc.answerBytes+len(raw) > maxListAnswerBytes {
			// the sessions' entries name answers: both go
			lc.answers, lc.answerBytes = map[string][]byte{}, 0
			lc.sessions, lc.entryBytes = nil, 0
		}
		lc.answers[key] = raw
		lc.answerBytes += len(raw)
	}
	if lc.sessions == nil || lc.entryBytes+e.size() > maxListEntryBytes {
		lc.sessions, lc.entryBytes = map[string]listEntry{}, 0
	}
	if old, ok := lc.sessions[r.sess.ID]; ok {
		lc.entryBytes -= old.size()
	}
	lc.sessions[r.sess.ID] = e
	lc.entryBytes += e.size()
}

// listJSONOf is request r's tools/list answer as JSON, from the session's
// entry when its state is the one the entry was built from, else built
// (gateway.listTools) and kept when the state did not move meanwhile.
// res is the built result (nil when the answer came from the entry); raw
// is nil when the result could not be spliced (encode res instead).
func (g *gateway) listJSONOf(ctx context.Context, r *gwReq) (res *mcp.ListToolsResult, raw []byte, err error) {
	before, cacheable := g.listState(ctx, r)
	if cacheable {
		if raw := g.lists.lookup(r, before); raw != nil {
			return nil, raw, nil
		}
	}
	st, err := g.step(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	res, ls, err := g.listed(ctx, st, true)
	if err != nil {
		return nil, nil, err
	}
	if err := g.recordListed(ctx, r, ls, true); err != nil {
		return nil, nil, err
	}
	raw, _ = g.toolJSON.listJSON(res) // nil: encoded whole by the caller
	if cacheable && raw != nil && len(res.Tools) > 0 {
		if after, ok := g.listState(ctx, r); ok && after == before {
			g.lists.keep(r, after, ls.key, raw)
		}
	}
	return res, raw, nil
}
