package web

import (
	"hash/fnv"
	"sync"
)

// sessionLocks serialize the writes of one gateway session's requests
// within a replica (striped by session id, so memory stays bounded);
// across replicas the session's optimistic version check decides.
var sessionLocks [64]sync.Mutex

// lockSession locks the stripe of session id and returns its unlock.
func lockSession(id string) func() {
	h := fnv.New32a()
	_, _ = h.Write([]byte(id))
	m := &sessionLocks[h.Sum32()%uint32(len(sessionLocks))]
	m.Lock()
	return m.Unlock
}

// burst is the searches of one session in flight together on this
// replica: parallel calls of one step, whose receipts merge (§10).
type burst struct {
	id       string
	inflight int
	step     int // the step the burst stored, -1 before its first store
}

var (
	burstsMu sync.Mutex
	bursts   = map[string]*burst{}
)

// joinBurst counts a search of session id in flight: it joins the burst
// of the searches in flight, or starts one.
func joinBurst(id string) *burst {
	burstsMu.Lock()
	defer burstsMu.Unlock()
	b := bursts[id]
	if b == nil {
		b = &burst{id: id, step: -1}
		bursts[id] = b
	}
	b.inflight++
	return b
}

// leave ends a search of the burst; the last one ends the burst.
func (b *burst) leave() {
	burstsMu.Lock()
	defer burstsMu.Unlock()
	if b.inflight--; b.inflight == 0 {
		delete(bursts, b.id)
	}
}

// stepOf is the step the burst stored (-1 none) when the session holds
// n steps.
func (b *burst) stepOf(n int) int {
	burstsMu.Lock()
	defer burstsMu.Unlock()
	if b.step >= n {
		return -1
	}
	return b.step
}

// stored records the step the burst's search stored.
func (b *burst) stored(step int) {
	burstsMu.Lock()
	defer burstsMu.Unlock()
	b.step = step
}
