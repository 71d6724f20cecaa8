package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// runLoadtest drives the runtime API with N connections for a fixed time
// and reports throughput, latency percentiles and errors. Modes: compose
// (one repeated body), distinct (every compose body different) and steps
// (deferred-run steps over many runs with real receipts). It only targets
// loopback addresses and always stops by itself.
func runLoadtest(ctx context.Context, args []string, stdout *os.File) error {
	fs := flag.NewFlagSet("loadtest", flag.ContinueOnError)
	target := fs.String("url", "http://127.0.0.1:8080", "console base URL (loopback only)")
	key := fs.String("key", os.Getenv("CONSOLE_API_KEY"), "API key (CONSOLE_API_KEY)")
	body := fs.String("body", `{"agent":"analyst"}`, "compose request body")
	conns := fs.Int("c", 32, "concurrent connections")
	dur := fs.Duration("d", 30*time.Second, "duration (at most 5m)")
	warm := fs.Duration("warm", 3*time.Second, "warm-up before measuring")
	mode := fs.String("mode", "compose", "compose (the --body, repeated), distinct (every compose body different) steps (deferred-run steps), authorize (call-time checks, distinct subjects and tools), gateway (MCP tools/call and tools/list through /mcp/AGENT next to direct calls to --upstream; --rate is the open loop's, default 2000) or gateway-setup (ready a load database for it: connection demo's tools reviewed, AGENT made, a runtime key printed)")
	agent := fs.String("agent", "analyst", "agent of the distinct and steps modes")
	runs := fs.Int("runs", 8192, "distinct runs of the steps mode (each with 3 search receipts)")
	rate := fs.Float64("rate", 0, "offered requests a second, an open loop with latency from each request's due time (0: every connection sends as soon as its answer arrives, the server's saturation)")
	serverPID := fs.Int("server-pid", 0, "the console's process id on this machine: also print its CPU time per request over the measured run")
	revoke := fs.Bool("revoke", false, "authorize mode: revoke the contractors' read-only grant halfway (needs DATABASE_URL) and count allows after it committed")
	upstream := fs.String("upstream", "", "gateway mode: the MCP server the gateway's connection reaches, called directly for the baseline (loopback only; console bare --mcp)")
	upstreamPID := fs.Int("upstream-pid", 0, "gateway mode: the upstream's process id, to print its CPU time per call")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	if err := loopbackURL("--url", *target); err != nil {
		return err
	}
	u, _ := url.Parse(*target)
	if *dur > 5*time.Minute {
		*dur = 5 * time.Minute
	}
	switch *mode {
	case "gateway-setup":
		return gatewaySetup(ctx, gatewayLoadConnection, *agent, stdout)
	case "gateway":
		if err := loopbackURL("--upstream", *upstream); err != nil {
			return err
		}
		if *rate == 0 {
			*rate = 2000
		}
		err := runGatewayLoad(&gatewayLoad{ctx: ctx, target: *target, key: *key, agent: *agent, upstream: *upstream, d: *dur, rate: *rate, serverPID: *serverPID, upstreamPID: *upstreamPID, out: stdout})
		if ctx.Err() != nil {
			return interrupted(ctx.Err())
		}
		return err
	}
	tr := &http.Transport{MaxIdleConns: *conns, MaxIdleConnsPerHost: *conns, MaxConnsPerHost: *conns, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	var err error
	lm := loadMode{next: func(uint64) (string, []byte) { return "/api/v1/compose", []byte(*body) }}
	switch *mode {
	case "compose":
	case "distinct":
		lm, err = distinctComposeMode(ctx, client, *target, *key, *agent)
	case "steps":
		lm, err = stepsMode(ctx, client, *target, *key, *agent, max(1, *runs), *conns)
	case "authorize":
		return runAuthorizeLoad(ctx, *target, *key, *agent, *conns, *dur, *warm, *rate, *revoke, *serverPID, stdout)
	default:
		return &exitError{2, fmt.Errorf("--mode: %q is not one of compose, distinct, steps, authorize, gateway, gateway-setup", *mode)}
	}
	if err != nil {
		return err
	}
	addr := hostPort(u)
	var seq atomic.Uint64
	shoot := func(c *loadConn, due time.Time) (int, time.Duration, error) {
		path, b := lm.next(seq.Add(1) - 1)
		code, _, err := c.post(path, b, false)
		if err != nil {
			return 0, 0, err
		}
		return code, time.Since(due), nil
	}
	first := newLoadConn(addr, *key)
	if code, _, err := shoot(first, time.Now()); ctx.Err() != nil {
		return interrupted(ctx.Err())
	} else if err != nil || code != http.StatusOK {
		return fmt.Errorf("first request failed: status %d, %v", code, err)
	}
	first.close()
	var pace *pacer
	run := func(d time.Duration) (lat []time.Duration, errs, n int, elapsed time.Duration) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		pace = newPacer(d, *rate)
		start := time.Now()
		for i := 0; i < *conns; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := newLoadConn(addr, *key)
				defer c.close()
				var mine []time.Duration
				bad := 0
				for ctx.Err() == nil {
					due, ok := pace.due()
					if !ok {
						break
					}
					code, l, err := shoot(c, due)
					if err != nil || code != http.StatusOK {
						bad++
						continue
					}
					mine = append(mine, l)
				}
				mu.Lock()
				lat = append(lat, mine...)
				errs += bad
				mu.Unlock()
			}()
		}
		wg.Wait()
		return lat, errs, len(lat) + errs, time.Since(start)
	}
	run(*warm)
	cpu := startCPU(*serverPID)
	lat, errs, n, elapsed := run(*dur)
	if ctx.Err() != nil {
		return interrupted(ctx.Err())
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	rps := float64(n) / elapsed.Seconds()
	fmt.Fprintf(stdout, "requests %d in %.1fs with %s: %.0f req/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms, errors %d (mode %s, %s)\n",
		n, elapsed.Seconds(), plural.Count(*conns, "connection"), rps, ms(pct(0.50)), ms(pct(0.99)), ms(pct(1)), errs, *mode, pace.describe())
	cpu.report(stdout, n)
	return nil
}

// hostPort is the URL's host with its port (80 or 443 when it has none).
func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	if u.Scheme == "https" {
		return net.JoinHostPort(u.Hostname(), "443")
	}
	return net.JoinHostPort(u.Hostname(), "80")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// loopbackURL refuses (exit 2, naming flag) a URL whose host is not on
// this machine: load runs only target loopback addresses.
func loopbackURL(flag, raw string) error {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return &exitError{2, fmt.Errorf("%s: %q is not a URL", flag, raw)}
	}
	ips, err := net.LookupIP(u.Hostname())
	if err != nil || len(ips) == 0 {
		return &exitError{2, fmt.Errorf("%s: cannot resolve %s", flag, u.Hostname())}
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return &exitError{2, fmt.Errorf("%s: %s is not a loopback address; load runs only target this machine", flag, u.Hostname())}
		}
	}
	return nil
}
