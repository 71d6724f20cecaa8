package web

import (
	"context"
	"sync"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// checkCounters accumulates check outcomes in memory and flushes them to
// the database once a second with one upsert, so counting costs a check
// no database write.
type checkCounters struct {
	mu      sync.Mutex
	pending map[models.CounterKey]int64
	store   *models.Store
	started sync.Once
	log     func(err error)
}

// count records one decision for the agent and tool under each of the
// subject's groups.
func (cc *checkCounters) count(agent, tool string, groups []string, d authority.Decision) {
	outcome := "allow"
	if !d.Allow {
		outcome = d.Error.Type
	}
	if len(groups) == 0 {
		groups = []string{"(none)"}
	}
	cc.mu.Lock()
	if cc.pending == nil {
		cc.pending = map[models.CounterKey]int64{}
	}
	for _, g := range groups {
		cc.pending[models.CounterKey{Agent: agent, Tool: tool, Group: g, Outcome: outcome}]++
	}
	cc.mu.Unlock()
	cc.started.Do(func() { go cc.loop() })
}

func (cc *checkCounters) loop() {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		if err := cc.flush(context.Background()); err != nil && cc.log != nil {
			cc.log(err)
		}
	}
}

// flush writes the pending counts; on failure they are kept for the next
// flush.
func (cc *checkCounters) flush(ctx context.Context) error {
	cc.mu.Lock()
	batch := cc.pending
	cc.pending = nil
	cc.mu.Unlock()
	if len(batch) == 0 {
		return nil
	}
	err := cc.store.AddCheckCounts(ctx, batch)
	if err != nil {
		cc.mu.Lock()
		if cc.pending == nil {
			cc.pending = map[models.CounterKey]int64{}
		}
		for k, n := range batch {
			cc.pending[k] += n
		}
		cc.mu.Unlock()
	}
	return err
}
