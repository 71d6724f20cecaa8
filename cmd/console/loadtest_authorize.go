package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
)

// The authorize mode's mix: subjects alternate between the demo group
// contractors (asking for the read-only tools they are granted, and for
// exec, which they are not) and the group everyone (any tool of the
// analyst's profile); every request names its own subject.
var (
	contractorTools = []string{"load_table", "describe_table", "read_spreadsheet", "sql_query", "compute_statistics", "ask_user", "exec"}
	everyoneTools   = []string{"exec", "load_table", "save_table", "describe_table", "emit_artifact", "read_spreadsheet", "sql_query", "compute_statistics", "render_chart", "workspace_write", "ask_user"}
)

// authorizeCall is one generated check and whether the revoked grant
// (contractors: effects read-only) is what allows it.
type authorizeCall struct {
	body      []byte
	revocable bool
	// due is when the pacer wanted it sent (latency counts from there),
	// sent when it went out (the revocation check counts from there)
	due, sent, taken time.Time
	allow            bool
}

// authorizeBodies makes the authorize mode's bodies: request i's body is
// the JSON of {"agent", "tool", "subject": {"id": "subject-i", "groups"}}
// as json.Marshal writes that map (keys sorted), appended from pieces
// quoted once (TestAuthorizeBodiesAreTheMarshal). The load generator
// shares two cores with the console and PostgreSQL: marshalling two maps
// per check cost it about 3 µs and 20 allocations per request.
type authorizeBodies struct {
	head                  []byte // {"agent":AGENT,"subject":{"groups":[
	contractors, everyone []byte // the quoted groups
	contractorTools       [][]byte
	everyoneTools         [][]byte
}

func newAuthorizeBodies(agent string) *authorizeBodies {
	q := func(s string) []byte { b, _ := json.Marshal(s); return b }
	ab := &authorizeBodies{head: append(append([]byte(`{"agent":`), q(agent)...), `,"subject":{"groups":[`...),
		contractors: q("contractors"), everyone: q(authority.Everyone)}
	for _, t := range contractorTools {
		ab.contractorTools = append(ab.contractorTools, q(t))
	}
	for _, t := range everyoneTools {
		ab.everyoneTools = append(ab.everyoneTools, q(t))
	}
	return ab
}

// call is check i: subjects alternate between contractors and everyone.
func (ab *authorizeBodies) call(i uint64) authorizeCall {
	group, tool, revocable := ab.everyone, ab.everyoneTools[(i/2)%uint64(len(ab.everyoneTools))], false
	if i%2 == 0 {
		k := (i / 2) % uint64(len(ab.contractorTools))
		group, tool, revocable = ab.contractors, ab.contractorTools[k], contractorTools[k] != "exec"
	}
	b := make([]byte, 0, len(ab.head)+len(group)+len(tool)+48)
	b = append(append(b, ab.head...), group...)
	b = strconv.AppendUint(append(b, `],"id":"subject-`...), i, 10)
	b = append(append(append(b, `"},"tool":`...), tool...), '}')
	return authorizeCall{body: b, revocable: revocable}
}

