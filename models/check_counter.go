package models

import (
	"context"
	"fmt"
	"sort"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// CheckCounter counts call-time checks per agent, tool, group and outcome
// ("allow" or a denial type). Counters live outside the audit chain: a
// check is not a change, and the chain must not become the hot path.
type CheckCounter struct {
	Agent     string `gorm:"primaryKey;size:64"`
	Tool      string `gorm:"primaryKey;size:200"`
	GroupName string `gorm:"column:group_name;primaryKey;size:64"`
	Outcome   string `gorm:"primaryKey;size:32"`
	Count     int64  `gorm:"not null;default:0"`
	UpdatedAt time.Time
}

// CounterKey names one counter.
type CounterKey struct {
	Agent, Tool, Group, Outcome string
}

// AddCheckCounts adds counts to the counters in one statement (an upsert),
// so replicas flushing at once never lose an increment.
func (s *Store) AddCheckCounts(ctx context.Context, counts map[CounterKey]int64) error {
	if len(counts) == 0 {
		return nil
	}
	now := time.Now().UTC()
	rows := make([]CheckCounter, 0, len(counts))
	for k, n := range counts {
		rows = append(rows, CheckCounter{Agent: clipTo(k.Agent, 64), Tool: clipTo(k.Tool, 200), GroupName: clipTo(k.Group, 64), Outcome: k.Outcome, Count: n, UpdatedAt: now})
	}
	// a stable order keeps concurrent upserts from deadlocking each other
	sort.Slice(rows, func(a, b int) bool {
		x, y := rows[a], rows[b]
		return fmt.Sprint(x.Agent, "\x00", x.Tool, "\x00", x.GroupName, "\x00", x.Outcome) < fmt.Sprint(y.Agent, "\x00", y.Tool, "\x00", y.GroupName, "\x00", y.Outcome)
	})
	err := s.with(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "agent"}, {Name: "tool"}, {Name: "group_name"}, {Name: "outcome"}},
		DoUpdates: clause.Set{{Column: clause.Column{Name: "count"}, Value: gorm.Expr("check_counters.count + excluded.count")}, {Column: clause.Column{Name: "updated_at"}, Value: gorm.Expr("excluded.updated_at")}},
	}).CreateInBatches(rows, 200).Error
	if err != nil {
		return fmt.Errorf("models: add check counts: %w", err)
	}
	return nil
}

// CheckCounters lists counters, optionally for one agent, busiest first.
func (s *Store) CheckCounters(ctx context.Context, agent string, limit int) ([]CheckCounter, error) {
	q := s.with(ctx).Model(&CheckCounter{})
	if agent != "" {
		q = q.Where("agent = ?", agent)
	}
	var out []CheckCounter
	err := q.Order("count DESC, agent, tool, group_name, outcome").Limit(limit).Find(&out).Error
	return out, err
}
