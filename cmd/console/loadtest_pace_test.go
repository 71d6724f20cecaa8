package main

import (
	"sort"
	"sync"
	"testing"
	"time"
)

// TestPacerHandsOutEveryDueTimeOnce: at 1,000/s over 40 ms, four workers
// share exactly the 40 due times start + i ms, each once, and then stop;
// without a rate the due time is the moment of asking.
func TestPacerHandsOutEveryDueTimeOnce(t *testing.T) {
	p := newPacer(40*time.Millisecond, 1000)
	var mu sync.Mutex
	var got []time.Duration
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				at, ok := p.due()
				if !ok {
					return
				}
				mu.Lock()
				got = append(got, at.Sub(p.start))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	sort.Slice(got, func(a, b int) bool { return got[a] < got[b] })
	if len(got) != 40 {
		t.Fatalf("%d due times, want 40", len(got))
	}
	for i, d := range got {
		if d != time.Duration(i)*time.Millisecond {
			t.Fatalf("due time %d is start+%v, want start+%dms", i, d, i)
		}
	}
	if p.describe() != "open loop, 1000/s offered, latency from each due time" {
		t.Errorf("describe: %q", p.describe())
	}
	closed := newPacer(time.Hour, 0)
	before := time.Now()
	at, ok := closed.due()
	if !ok || at.Before(before) || closed.describe() != "closed loop" {
		t.Errorf("closed loop: due %v ok %v (asked at %v), %q", at, ok, before, closed.describe())
	}
	over := newPacer(0, 0)
	if _, ok := over.due(); ok {
		t.Error("a finished closed-loop run still hands out requests")
	}
}