// runAuthorizeLoad drives POST /api/v1/authorize and, with revoke, removes
// the contractors' read-only grant halfway through the measured run
// (through the database, as an admin would), counts the allows of
// revocable calls sent after that transaction committed, and restores the
// grant.
func runAuthorizeLoad(ctx context.Context, base, key, agent string, conns int, dur, warm time.Duration, rate float64, revoke bool, serverPID int, stdout *os.File) error {
	var store *models.Store
	if revoke {
		url := os.Getenv("DATABASE_URL")
		if url == "" {
			return &exitError{2, fmt.Errorf("--revoke: set DATABASE_URL to the console's database")}
		}
		var err error
		if store, err = models.Open(ctx, url); err != nil {
			return err
		}
		defer store.Close()
	}
	u, err := url.Parse(base)
	if err != nil {
		return err
	}
	addr := hostPort(u)
	var seq atomic.Uint64
	bodies := newAuthorizeBodies(agent)
	shoot := func(conn *loadConn, due time.Time) (authorizeCall, error) {
		c := bodies.call(seq.Add(1) - 1)
		c.due, c.sent = due, time.Now()
		status, b, err := conn.post("/api/v1/authorize", c.body, true)
		if err != nil {
			return c, err
		}
		c.taken = time.Now()
		var d struct {
			Decision string `json:"decision"`
		}
		if status != http.StatusOK || json.Unmarshal(b, &d) != nil || (d.Decision != "allow" && d.Decision != "deny") {
			return c, fmt.Errorf("status %d: %.200s", status, b)
		}
		c.allow = d.Decision == "allow"
		return c, nil
	}
	first := newLoadConn(addr, key)
	if _, err := shoot(first, time.Now()); err != nil {
		return fmt.Errorf("first check failed: %v", err)
	}
	first.close()
	var pace *pacer
	run := func(d time.Duration, onHalf func()) (calls []authorizeCall, errs int, elapsed time.Duration) {
		var mu sync.Mutex
		var wg sync.WaitGroup
		start := time.Now()
		pace = newPacer(d, rate)
		for i := 0; i < conns; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				conn := newLoadConn(addr, key)
				defer conn.close()
				var mine []authorizeCall
				bad := 0
				for ctx.Err() == nil {
					due, ok := pace.due()
					if !ok {
						break
					}
					c, err := shoot(conn, due)
					if err != nil {
						bad++
						continue
					}
					mine = append(mine, c)
				}
				mu.Lock()
				calls = append(calls, mine...)
				errs += bad
				mu.Unlock()
			}()
		}
		if onHalf != nil {
			select {
			case <-time.After(d / 2):
				onHalf()
			case <-ctx.Done():
			}
		}
		wg.Wait()
		return calls, errs, time.Since(start)
	}
	run(warm, nil)
	var committed time.Time
	var revokeErr error
	var onHalf func()
	if revoke {
		onHalf = func() {
			readOnly := []models.GrantSpec{{Kind: authority.KindEffects, Value: "read-only"}}
			if _, revokeErr = store.ChangeGrants(ctx, "loadtest", "contractors", false, readOnly, nil); revokeErr == nil {
				committed = time.Now()
			}
		}
	}
	cpu := startCPU(serverPID)
	calls, errs, elapsed := run(dur, onHalf)
	cpu.stop()
	if revoke && revokeErr == nil {
		// leave the database as it was, a signal or not
		if _, err := store.ChangeGrants(context.WithoutCancel(ctx), "loadtest", "contractors", true, []models.GrantSpec{{Kind: authority.KindEffects, Value: "read-only"}}, nil); err != nil {
			return fmt.Errorf("restoring the grant: %w", err)
		}
	}
	if revokeErr != nil {
		return fmt.Errorf("revocation: %w", revokeErr)
	}
	if ctx.Err() != nil {
		return interrupted(ctx.Err())
	}
	lat := make([]time.Duration, len(calls))
	for i, c := range calls {
		lat[i] = c.taken.Sub(c.due)
	}
	sort.Slice(lat, func(a, b int) bool { return lat[a] < lat[b] })
	pct := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(float64(len(lat))*p))]
	}
	n := len(calls) + errs
	fmt.Fprintf(stdout, "requests %d in %.1fs with %s: %.0f req/s, p50 %.2f ms, p99 %.2f ms, max %.2f ms, errors %d (mode authorize, %s)\n",
		n, elapsed.Seconds(), plural.Count(conns, "connection"), float64(n)/elapsed.Seconds(), ms(pct(0.50)), ms(pct(0.99)), ms(pct(1)), errs, pace.describe())
	cpu.report(stdout, n)
	if revoke {
		before, after, late := 0, 0, 0
		for _, c := range calls {
			if !c.revocable {
				continue
			}
			switch {
			case c.sent.After(committed):
				after++
				if c.allow {
					late++
				}
			case c.allow && c.taken.Before(committed):
				before++
			}
		}
		fmt.Fprintf(stdout, "revocation under load: %d revocable checks allowed before the commit, %d sent after it, allows after commit %d\n", before, after, late)
		if before == 0 || after == 0 {
			return fmt.Errorf("the load did not straddle the revocation (before %d, after %d)", before, after)
		}
	}
	return nil
}
