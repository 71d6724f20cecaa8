package web

import (
	"context"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// ComposeRequest is a composition asked for by agent or tool list (see
// runtime.Request).
type ComposeRequest = runtime.Request

// Result is a served composition (see runtime.Result).
type Result = runtime.Result

// Compose serves a composition request through runtime.Compose.
func Compose(ctx context.Context, store *models.Store, snap *Snapshot, m *meter.Meter, req ComposeRequest) (Result, error) {
	return runtime.Compose(ctx, store, snap, m, req)
}
