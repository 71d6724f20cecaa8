package models

import (
	"context"
	"fmt"
	"time"
)

// Run triggers, told apart by the run's name: the MCP gateway names its
// runs mcp-…; every other run was started through the runtime API.
const (
	TriggerGateway = "gateway"
	TriggerAPI     = "api"
)

// RunFilter narrows the runs list; a zero field does not narrow.
type RunFilter struct {
	Agent   string
	Trigger string // TriggerGateway, TriggerAPI or ""
	// Since and Until bound the run's latest activity: [Since, Until).
	Since, Until time.Time
}

// FilteredRuns lists the runs the filter keeps, latest activity first,
// from the runs' totals (never from their events).
func (s *Store) FilteredRuns(ctx context.Context, f RunFilter, limit int) ([]RunSummary, error) {
	q := s.with(ctx).Table("run_totals").Select("run, agent, events, " + runStepsColumn + ", last_id, last_at AS last")
	if f.Agent != "" {
		q = q.Where("agent = ?", f.Agent)
	}
	switch f.Trigger {
	case TriggerGateway:
		q = q.Where("run LIKE ?", "mcp-%")
	case TriggerAPI:
		q = q.Where("run NOT LIKE ?", "mcp-%")
	}
	if !f.Since.IsZero() {
		q = q.Where("last_at >= ?", f.Since.UTC())
	}
	if !f.Until.IsZero() {
		q = q.Where("last_at < ?", f.Until.UTC())
	}
	var out []RunSummary
	if err := q.Order("last_id DESC").Limit(limit).Scan(&out).Error; err != nil {
		return nil, fmt.Errorf("models: filtered runs: %w", err)
	}
	return out, nil
}
