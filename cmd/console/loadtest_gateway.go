package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// Gateway load run shape: closed-loop sessions (each sends as soon as its
// answer arrives) and the open loop's workers.
const (
	gatewayWorkers     = 8
	gatewayOpenWorkers = 64
)

// gatewayLoad is the gateway load run's setting: the console at target
// (agent's gateway, runtime key key), the upstream at upstream, each a
// process of its own, and the generator (this process) apart from both.
type gatewayLoad struct {
	// ctx ends the run early (SIGINT, SIGTERM): nothing more is sent
	ctx                          context.Context
	target, key, agent, upstream string
	d                            time.Duration
	rate                         float64
	serverPID, upstreamPID       int
	out                          io.Writer
	// seen is the first failure of each kind (printed: the count alone
	// says nothing of the cause)
	mu   sync.Mutex
	seen map[string]bool
}

// note prints err's text the first time it is seen (five at most).
func (g *gatewayLoad) note(err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if msg := err.Error(); !g.seen[msg] && len(g.seen) < 5 {
		g.seen[msg] = true
		fmt.Fprintf(g.out, "gateway load failure: %s\n", clipText([]byte(msg)))
	}
}

// runGatewayLoad measures tools/call through the gateway next to the same
// calls sent directly to the upstream, and tools/list: closed loop in
// alternating rounds (the throughput), then at a steady offered rate,
// gateway and direct calls interleaved in one schedule (the latency and
// the overhead at that rate), then tools/list at that rate. It prints the
// lines scripts/proof.sh reads.
func runGatewayLoad(g *gatewayLoad) error {
	g.seen = map[string]bool{}
	hc := &http.Client{Transport: &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 256, IdleConnTimeout: time.Minute}, Timeout: 30 * time.Second}
	gw := make([]*mcpSession, gatewayWorkers)
	up := make([]*mcpSession, gatewayWorkers)
	for i := range gw {
		var err error
		if gw[i], err = openMCPSessionCtx(g.ctx, hc, g.target+"/mcp/"+g.agent, g.key); err != nil {
			return err
		}
		defer gw[i].close()
		// the profile is deferred: the echo tool is found first
		if err := gw[i].call("search_tools", `{"query":"echo a text back"}`); err != nil {
			return fmt.Errorf("search_tools: %w", err)
		}
		if up[i], err = openMCPSessionCtx(g.ctx, hc, g.upstream, ""); err != nil {
			return err
		}
		defer up[i].close()
	}
	tool := g.echoTool()
	gwCall := func(w int) error { return gw[w%len(gw)].call(tool, `{"text":"hello"}`) }
	direct := func(w int) error { return up[w%len(up)].call("echo", `{"text":"hello"}`) }
	list := func(w int) error { return gw[w%len(gw)].list() }
	for w := range gatewayWorkers {
		if err := gwCall(w); err != nil {
			return fmt.Errorf("first gateway call: %w", err)
		}
	}
	// a warm-up, not measured: the first requests of a fresh console
	// fill its caches and grow its heap
	round := max(g.d/15, 500*time.Millisecond)
	warm := g.closed(round, gwCall)
	warm.add(g.closed(round/2, list))
	warm.add(g.closed(round/2, direct))
	var dr, gc, ls closedRound
	for range 3 {
		dr.add(g.closed(round, direct))
		gc.add(g.closed(round, gwCall))
	}
	ls.add(g.closed(round, list))
	const kindGateway, kindDirect = 0, 1
	calls := openLoad{ctx: g.ctx, rate: g.rate * 5 / 4, d: max(g.d/5, time.Second), workers: gatewayOpenWorkers, kinds: []int{kindGateway, kindGateway, kindGateway, kindGateway, kindDirect}}
	oc := calls.run(func(kind, w int) error {
		op := gwCall
		if kind == kindDirect {
			op = direct
		}
		err := op(w)
		if err != nil {
			g.note(err)
		}
		return err
	})
	lists := openLoad{ctx: g.ctx, rate: g.rate, d: max(g.d/15, time.Second), workers: gatewayOpenWorkers, kinds: []int{kindGateway}}
	olCPU := startCPU(g.serverPID)
	ol := lists.run(func(_, w int) error {
		err := list(w)
		if err != nil {
			g.note(err)
		}
		return err
	})
	olCPU.stop()
	if err := g.ctx.Err(); err != nil {
		return interrupted(err)
	}
	out := g.out
	fmt.Fprintf(out, "gateway load: the console (pid %d, as serve runs it: its own GOGC and memory limit), the upstream (%s) and this load generator each a process of its own; %d sessions, requests sent as plain JSON-RPC over HTTP\n", g.serverPID, g.upstream, gatewayWorkers)
	fmt.Fprintf(out, "direct calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", dr.rate(), msAt(dr.lat, 0.5), msAt(dr.lat, 0.99))
	fmt.Fprintf(out, "gateway calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", gc.rate(), msAt(gc.lat, 0.5), msAt(gc.lat, 0.99))
	fmt.Fprintf(out, "gateway overhead: median %.3f ms, p99 %.3f ms\n", msAt(gc.lat, 0.5)-msAt(dr.lat, 0.5), msAt(gc.lat, 0.99)-msAt(dr.lat, 0.99))
	fmt.Fprintf(out, "tools/list: median %.3f ms, p99 %.3f ms, %d lists\n", msAt(ls.lat, 0.5), msAt(ls.lat, 0.99), len(ls.lat))
	if gc.cpuOK && ls.cpuOK {
		fmt.Fprintf(out, "CPU per request of the console process (not the generator's, the upstream's or the database's): gateway call %.0f µs, tools/list %.0f µs; the upstream's per direct call %.0f µs, per gateway call %.0f µs\n",
			gc.cpuPer(), ls.cpuPer(), dr.upPer(), gc.upPer())
	}
	ogw, odr, ols := oc.lat[kindGateway], oc.lat[kindDirect], ol.lat[kindGateway]
	fmt.Fprintf(out, "gateway open loop: %.0f gateway calls/s and %.0f direct calls/s offered for %v, interleaved (every fifth request direct), then %.0f tools/list/s for %v, %d workers, latency from each due time\n", g.rate, g.rate/4, calls.d, g.rate, lists.d, gatewayOpenWorkers)
	fmt.Fprintf(out, "open direct calls: %.0f calls/s, median %.3f ms, p99 %.3f ms, %d not sent\n", oc.answered(kindDirect), msAt(odr, 0.5), msAt(odr, 0.99), oc.unsent[kindDirect])
	fmt.Fprintf(out, "open gateway calls: %.0f calls/s, median %.3f ms, p99 %.3f ms, %d not sent\n", oc.answered(kindGateway), msAt(ogw, 0.5), msAt(ogw, 0.99), oc.unsent[kindGateway])
	fmt.Fprintf(out, "open gateway overhead: median %.3f ms, p99 %.3f ms\n", msAt(ogw, 0.5)-msAt(odr, 0.5), msAt(ogw, 0.99)-msAt(odr, 0.99))
	fmt.Fprintf(out, "open tools/list: %.0f lists/s, median %.3f ms, p99 %.3f ms, %d not sent\n", ol.answered(kindGateway), msAt(ols, 0.5), msAt(ols, 0.99), ol.unsent[kindGateway])
	olCPU.report(out, len(ols))
	failures := warm.failures + dr.failures + gc.failures + ls.failures + oc.failures + ol.failures
	fmt.Fprintf(out, "gateway load failures: %d\n", failures)
	if failures > 0 {
		return fmt.Errorf("%s failed", plural.Count(failures, "request"))
	}
	return nil
}

