package runtime_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestARefusedAddLeavesNothingInThePool: a connection add refused because
// its server cannot be listed leaves no client in the pool under its name
// (before, an idle entry stayed until the name was reused or the console
// restarted); an accepted add keeps its client.
func TestARefusedAddLeavesNothingInThePool(t *testing.T) {
	ctx := context.Background()
	store := sealedStore(t)
	pool := upstream.NewPool(nil)
	defer pool.Close()
	broken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "internal error", http.StatusInternalServerError)
	}))
	defer broken.Close()
	_, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "broken", URL: broken.URL})
	var pe *runtime.ProbeError
	if !errors.As(err, &pe) {
		t.Fatalf("add of a server answering 500: %v, want a probe error", err)
	}
	if names := pool.Names(); slices.Contains(names, "broken") {
		t.Errorf("after a refused add the pool holds %v", names)
	}
	up := upstreamtest.New()
	defer up.Close()
	if _, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
	if names := pool.Names(); !slices.Equal(names, []string{"demo"}) {
		t.Errorf("after an accepted add the pool holds %v, want [demo]", names)
	}
}
