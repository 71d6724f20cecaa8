package web

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayEvidenceWaitsOnlyForEffects: on Postgres, with run_events
// locked so that no evidence can be committed, a read-only call answers
// (its evidence is written after the answer, off the call's path), while
// a call of a destructive tool answers only once its evidence is
// committed. Nothing handed over is lost: every event is stored once the
// lock goes, also when the console closes while they wait.
func TestGatewayEvidenceWaitsOnlyForEffects(t *testing.T) {
	var pg *modelstest.Dialect
	for _, d := range modelstest.Dialects(t) {
		if d.Name == models.DialectPostgres {
			pg = &d
		}
	}
	if pg == nil {
		t.Skip("Postgres only (CONSOLE_TEST_DATABASE_URL): the lock that holds the writer back")
	}
	h := newHarness(t, *pg)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	ctx := context.Background()
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		t.Fatal(text)
	}
	runs, err := h.store.RecentRuns(ctx, 1)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %+v %v", runs, err)
	}
	run := runs[0].Run
	// lock holds every insert into run_events back until its release
	// (a transaction holding the table in SHARE mode; reads go on)
	lock := func() (release func()) {
		locked, done := make(chan error, 1), make(chan error, 1)
		free := make(chan struct{})
		go func() {
			done <- h.store.Tx(ctx, func(tx *models.Store) error {
				err := tx.Exec(ctx, "LOCK TABLE run_events IN SHARE MODE")
				locked <- err
				if err == nil {
					<-free
				}
				return err
			})
		}()
		if err := <-locked; err != nil {
			t.Fatal(err)
		}
		var once sync.Once
		release = func() {
			once.Do(func() {
				close(free)
				if err := <-done; err != nil {
					t.Error(err)
				}
			})
		}
		// a test that fails while the table is locked still lets the
		// writer (and the console's close) finish
		t.Cleanup(release)
		return release
	}
	stored := func() int64 {
		n, err := h.store.Raw(ctx, "SELECT count(*) FROM run_events WHERE run = ?", run)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	// a writer waiting for the lock: its insert is queued behind it
	waiting := func() bool {
		n, err := h.store.Raw(ctx, "SELECT count(*) FROM pg_locks WHERE relation = 'run_events'::regclass AND NOT granted")
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	awaitWriter := func() {
		for deadline := time.Now().Add(30 * time.Second); !waiting(); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the evidence writer never reached the locked table")
			}
		}
	}

	// a read call answers while its evidence cannot be committed
	release := lock()
	cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	res, err := cs.CallTool(cctx, &mcp.CallToolParams{Name: "demo.echo", Arguments: map[string]any{"text": "hi"}})
	cancel()
	if err != nil || res.IsError {
		t.Fatalf("a read call with its evidence held back: %v %v (it waited for its evidence)", err, res)
	}
	awaitWriter()
	if n := stored(); n != 1 {
		t.Fatalf("%d events stored while the table is locked, want the search's alone", n)
	}
	release()
	h.app.gw.evidence.flush()
	if n := stored(); n != 2 {
		t.Fatalf("%d events stored once the lock went, want 2 (the search, the call)", n)
	}

	// a destructive call answers only once its evidence is committed
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
		t.Fatalf("search remember: %q", text)
	}
	release = lock()
	answered := make(chan error, 1)
	go func() {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "demo.remember", Arguments: map[string]any{"key": "a", "fact": "b"}})
		if err == nil && res.IsError {
			err = errors.New(resultText(res))
		}
		answered <- err
	}()
	awaitWriter()
	select {
	case err := <-answered:
		t.Fatalf("a destructive call answered (%v) before its evidence was committed", err)
	default:
	}
	if up.Calls("remember") != 1 {
		t.Fatalf("the destructive call reached the upstream %d times, want 1", up.Calls("remember"))
	}
	release()
	if err := <-answered; err != nil {
		t.Fatal(err)
	}
	if n := stored(); n != 4 {
		t.Fatalf("%d events stored once the destructive call answered, want 4", n)
	}

	// read calls answered while the table is locked are stored when the
	// console closes (Server.Close closes the writer) and the lock goes
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
		t.Fatal(text)
	}
	release = lock()
	for range 5 {
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr {
			t.Fatal(text)
		}
	}
	awaitWriter()
	closed := make(chan struct{})
	go func() { h.app.gw.evidence.close(); close(closed) }()
	release()
	<-closed
	if n := stored(); n != 10 {
		t.Fatalf("%d events stored after the close, want 10 (3 searches, 7 calls)", n)
	}
}
