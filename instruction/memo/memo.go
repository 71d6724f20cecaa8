// Package memo holds the bounded memo the composer and the runtime share:
// pure, no I/O.
package memo

import "sync"

// Bounded is a concurrency-safe memo that holds about limit values: two
// generations of limit/2, the older dropped when the newer fills.
type Bounded[K comparable, V any] struct {
	mu       sync.Mutex
	cur, old map[K]V
	limit    int
}

// NewBounded makes a memo of about limit values (at least 2).
func NewBounded[K comparable, V any](limit int) *Bounded[K, V] {
	return &Bounded[K, V]{cur: map[K]V{}, old: map[K]V{}, limit: max(limit, 2)}
}

// Get returns the value under k, making it with make on a miss (outside
// the lock: make must be a pure function of k).
func (m *Bounded[K, V]) Get(k K, make func() V) V {
	m.mu.Lock()
	v, ok := m.cur[k]
	if !ok {
		if v, ok = m.old[k]; ok {
			m.put(k, v)
		}
	}
	m.mu.Unlock()
	if ok {
		return v
	}
	v = make()
	m.mu.Lock()
	m.put(k, v)
	m.mu.Unlock()
	return v
}

func (m *Bounded[K, V]) put(k K, v V) {
	if len(m.cur) >= m.limit/2 {
		m.old, m.cur = m.cur, make(map[K]V, m.limit/2)
	}
	m.cur[k] = v
}
