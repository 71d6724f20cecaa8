package main

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models/modelstest"
)

// TestMaintenanceEndsBeforeTheStoreCloses: serve stopped by SIGTERM
// logged "gateway sessions: sweep failed: sql: database is closed": the
// maintenance pass outlived the store. The maintenance says when it has
// stopped, serve closes the store after that, and a pass the shutdown
// cuts short logs no failure: started on a context already ended (the
// shutdown came first) or ended during its first pass, it logs no error,
// and the store closed once it ended sees no call.
func TestMaintenanceEndsBeforeTheStoreCloses(t *testing.T) {
	for _, ended := range []bool{true, false} {
		name := "stopped during its first pass"
		if ended {
			name = "stopped before it began"
		}
		t.Run(name, func(t *testing.T) {
			d := modelstest.Dialects(t)[0]
			store, _ := modelstest.OpenURL(t, d)
			var logged bytes.Buffer
			log := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if ended {
				cancel()
			}
			done := startRunMaintenance(ctx, store, log, 24*time.Hour, time.Hour)
			// ended while its first pass runs: whichever step is under way
			// is cut short
			cancel()
			<-done
			if err := store.Close(); err != nil {
				t.Fatal(err)
			}
			if strings.Contains(logged.String(), "level=ERROR") {
				t.Errorf("the maintenance logged an error while the console stopped:\n%s", logged.String())
			}
		})
	}
}
