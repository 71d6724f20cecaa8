package web

import (
	"sync"
	"time"
)

// maskedCounts counts each runtime key's answers masked for holding a
// connection's own secret over the last hour, in this replica's memory,
// and writes their audit (secret.masked, and secret.masked_alert when a
// key passes MaskedAnswersPerHour) off the call path: the answer returns
// without waiting for a database write or count. The writes are never
// lost to a clean stop: Server.Close waits for them (flush). Each replica
// counts the answers it served, so a key's calls spread over replicas
// are alerted when one replica served more than MaskedAnswersPerHour of
// them in an hour, and each replica alerts at most once an hour per key.
type maskedCounts struct {
	mu sync.Mutex
	// at holds, per key, the times of its latest masked answers within
	// the hour (at most MaskedAnswersPerHour+1: only passing it matters)
	at map[uint][]time.Time
	// alerted is when each key was last alerted on this replica
	alerted map[uint]time.Time
	pending sync.WaitGroup
	// hold, when set (tests), holds every audit write until it is closed
	hold chan struct{}
}

// add records one masked answer of key at now and reports whether it
// passes MaskedAnswersPerHour in the hour with no alert of the key in
// the last hour on this replica (then the caller alerts).
func (m *maskedCounts) add(key uint, now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.at == nil {
		m.at, m.alerted = map[uint][]time.Time{}, map[uint]time.Time{}
	}
	cut := now.Add(-time.Hour)
	ts := m.at[key]
	i := 0
	for i < len(ts) && !ts[i].After(cut) {
		i++
	}
	ts = append(ts[i:], now)
	if len(ts) > MaskedAnswersPerHour+1 {
		ts = ts[len(ts)-MaskedAnswersPerHour-1:]
	}
	m.at[key] = ts
	if len(ts) <= MaskedAnswersPerHour {
		return false
	}
	if last, ok := m.alerted[key]; ok && last.After(cut) {
		return false
	}
	m.alerted[key] = now
	return true
}

// write runs fn (the audit writes of one masked answer) off the call
// path; flush waits for it.
func (m *maskedCounts) write(fn func()) {
	m.pending.Add(1)
	go func() {
		defer m.pending.Done()
		if m.hold != nil {
			<-m.hold
		}
		fn()
	}()
}

// flush waits for every audit write started so far.
func (m *maskedCounts) flush() { m.pending.Wait() }
