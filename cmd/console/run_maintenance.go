package main

import (
	"context"
	"log/slog"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/sessionidle"
)

// runMaintenanceEvery is how often serve makes run_events' day
// partitions ahead and applies the retention (CONSOLE_RUN_RETENTION).
const runMaintenanceEvery = time.Hour

// startRunMaintenance runs the run-evidence maintenance pass now and then
// every runMaintenanceEvery until ctx ends: the sweep of expired gateway
// sessions, the expiry of approval requests nobody decided in time, the
// day partitions up to a week ahead (Postgres), then retention (idempotency records too). Replicas may run a pass at
// once: partitions and retention take turns through an advisory lock,
// and the session sweep and the approval expiry change a row only while
// it is still due; a failed pass is logged and tried again next time.
// The returned channel closes once ctx ended and no step runs any more:
// serve closes the store after it. A step under way when ctx ends is cut
// short, not logged as failed, and no later step begins.
func startRunMaintenance(ctx context.Context, store *models.Store, log *slog.Logger, retention, gatewayIdle time.Duration) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		maintenancePass(ctx, store, log, retention, gatewayIdle)
		t := time.NewTicker(runMaintenanceEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				maintenancePass(ctx, store, log, retention, gatewayIdle)
			}
		}
	}()
	return done
}

// maintenanceStep is one step of the pass: it does its work at now and
// returns what went wrong (the message and error to log), if anything.
type maintenanceStep func(ctx context.Context, now time.Time) (msg string, err error)

// maintenancePass runs each step in turn, stopping once ctx ends.
func maintenancePass(ctx context.Context, store *models.Store, log *slog.Logger, retention, gatewayIdle time.Duration) {
	now := time.Now()
	for _, step := range maintenanceSteps(store, log, retention, gatewayIdle) {
		if ctx.Err() != nil {
			return
		}
		msg, err := step(ctx, now)
		if err == nil {
			continue
		}
		if ctx.Err() != nil {
			// cut short by the shutdown: the next start runs it again
			return
		}
		log.Error(msg, "err", err)
	}
}

// maintenanceSteps lists the pass's steps, in order.
func maintenanceSteps(store *models.Store, log *slog.Logger, retention, gatewayIdle time.Duration) []maintenanceStep {
	return []maintenanceStep{
		// gateway sessions ended or idle past the expiry are answered as
		// unknown ones: their rows go
		func(ctx context.Context, now time.Time) (string, error) {
			n, err := store.DeleteExpiredGatewaySessions(ctx, sessionidle.Rule{Idle: gatewayIdle}.Cutoff(now))
			if err == nil && n > 0 {
				log.Info("gateway sessions: sweep", "sessions_deleted", n)
			}
			return "gateway sessions: sweep failed", err
		},
		// approval requests that waited past CONSOLE_APPROVAL_REQUEST_TTL
		// are recorded expired, each audited once across replicas
		func(ctx context.Context, now time.Time) (string, error) {
			n, err := store.ExpireApprovals(ctx, now)
			if err == nil {
				log.Debug("approval requests: expiry sweep done", "requests_expired", n)
				if n > 0 {
					log.Info("approval requests: expired", "requests_expired", n)
				}
			}
			return "approval requests: expiry sweep failed", err
		},
		func(ctx context.Context, now time.Time) (string, error) {
			return "run evidence: partitions ahead not made", store.EnsureRunPartitions(ctx, now, now)
		},
		// idempotency records are kept as long as the evidence of their
		// calls: a key older than that runs its call again
		func(ctx context.Context, now time.Time) (string, error) {
			n, err := store.PruneIdempotent(ctx, now.Add(-retention))
			if err == nil && n > 0 {
				log.Info("idempotency records: retention", "records_deleted", n)
			}
			return "idempotency records: retention pass failed", err
		},
		func(ctx context.Context, now time.Time) (string, error) {
			res, err := store.PruneRunEvents(ctx, now.Add(-retention))
			if err == nil && (len(res.Partitions) > 0 || res.Events > 0 || res.Owners > 0) {
				log.Info("run evidence: retention", "partitions_dropped", len(res.Partitions), "events_deleted", res.Events, "runs_removed", res.Runs, "owners_removed", res.Owners)
			}
			return "run evidence: retention pass failed", err
		},
	}
}
