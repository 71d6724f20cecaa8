package replicas

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// checkStickyInvalidation: a binding made on B; its tool's descriptor
// changes; eight checks race on both replicas at once: every one answers
// binding_stale and the invalidation is recorded exactly once (one audit
// event). The descriptor reverted (restored to its reviewed version),
// both replicas still answer the recorded verdict.
func checkStickyInvalidation(t *testing.T, c *cluster, _ *browser) {
	ctx := context.Background()
	out, err := c.cli("apikey", "create", "runtime-sticky", "--scope", "runtime")
	if err != nil {
		t.Fatalf("runtime key: %v %s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	st, b := c.runtimeCall(t, 1, key, "/api/v1/bindings", `{"agent":"analyst","tool":"load_table","ttl_seconds":600}`)
	handle, _ := b["handle"].(string)
	if st != http.StatusCreated || handle == "" {
		t.Fatalf("bind on B: %d %v", st, b)
	}
	bound := `{"agent":"analyst","tool":"load_table","binding":"` + handle + `"}`
	orig, err := c.store.ToolByID(ctx, "load_table")
	if err != nil {
		t.Fatal(err)
	}
	con, _ := orig.Parsed()
	changed := con
	changed.Purpose += " Also counts nulls."
	if _, err := c.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{changed}, ""); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	answers := make([]map[string]any, 8)
	for i := range answers {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			var err error
			if _, answers[i], err = c.tryRuntimeCall(i%2, key, "/api/v1/authorize", bound); err != nil {
				t.Error(err)
			}
		}(i)
	}
	wg.Wait()
	for i, d := range answers {
		if errType(d) != authority.TypeBindingStale || !strings.Contains(fmt.Sprint(d["host_reason"]), "descriptor changed") {
			t.Errorf("racing check %d on replica %d: %v", i, i%2, d)
		}
	}
	evs, _, err := c.store.AuditEvents(ctx, models.AuditFilter{Action: "binding.invalidate"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range evs {
		if strings.Contains(e.Subject, "load_table") {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("%d binding.invalidate events for the binding, want exactly 1", n)
	}
	if _, err := c.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{con}, ""); err != nil {
		t.Fatal(err)
	}
	// the revert restores the reviewed version (no new review needed)
	if back, _ := c.store.ToolByID(ctx, "load_table"); back.Status != models.ToolAvailable || back.Validation != authority.StateBindable {
		t.Fatalf("the reverted descriptor is %s/%s, want restored to the reviewed version", back.Status, back.Validation)
	}
	for r := 0; r < 2; r++ {
		if _, d := c.runtimeCall(t, r, key, "/api/v1/authorize", bound); errType(d) != authority.TypeBindingStale || !strings.Contains(fmt.Sprint(d["host_reason"]), "invalidated at") {
			t.Errorf("replica %d after the revert: %v", r, d)
		}
	}
}