// echoTool is the echo tool's name as the gateway lists it (its
// connection's namespace first).
func (g *gatewayLoad) echoTool() string { return gatewayLoadConnection + ".echo" }

// gatewayLoadConnection is the load run's connection (the script adds it).
const gatewayLoadConnection = "demo"

// closedRound is what closed-loop rounds of one kind measured.
type closedRound struct {
	lat            []time.Duration
	failures       int
	elapsed        time.Duration
	cpu, upCPU     time.Duration
	cpuOK, upCPUOK bool
	n              int
}

// add joins another round's figures.
func (c *closedRound) add(r closedRound) {
	first := c.n == 0 && c.elapsed == 0
	c.lat, c.failures, c.elapsed, c.n = append(c.lat, r.lat...), c.failures+r.failures, c.elapsed+r.elapsed, c.n+r.n
	c.cpu, c.upCPU = c.cpu+r.cpu, c.upCPU+r.upCPU
	c.cpuOK = r.cpuOK && (first || c.cpuOK)
	c.upCPUOK = r.upCPUOK && (first || c.upCPUOK)
}

// rate is the requests answered a second.
func (c *closedRound) rate() float64 { return float64(len(c.lat)) / c.elapsed.Seconds() }

// cpuPer is the console's CPU per request, in µs.
func (c *closedRound) cpuPer() float64 { return float64(c.cpu.Microseconds()) / float64(max(c.n, 1)) }

// upPer is the upstream's CPU per request, in µs (0: not measured).
func (c *closedRound) upPer() float64 {
	if !c.upCPUOK {
		return 0
	}
	return float64(c.upCPU.Microseconds()) / float64(max(c.n, 1))
}

// closed runs op on gatewayWorkers workers, each sending as soon as its
// answer arrives, for d.
func (g *gatewayLoad) closed(d time.Duration, op func(w int) error) closedRound {
	var r closedRound
	var mu sync.Mutex
	var wg sync.WaitGroup
	c0, ok0 := procCPU(g.serverPID)
	u0, uok0 := procCPU(g.upstreamPID)
	start := time.Now()
	for w := range gatewayWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			bad := 0
			for time.Since(start) < d && g.ctx.Err() == nil {
				t0 := time.Now()
				if err := op(w); err != nil {
					bad++
					g.note(err)
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			r.lat, r.failures = append(r.lat, mine...), r.failures+bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	r.elapsed = time.Since(start)
	c1, ok1 := procCPU(g.serverPID)
	u1, uok1 := procCPU(g.upstreamPID)
	r.n = len(r.lat)
	r.cpu, r.cpuOK = c1-c0, ok0 && ok1
	r.upCPU, r.upCPUOK = u1-u0, uok0 && uok1
	return r
}

// msAt is quantile p of ls, in milliseconds (0 for none).
func msAt(ls []time.Duration, p float64) float64 {
	if len(ls) == 0 {
		return 0
	}
	s := slices.Clone(ls)
	slices.Sort(s)
	return float64(s[int(p*float64(len(s)-1))]) / float64(time.Millisecond)
}
