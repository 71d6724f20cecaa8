package web

import (
	"context"
	"slices"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestGatewayCutShortReadIsNotAChange: a server restarts with its tools
// unchanged, and the console's read of its new listing is cut short (a
// big list, a call's deadline, the import's time limit). That read says
// nothing about the tools: the call is environment_unavailable, nothing
// run, no review started, the tool stays listed; the miss is not kept,
// and once a read completes the same reviewed tool is called again.
func TestGatewayCutShortReadIsNotAChange(t *testing.T) {
	h := sqliteOnly(t)
	obj := map[string]any{"type": "object"}
	srv := newChangingServer(t, envNames("Lists the names of the environment variables.", obj))
	f := h.gatewayFixtureFor(srv.input("probe"), false)
	text, isErr := callUntilServed(t, f, "probe.env_names")
	if isErr {
		t.Fatalf("the reviewed tool: %s", text)
	}
	pid, _ := strconv.Atoi(text)

	var cut atomic.Bool
	var cuts atomic.Int64
	keep := parseServedList
	parseServedList = func(ctx context.Context, doc []byte, ns string) catalog.Outcome {
		if cut.Load() {
			cuts.Add(1)
			var o catalog.Outcome
			o.Problems = append(o.Problems, catalog.Problem{Field: "file", Message: catalog.ErrDocumentCancelled.Error()})
			return o
		}
		return keep(ctx, doc, ns)
	}
	t.Cleanup(func() { parseServedList = keep })
	cut.Store(true)
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	before := srv.callCount()
	for deadline := time.Now().Add(20 * time.Second); cuts.Load() < 2; time.Sleep(100 * time.Millisecond) {
		cs, _ := f.connect(t, nil)
		text, isErr = call(t, cs, "probe.env_names", map[string]any{}, nil)
		cs.Close()
		if typ := errType(text); !isErr || (typ != typeUnavailableEnv && typ != typeUncertainEffect) {
			t.Fatalf("a call whose listing could not be read: %s", text)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the restarted server's listing was never read (%d reads): %s", cuts.Load(), text)
		}
	}
	if errType(text) != typeUnavailableEnv {
		t.Errorf("a call after a cut-short read: %s", text)
	}
	if n := srv.callCount(); n != before {
		t.Errorf("the server ran the tool %d times without a read listing", n-before)
	}
	cs, _ := f.connect(t, nil)
	if names := toolNames(t, cs); !slices.Contains(names, "probe.env_names") {
		t.Errorf("the tool left tools/list after a cut-short read: %v", names)
	}
	cs.Close()
	if tl, err := h.store.ToolByID(context.Background(), "probe.env_names"); err != nil || tl.Status != models.ToolAvailable {
		t.Errorf("a cut-short read started a review: %+v %v", tl.Status, err)
	}
	cut.Store(false)
	again, isErr := callUntilServed(t, f, "probe.env_names")
	if isErr || again == text {
		t.Errorf("once the listing is read whole: %s", again)
	}
}
