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
func startRunMaintenance(ctx context.Context, store *models.Store, log *slog.Logger, retention, gatewayIdle time.Duration) {
	pass := func() {
		now := time.Now()
		// gateway sessions ended or idle past the expiry are answered as
		// unknown ones: their rows go
		if n, err := store.DeleteExpiredGatewaySessions(ctx, sessionidle.Rule{Idle: gatewayIdle}.Cutoff(now)); err != nil {
			log.Error("gateway sessions: sweep failed", "err", err)
		} else if n > 0 {
			log.Info("gateway sessions: sweep", "sessions_deleted", n)
		}
		// approval requests that waited past CONSOLE_APPROVAL_REQUEST_TTL
		// are recorded expired, each audited once across replicas
		if n, err := store.ExpireApprovals(ctx, now); err != nil {
			log.Error("approval requests: expiry sweep failed", "err", err)
		} else {
			log.Debug("approval requests: expiry sweep done", "requests_expired", n)
			if n > 0 {
				log.Info("approval requests: expired", "requests_expired", n)
			}
		}
		if err := store.EnsureRunPartitions(ctx, now, now); err != nil {
			log.Error("run evidence: partitions ahead not made", "err", err)
		}
		// idempotency records are kept as long as the evidence of their
		// calls: a key older than that runs its call again
		if n, err := store.PruneIdempotent(ctx, now.Add(-retention)); err != nil {
			log.Error("idempotency records: retention pass failed", "err", err)
		} else if n > 0 {
			log.Info("idempotency records: retention", "records_deleted", n)
		}
		res, err := store.PruneRunEvents(ctx, now.Add(-retention))
		if err != nil {
			log.Error("run evidence: retention pass failed", "err", err)
			return
		}
		if len(res.Partitions) > 0 || res.Events > 0 || res.Owners > 0 {
			log.Info("run evidence: retention", "partitions_dropped", len(res.Partitions), "events_deleted", res.Events, "runs_removed", res.Runs, "owners_removed", res.Owners)
		}
	}
	go func() {
		pass()
		t := time.NewTicker(runMaintenanceEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				pass()
			}
		}
	}()
}
