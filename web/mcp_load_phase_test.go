package web

import (
	"fmt"
	"math"
	rtmetrics "runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/agentforge/console/web/loadgen"
)

// clientSpan is what the load generator knows of one gateway call: its
// session (the generator's index), and its JSON-RPC id, when it was sent
// and when its answer was read (loadgen.Span).
type clientSpan struct {
	client int
	loadgen.Span
}

// phaseBreakdown joins, for the open loop's gateway calls, the
// generator's view of each call (due, sent, answered) with the
// gateway's (its handler's stretches, mcp_phase.go): where the time of
// the slowest calls goes (CONSOLE_GATEWAY_LOAD_PHASES=1).
type phaseBreakdown struct {
	mu      sync.Mutex
	server  map[string]phaseSpan // token/id → the handler's span
	calls   []callTimes
	tokens  []string // the generator's sessions, by index
	metrics []rtmetrics.Sample
}

// callTimes is one call's stretches: the generator's wait for a worker,
// the way to the handler, the handler's phases, the way back, the
// generator's reading of the answer.
type callTimes struct {
	total time.Duration
	parts [gwPhases + 4]time.Duration
}

// partNames name callTimes.parts.
var partNames = append([]string{"queued", "to handler"}, append(phaseNames[:], "from handler", "client read")...)

// newPhaseBreakdown times the gateway's requests while it is on.
func newPhaseBreakdown(g *gateway, tokens []string) *phaseBreakdown {
	b := &phaseBreakdown{server: map[string]phaseSpan{}, tokens: tokens}
	sink := phaseSink(func(s phaseSpan) {
		b.mu.Lock()
		b.server[s.Token+"/"+string(s.ID)] = s
		b.mu.Unlock()
	})
	g.phases.Store(&sink)
	b.metrics = []rtmetrics.Sample{{Name: "/sched/latencies:seconds"}, {Name: "/gc/pauses:seconds"}, {Name: "/gc/cycles/total:gc-cycles"}}
	rtmetrics.Read(b.metrics)
	return b
}

// done is the open loop's report of an answered gateway call on worker w.
func (b *phaseBreakdown) done(span clientSpan, due, end time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, ok := b.server[b.tokens[span.client]+"/"+strconv.FormatInt(span.ID, 10)]
	if !ok {
		return
	}
	delete(b.server, b.tokens[span.client]+"/"+strconv.FormatInt(span.ID, 10))
	ct := callTimes{total: end.Sub(due)}
	ct.parts[0] = span.Sent.Sub(due)
	ct.parts[1] = s.Start.Sub(span.Sent)
	copy(ct.parts[2:], s.Phases[:])
	ct.parts[gwPhases+2] = span.Read.Sub(s.End)
	ct.parts[gwPhases+3] = end.Sub(span.Read)
	b.calls = append(b.calls, ct)
}

// print stops the timing and prints, per stretch, its median over every
// call and its mean over the slowest 1% of calls; then the scheduler's
// latency and the collector's pauses over the phase.
func (b *phaseBreakdown) print(g *gateway) {
	g.phases.Store(nil)
	after := []rtmetrics.Sample{{Name: "/sched/latencies:seconds"}, {Name: "/gc/pauses:seconds"}, {Name: "/gc/cycles/total:gc-cycles"}}
	rtmetrics.Read(after)
	b.mu.Lock()
	defer b.mu.Unlock()
	calls := slices.Clone(b.calls)
	if len(calls) == 0 {
		fmt.Println("open gateway calls' stretches: none joined")
		return
	}
	slices.SortFunc(calls, func(a, c callTimes) int { return int(a.total - c.total) })
	slow := calls[len(calls)*99/100:]
	ms := func(d time.Duration) string {
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 3, 64)
	}
	var line strings.Builder
	fmt.Fprintf(&line, "open gateway calls' stretches (%d joined; median of all / mean of the slowest %d, ms):", len(calls), len(slow))
	for i, name := range partNames {
		all := make([]time.Duration, len(calls))
		for j, c := range calls {
			all[j] = c.parts[i]
		}
		slices.Sort(all)
		var sum time.Duration
		for _, c := range slow {
			sum += c.parts[i]
		}
		fmt.Fprintf(&line, " %s %s/%s;", name, ms(all[len(all)/2]), ms(sum/time.Duration(len(slow))))
	}
	var sum time.Duration
	for _, c := range slow {
		sum += c.total
	}
	fmt.Fprintf(&line, " total %s/%s", ms(calls[len(calls)/2].total), ms(sum/time.Duration(len(slow))))
	fmt.Println(line.String())
	sched := histDelta(b.metrics[0].Value.Float64Histogram(), after[0].Value.Float64Histogram())
	pauses := histDelta(b.metrics[1].Value.Float64Histogram(), after[1].Value.Float64Histogram())
	fmt.Printf("open loop runtime: %d collections; pauses %d, p99 %s ms, max %s ms; goroutine scheduling latency median %s ms, p99 %s ms, p99.9 %s ms\n",
		after[2].Value.Uint64()-b.metrics[2].Value.Uint64(), pauses.n, ms(pauses.q(0.99)), ms(pauses.q(1)), ms(sched.q(0.5)), ms(sched.q(0.99)), ms(sched.q(0.999)))
}

// histCounts is a runtime histogram's counts over an interval.
type histCounts struct {
	counts  []uint64
	buckets []float64
	n       uint64
}

// histDelta is after's counts less before's.
func histDelta(before, after *rtmetrics.Float64Histogram) histCounts {
	h := histCounts{buckets: after.Buckets, counts: make([]uint64, len(after.Counts))}
	for i := range after.Counts {
		h.counts[i] = after.Counts[i] - before.Counts[i]
		h.n += h.counts[i]
	}
	return h
}

// q is the upper bound of the bucket holding quantile p.
func (h histCounts) q(p float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	want := uint64(p * float64(h.n))
	var seen uint64
	for i, c := range h.counts {
		seen += c
		if seen >= want && c > 0 {
			up := h.buckets[i+1]
			if math.IsInf(up, 1) {
				up = h.buckets[i]
			}
			return time.Duration(up * float64(time.Second))
		}
	}
	return 0
}
