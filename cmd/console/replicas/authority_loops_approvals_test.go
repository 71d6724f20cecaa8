package replicas

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
)

// checkApprovalsReachTheCall: a gateway session of a subject who may
// call demo.echo only with an approval, its requests alternating between
// the replicas: the call files a request and does not run; a reviewer
// (the command line) denies it: the same call is refused on both
// replicas, not run; another call is approved for one use: it runs once,
// on whichever replica it comes back to, and not again; one approved for
// a while that has expired never runs. Over REST the same: filed on B,
// approved from the command line, presented on A it is allowed once.
func checkApprovalsReachTheCall(t *testing.T, l *loops) {
	ctx := context.Background()
	cs := l.session(t, "approvers")
	ran := l.up.Calls("echo")
	notRun := func(when string) {
		t.Helper()
		if n := l.up.Calls("echo"); n != ran {
			t.Fatalf("%s: the server ran %d calls, want %d", when, n, ran)
		}
	}
	file := func(text string) string {
		t.Helper()
		out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": text}, nil)
		typ, ref := gwError(out)
		if !isErr || typ != authority.TypeApprovalRequired || ref == "" {
			t.Fatalf("an approval-only call: %s", out)
		}
		notRun("a call waiting for approval")
		return ref
	}
	decide := func(verb, ref string, extra ...string) {
		t.Helper()
		if out, err := l.cli(append([]string{"approval", verb, ref, "--reason", "decided on the command line"}, extra...)...); err != nil {
			t.Fatalf("approval %s %s: %v %s", verb, ref, err, out)
		}
	}

	denied := file("not this")
	decide("deny", denied)
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "not this"}, nil); !isErr {
			t.Errorf("the denied call: %s", out)
		}
	}
	notRun("the denied call, on both replicas")

	once := file("this once")
	decide("approve", once)
	if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "this once"}, nil); isErr || out != "this once" {
		t.Fatalf("the approved call: %s", out)
	}
	ran++
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "this once"}, map[string]any{"approval": once}); !isErr {
			t.Errorf("a single-use approval spent, presented again: %s", out)
		}
	}
	notRun("a spent approval, on both replicas")

	// other arguments than the approved ones: not run
	other := file("approved text")
	decide("approve", other, "--minutes", "30")
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "other text"}, map[string]any{"approval": other}); !isErr {
			t.Errorf("an approval presented for other arguments: %s", out)
		}
	}
	notRun("an approval presented for other arguments")
	// withdrawn after it was granted: never runs again
	decide("withdraw", other)
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "approved text"}, map[string]any{"approval": other}); !isErr {
			t.Errorf("a withdrawn approval: %s", out)
		}
	}
	notRun("a withdrawn approval, on both replicas")

	// one use, two sessions of the subject (one per replica) calling at once: one runs
	race := file("raced")
	decide("approve", race)
	direct := [2]*mcp.ClientSession{l.sessionOn(t, 0, "approvers"), l.sessionOn(t, 1, "approvers")}
	var wg sync.WaitGroup
	var errs [2]bool
	for i := range direct {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := direct[i].CallTool(ctx, &mcp.CallToolParams{Name: "demo.echo", Arguments: map[string]any{"text": "raced"}, Meta: map[string]any{"approval": race}})
			errs[i] = err != nil || r.IsError
		}()
	}
	wg.Wait()
	if errs[0] == errs[1] {
		t.Errorf("one single-use approval, two sessions calling at once on the two replicas: refused %v; want exactly one run", errs)
	}
	ran++
	notRun("one single-use approval raced on both replicas")

	lapsed := file("for a while")
	decide("approve", lapsed, "--minutes", "30")
	if err := l.store.Exec(ctx, "UPDATE approvals SET until = ? WHERE ref = ?", time.Now().Add(-time.Minute).UTC(), lapsed); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "for a while"}, map[string]any{"approval": lapsed}); !isErr {
			t.Errorf("an expired approval: %s", out)
		}
	}
	notRun("an expired approval, on both replicas")

	args := map[string]any{"text": "over rest"}
	_, d := l.rest(t, 1, "/api/v1/authorize", "approvers", map[string]any{"tool": "demo.echo", "arguments": args})
	e, _ := d["error"].(map[string]any)
	ref, _ := e["approval"].(string)
	if errType(d) != authority.TypeApprovalRequired || ref == "" {
		t.Fatalf("B's /authorize of an approval-only call: %v", d)
	}
	decide("approve", ref)
	if _, d := l.rest(t, 0, "/api/v1/authorize", "approvers", map[string]any{"tool": "demo.echo", "arguments": args, "approval": ref}); d["decision"] != "allow" {
		t.Errorf("A's /authorize presenting the approval granted on the command line: %v", d)
	}
	if _, d := l.rest(t, 1, "/api/v1/authorize", "approvers", map[string]any{"tool": "demo.echo", "arguments": args, "approval": ref}); d["decision"] == "allow" {
		t.Errorf("B's /authorize presenting the approval A's call spent: %v", d)
	}
	// one use, eight checks presenting it at once across the replicas: one allowed
	args = map[string]any{"text": "raced over rest"}
	_, d = l.rest(t, 0, "/api/v1/authorize", "approvers", map[string]any{"tool": "demo.echo", "arguments": args})
	e, _ = d["error"].(map[string]any)
	ref, _ = e["approval"].(string)
	decide("approve", ref)
	var allowed atomic.Int64
	var wg2 sync.WaitGroup
	for i := range 8 {
		wg2.Add(1)
		go func() {
			defer wg2.Done()
			_, d, err := l.tryRest(i%2, "/api/v1/authorize", "approvers", map[string]any{"tool": "demo.echo", "arguments": args, "approval": ref})
			if err != nil {
				t.Error(err)
			} else if d["decision"] == "allow" {
				allowed.Add(1)
			}
		}()
	}
	wg2.Wait()
	if n := allowed.Load(); n != 1 {
		t.Errorf("eight checks presenting one single-use approval at once on both replicas: %d allowed, want 1", n)
	}
}
