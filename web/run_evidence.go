package web

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/agentforge/console/models"
)

// evidenceWriter stores run evidence off the request path: events queue in
// a bounded channel (a full queue makes requests wait, nothing is dropped)
// and one goroutine writes them in batches, so a busy runtime costs one
// INSERT per batch instead of one per step.
type evidenceWriter struct {
	store   *models.Store
	log     *slog.Logger
	queue   chan models.RunEvent
	pending sync.WaitGroup
	stop    chan struct{}
	stopped chan struct{}
	once    sync.Once
}

const (
	evidenceQueue = 8192
	evidenceBatch = 500
	evidenceEvery = 20 * time.Millisecond
)

func newEvidenceWriter(store *models.Store, log *slog.Logger) *evidenceWriter {
	w := &evidenceWriter{store: store, log: log, queue: make(chan models.RunEvent, evidenceQueue), stop: make(chan struct{}), stopped: make(chan struct{})}
	go w.run()
	return w
}

// add queues one event.
func (w *evidenceWriter) add(ev models.RunEvent) {
	w.pending.Add(1)
	ev.CreatedAt = time.Now().UTC()
	w.queue <- ev
}

// flush waits until every queued event is stored (or failed and logged).
func (w *evidenceWriter) flush() { w.pending.Wait() }

// close stores what is queued and stops the writer.
func (w *evidenceWriter) close() {
	w.once.Do(func() {
		w.flush()
		close(w.stop)
		<-w.stopped
	})
}

func (w *evidenceWriter) run() {
	defer close(w.stopped)
	batch := make([]models.RunEvent, 0, evidenceBatch)
	tick := time.NewTicker(evidenceEvery)
	defer tick.Stop()
	write := func() {
		if len(batch) == 0 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		if err := w.store.SaveRunEvents(ctx, batch); err != nil {
			w.log.Error("run evidence not stored", "events", len(batch), "err", err)
		}
		cancel()
		for range batch {
			w.pending.Done()
		}
		batch = batch[:0]
	}
	for {
		select {
		case ev := <-w.queue:
			batch = append(batch, ev)
			if len(batch) == evidenceBatch {
				write()
			}
		case <-tick.C:
			write()
		case <-w.stop:
			write()
			return
		}
	}
}
