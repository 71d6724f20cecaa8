package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/web/loadgen"
	"github.com/agentforge/console/web/upstream/leanserver"
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
	// failures prints the first failure of each kind
	failures *loadgen.FailureLog
}

// runGatewayLoad measures tools/call through the gateway next to the same
// calls sent directly to the upstream, and tools/list: closed loop in
// alternating rounds (the throughput), then at a steady offered rate,
// gateway and direct calls interleaved in one schedule (the latency and
// the overhead at that rate), then tools/list at that rate. It prints the
// lines scripts/proof.sh reads.
func runGatewayLoad(g *gatewayLoad) error {
	g.failures = loadgen.NewFailureLog(g.out)
	hc := &http.Client{Transport: &http.Transport{MaxIdleConns: 512, MaxIdleConnsPerHost: 256, IdleConnTimeout: time.Minute}, Timeout: 30 * time.Second}
	gw := make([]*loadgen.Session, gatewayWorkers)
	up := make([]*loadgen.Session, gatewayWorkers)
	for i := range gw {
		var err error
		if gw[i], err = loadgen.Start(g.ctx, hc, g.target+"/mcp/"+g.agent, g.key, leanserver.Version); err != nil {
			return err
		}
		defer gw[i].Close()
		// the profile is deferred: the echo tool is found first
		if err := gw[i].Call("search_tools", `{"query":"echo a text back"}`); err != nil {
			return fmt.Errorf("search_tools: %w", err)
		}
		if up[i], err = loadgen.Start(g.ctx, hc, g.upstream, "", leanserver.Version); err != nil {
			return err
		}
		defer up[i].Close()
	}
	tool := g.echoTool()
	gwCall := func(w int) error { return gw[w%len(gw)].Call(tool, `{"text":"hello"}`) }
	direct := func(w int) error { return up[w%len(up)].Call("echo", `{"text":"hello"}`) }
	list := func(w int) error { return gw[w%len(gw)].List() }
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
	calls := loadgen.Open{Rate: g.rate * 5 / 4, D: max(g.d/5, time.Second), Workers: gatewayOpenWorkers, Kinds: []int{kindGateway, kindGateway, kindGateway, kindGateway, kindDirect}}
	oc := calls.Run(g.ctx, func(kind, w int) error {
		op := gwCall
		if kind == kindDirect {
			op = direct
		}
		err := op(w)
		if err != nil {
			g.failures.Note(err)
		}
		return err
	})
	lists := loadgen.Open{Rate: g.rate, D: max(g.d/15, time.Second), Workers: gatewayOpenWorkers, Kinds: []int{kindGateway}}
	olCPU := startCPU(g.serverPID)
	ol := lists.Run(g.ctx, func(_, w int) error {
		err := list(w)
		if err != nil {
			g.failures.Note(err)
		}
		return err
	})
	olCPU.stop()
	if err := g.ctx.Err(); err != nil {
		return interrupted(err)
	}
	out := g.out
	fmt.Fprintf(out, "gateway load: the console (pid %d, as serve runs it: its own GOGC and memory limit), the upstream (%s) and this load generator each a process of its own; %d sessions, requests sent as plain JSON-RPC over HTTP\n", g.serverPID, g.upstream, gatewayWorkers)
	fmt.Fprintf(out, "direct calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", dr.rate(), loadgen.Ms(dr.Lat, 0.5), loadgen.Ms(dr.Lat, 0.99))
	fmt.Fprintf(out, "gateway calls: %.0f calls/s, median %.3f ms, p99 %.3f ms\n", gc.rate(), loadgen.Ms(gc.Lat, 0.5), loadgen.Ms(gc.Lat, 0.99))
	fmt.Fprintf(out, "gateway overhead: median %.3f ms, p99 %.3f ms\n", loadgen.Ms(gc.Lat, 0.5)-loadgen.Ms(dr.Lat, 0.5), loadgen.Ms(gc.Lat, 0.99)-loadgen.Ms(dr.Lat, 0.99))
	fmt.Fprintf(out, "tools/list: median %.3f ms, p99 %.3f ms, %d lists\n", loadgen.Ms(ls.Lat, 0.5), loadgen.Ms(ls.Lat, 0.99), len(ls.Lat))
	if gc.cpuOK && ls.cpuOK {
		fmt.Fprintf(out, "CPU per request of the console process (not the generator's, the upstream's or the database's): gateway call %.0f µs, tools/list %.0f µs; the upstream's per direct call %.0f µs, per gateway call %.0f µs\n",
			gc.cpuPer(), ls.cpuPer(), dr.upPer(), gc.upPer())
	}
	ogw, odr, ols := oc.Lat[kindGateway], oc.Lat[kindDirect], ol.Lat[kindGateway]
	fmt.Fprintf(out, "gateway open loop: %.0f gateway calls/s and %.0f direct calls/s offered for %v, interleaved (every fifth request direct), then %.0f tools/list/s for %v, %d workers, latency from each due time\n", g.rate, g.rate/4, calls.D, g.rate, lists.D, gatewayOpenWorkers)
	fmt.Fprintf(out, "open direct calls: %.0f calls/s, median %.3f ms, p99 %.3f ms, %d not sent\n", oc.Answered(kindDirect), loadgen.Ms(odr, 0.5), loadgen.Ms(odr, 0.99), oc.Unsent[kindDirect])
	fmt.Fprintf(out, "open gateway calls: %.0f calls/s, median %.3f ms, p99 %.3f ms, %d not sent\n", oc.Answered(kindGateway), loadgen.Ms(ogw, 0.5), loadgen.Ms(ogw, 0.99), oc.Unsent[kindGateway])
	fmt.Fprintf(out, "open gateway overhead: median %.3f ms, p99 %.3f ms\n", loadgen.Ms(ogw, 0.5)-loadgen.Ms(odr, 0.5), loadgen.Ms(ogw, 0.99)-loadgen.Ms(odr, 0.99))
	fmt.Fprintf(out, "open tools/list: %.0f lists/s, median %.3f ms, p99 %.3f ms, %d not sent\n", ol.Answered(kindGateway), loadgen.Ms(ols, 0.5), loadgen.Ms(ols, 0.99), ol.Unsent[kindGateway])
	olCPU.report(out, len(ols))
	failures := warm.Failures + dr.Failures + gc.Failures + ls.Failures + oc.Failures + ol.Failures
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

// closedRound is what closed-loop rounds of one kind measured, with the
// CPU time the console and the upstream spent meanwhile.
type closedRound struct {
	loadgen.Round
	cpu, upCPU     time.Duration
	cpuOK, upCPUOK bool
}

// add joins another round's figures.
func (c *closedRound) add(r closedRound) {
	first := len(c.Lat) == 0 && c.Failures == 0 && c.Elapsed == 0
	c.Round.Add(r.Round)
	c.cpu, c.upCPU = c.cpu+r.cpu, c.upCPU+r.upCPU
	c.cpuOK = r.cpuOK && (first || c.cpuOK)
	c.upCPUOK = r.upCPUOK && (first || c.upCPUOK)
}

// rate is the requests answered a second.
func (c *closedRound) rate() float64 { return c.Rate() }

// cpuPer is the console's CPU per answered request, in µs.
func (c *closedRound) cpuPer() float64 {
	return float64(c.cpu.Microseconds()) / float64(max(len(c.Lat), 1))
}

// upPer is the upstream's CPU per answered request, in µs (0: not
// measured).
func (c *closedRound) upPer() float64 {
	if !c.upCPUOK {
		return 0
	}
	return float64(c.upCPU.Microseconds()) / float64(max(len(c.Lat), 1))
}

// closed runs op on gatewayWorkers workers, each sending as soon as its
// answer arrives, for d (loadgen.Closed), and reads the console's and
// the upstream's CPU time around it.
func (g *gatewayLoad) closed(d time.Duration, op func(w int) error) closedRound {
	c0, ok0 := procCPU(g.serverPID)
	u0, uok0 := procCPU(g.upstreamPID)
	r := closedRound{Round: loadgen.Closed{Workers: gatewayWorkers, D: d, Fail: g.failures.Note}.Run(g.ctx, op)}
	c1, ok1 := procCPU(g.serverPID)
	u1, uok1 := procCPU(g.upstreamPID)
	r.cpu, r.cpuOK = c1-c0, ok0 && ok1
	r.upCPU, r.upCPUOK = u1-u0, uok0 && uok1
	return r
}
