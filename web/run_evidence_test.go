package web

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunEvidenceIsCommittedBeforeTheAnswer: a search, step or call
// answers only once its evidence is stored (concurrent requests share
// statements, none waits for a timer or is left queued), and when the
// evidence cannot be stored the request fails instead of answering
// without it.
func TestRunEvidenceIsCommittedBeforeTheAnswer(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for w := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			run := fmt.Sprintf("ev-%d", w)
			for i := 1; i <= 4; i++ {
				path, body := "/api/v1/runs/"+run+"/steps", map[string]any{"agent": "analyst", "receipts": []any{}}
				switch i {
				case 2:
					path, body = "/api/v1/runs/"+run+"/search", map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0}
				case 3:
					path, body = "/api/v1/runs/"+run+"/calls", map[string]any{"agent": "analyst", "tool": "render_chart", "receipts": []any{}}
				}
				res, b, err := h.tryAPI(http.MethodPost, path, key, body)
				if err != nil {
					errs <- err
					return
				}
				if res.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("%s: %d %s", path, res.StatusCode, b)
					return
				}
				evs, err := h.store.RunEvents(ctx, run, 100)
				if err != nil || len(evs) != i {
					errs <- fmt.Errorf("%s answered with %d of its run's %d events stored (%v)", path, len(evs), i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if err := h.store.Exec(ctx, "ALTER TABLE run_events RENAME TO run_events_away"); err != nil {
		t.Fatal(err)
	}
	res, b := h.api(http.MethodPost, "/api/v1/runs/ev-x/steps", key, map[string]any{"agent": "analyst", "receipts": []any{}})
	if res.StatusCode < 500 {
		t.Fatalf("a step whose evidence cannot be stored answered %d %s", res.StatusCode, b)
	}
	if err := h.store.Exec(ctx, "ALTER TABLE run_events_away RENAME TO run_events"); err != nil {
		t.Fatal(err)
	}
	if res, b := h.api(http.MethodPost, "/api/v1/runs/ev-x/steps", key, map[string]any{"agent": "analyst", "receipts": []any{}}); res.StatusCode != http.StatusOK {
		t.Fatalf("after the table is back: %d %s", res.StatusCode, b)
	}
}

// TestEvidenceWritersLoseNothingAcknowledged: on both databases, many
// requests hand events to the writer while it closes; every
// event whose add answered nil is stored, exactly once, and the adds
// after the close are refused, not left waiting.
func TestEvidenceWritersLoseNothingAcknowledged(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		w := newEvidenceWriter(h.store, slog.New(slog.NewTextHandler(io.Discard, nil)))
		const senders, each = 16, 40
		var wg sync.WaitGroup
		acked := make([][]int, senders)
		for s := range senders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					if s == 0 && i == each/2 {
						w.close() // one sender closes the writer halfway
					}
					ev := models.RunEvent{Run: fmt.Sprintf("close-%d", s), Kind: models.RunStep, Agent: "analyst", Step: i}
					if err := w.add(ctx, ev); err == nil {
						acked[s] = append(acked[s], i)
					} else if !errors.Is(err, errEvidenceClosed) {
						t.Errorf("sender %d event %d: %v", s, i, err)
					}
				}
			}()
		}
		wg.Wait()
		for s := range senders {
			evs, err := h.store.RunEvents(ctx, fmt.Sprintf("close-%d", s), 1000)
			if err != nil {
				t.Fatal(err)
			}
			stored := map[int]int{}
			for _, e := range evs {
				stored[e.Step]++
			}
			for _, i := range acked[s] {
				if stored[i] != 1 {
					t.Errorf("sender %d event %d was acknowledged and stored %d times", s, i, stored[i])
				}
			}
		}
		if err := w.add(ctx, models.RunEvent{Run: "late", Kind: models.RunStep}); !errors.Is(err, errEvidenceClosed) {
			t.Errorf("an add after the close: %v", err)
		}
	})
}
