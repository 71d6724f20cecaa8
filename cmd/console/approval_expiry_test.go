package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// lockedBuffer is a process's stderr, read while it writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestTwoServersExpireEachRequestOnce: two `console serve` processes on
// one database (SQLite file, Postgres) both sweep approval requests at
// start; every request that waited past CONSOLE_APPROVAL_REQUEST_TTL is
// recorded expired once, with one approval.expire audit event, the fresh
// one stays pending, and the two processes' counts add up to the expired
// ones. Failed first: no process marked anything, so expired requests
// stayed pending rows.
func TestTwoServersExpireEachRequestOnce(t *testing.T) {
	bin := consoleBinary(t)
	const old = 12
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store, dsn := modelstest.OpenURL(t, d)
			// a first start's seeding is done once, before both start
			if _, err := store.Bootstrap(ctx, "admin-password-1", nil); err != nil {
				t.Fatal(err)
			}
			var refs []string
			for i := range old + 1 {
				a, _, err := store.RequestApproval(ctx, "apikey:1 k", models.Approval{Agent: "demo", Subject: fmt.Sprintf("s%d", i), Tool: "demo.echo", Digest: "d1", ArgsDigest: "args", Origin: models.OriginCheck})
				if err != nil {
					t.Fatal(err)
				}
				refs = append(refs, a.Ref)
			}
			if err := store.Exec(ctx, "UPDATE approvals SET created_at = ? WHERE ref <> ?", time.Now().Add(-3*time.Hour).UTC(), refs[old]); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			logs := make([]*lockedBuffer, 2)
			for i := range logs {
				logs[i] = &lockedBuffer{}
				cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--log-level", "debug")
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "DATABASE_URL="+dsn, "CONSOLE_ADMIN_PASSWORD=admin-password-1", "CONSOLE_APPROVAL_REQUEST_TTL=1h", "CONSOLE_LOG_LEVEL=")
				cmd.Stdout, cmd.Stderr = logs[i], logs[i]
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() {
					_ = cmd.Process.Signal(os.Interrupt)
					done := make(chan error, 1)
					go func() { done <- cmd.Wait() }()
					select {
					case <-done:
					case <-time.After(25 * time.Second):
						_ = cmd.Process.Kill()
						<-done
					}
				})
			}
			swept := regexp.MustCompile(`approval requests: expiry sweep done.*requests_expired=(\d+)`)
			total := 0
			for i, l := range logs {
				deadline := time.Now().Add(time.Minute)
				for !swept.MatchString(l.String()) && time.Now().Before(deadline) {
					time.Sleep(50 * time.Millisecond)
				}
				m := swept.FindStringSubmatch(l.String())
				if m == nil {
					t.Fatalf("server %d logged no sweep:\n%s", i, l.String())
				}
				n, _ := strconv.Atoi(m[1])
				total += n
			}
			if total != old {
				t.Errorf("the two servers marked %d requests expired in all, want %d", total, old)
			}
			for i, ref := range refs {
				want, events := authority.ApprovalExpired, int64(1)
				if i == old {
					want, events = authority.ApprovalPending, 0
				}
				var status string
				if err := store.RawScan(ctx, &status, "SELECT status FROM approvals WHERE ref = ?", ref); err != nil || status != want {
					t.Errorf("%s recorded %q (%v), want %s", ref, status, err, want)
				}
				var n int64
				if err := store.RawScan(ctx, &n, "SELECT count(*) FROM audit_events WHERE action = 'approval.expire' AND subject LIKE ?", "approval:"+ref+" %"); err != nil || n != events {
					t.Errorf("%s: %d approval.expire events (%v), want %d", ref, n, err, events)
				}
			}
			if strings.Contains(logs[0].String(), "level=ERROR") || strings.Contains(logs[1].String(), "level=ERROR") {
				t.Errorf("a server logged an error:\n%s\n%s", logs[0].String(), logs[1].String())
			}
		})
	}
}
