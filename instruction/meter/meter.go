package meter

import (
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// Meter counts tokens with a bounded memo of unit counts. It is safe for
// concurrent use.
type Meter struct {
	tok *tokenizers

	mu    sync.Mutex
	cur   map[memoKey]int
	old   map[memoKey]int
	limit int
	// heads memoizes the totals of heads composed for levers, by
	// encoding and head key (headTotals)
	heads map[headMemoKey]Totals
}

type memoKey struct {
	enc string
	key string
}

// New makes a meter whose memo holds about limit unit counts (two
// generations of limit/2: the older one is dropped when the newer fills).
func New(limit int) *Meter {
	if limit < 2 {
		limit = 2
	}
	return &Meter{tok: newTokenizers(), cur: map[memoKey]int{}, old: map[memoKey]int{}, limit: limit}
}

// Warm loads every encoding's ranks; call it off the request path at start.
func (m *Meter) Warm() error {
	for _, e := range Encodings {
		if _, err := m.tok.get(e); err != nil {
			return err
		}
	}
	return nil
}

// headMemoKey names a head's totals in one encoding.
type headMemoKey struct {
	enc string
	key instruction.HeadKey
}

// maxHeadTotals bounds the memo of head totals: a full memo is emptied
// (a head is a few capabilities' combination: a process meets few).
const maxHeadTotals = 4096

// headTotals are the memoized totals of the head with key k.
func (m *Meter) headTotals(enc string, k instruction.HeadKey) (Totals, bool) {
	m.mu.Lock()
	t, ok := m.heads[headMemoKey{enc, k}]
	m.mu.Unlock()
	return t, ok
}

// keepHeadTotals memoizes the totals of the head with key k.
func (m *Meter) keepHeadTotals(enc string, k instruction.HeadKey, t Totals) {
	m.mu.Lock()
	if m.heads == nil || len(m.heads) >= maxHeadTotals {
		m.heads = make(map[headMemoKey]Totals)
	}
	m.heads[headMemoKey{enc, k}] = t
	m.mu.Unlock()
}

// Count tokenizes text in full. Special-token strings count as ordinary
// text.
func (m *Meter) Count(enc, text string) (int, error) {
	tk, err := m.tok.get(enc)
	if err != nil {
		return 0, err
	}
	return tk.count(text), nil
}

// CountUnit counts one unit, memoized by (encoding, content hash).
func (m *Meter) CountUnit(enc string, u catalog.Unit) (int, error) {
	k := memoKey{enc, u.Key}
	m.mu.Lock()
	n, ok := m.cur[k]
	if !ok {
		if n, ok = m.old[k]; ok {
			m.put(k, n)
		}
	}
	m.mu.Unlock()
	if ok {
		return n, nil
	}
	n, ok = knownCount(enc, u.Key)
	if !ok {
		var err error
		if n, err = m.Count(enc, u.Text); err != nil {
			return 0, err
		}
	}
	m.mu.Lock()
	m.put(k, n)
	m.mu.Unlock()
	return n, nil
}

func (m *Meter) put(k memoKey, n int) {
	if len(m.cur) >= m.limit/2 {
		m.old, m.cur = m.cur, make(map[memoKey]int, m.limit/2)
	}
	m.cur[k] = n
}

// Totals are token counts per section group.
type Totals struct {
	Body     int `json:"body"`
	Protocol int `json:"protocol"`
	Catalog  int `json:"catalog"`
	Total    int `json:"total"`
}

func (t *Totals) add(group string, n int) {
	switch group {
	case instruction.GroupBody:
		t.Body += n
	case instruction.GroupProtocol:
		t.Protocol += n
	case instruction.GroupCatalog:
		t.Catalog += n
	}
	t.Total += n
}

// Sub is t − o, group by group.
func (t Totals) Sub(o Totals) Totals {
	return Totals{t.Body - o.Body, t.Protocol - o.Protocol, t.Catalog - o.Catalog, t.Total - o.Total}
}

// Measure counts every section of a composition from its units.
func (m *Meter) Measure(enc string, c instruction.Composition) ([]int, Totals, error) {
	counts := make([]int, len(c.Sections))
	var t Totals
	for i, s := range c.Sections {
		for _, u := range s.Units {
			n, err := m.CountUnit(enc, u)
			if err != nil {
				return nil, Totals{}, err
			}
			counts[i] += n
		}
		t.add(s.Group, counts[i])
	}
	return counts, t, nil
}

// MemoSize is the number of unit counts held.
func (m *Meter) MemoSize() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.cur) + len(m.old)
}
