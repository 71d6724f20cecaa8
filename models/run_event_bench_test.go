package models_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkSaveRunEvents stores batches of step evidence as a busy
// runtime's group commit does (a batch is the steps that arrived during
// the previous write), on each database, by each way of writing them and
// each evidence commit; B/op and allocs/op are per batch. On Postgres the
// store keeps one connection, and backend-cpu-ns/event is the CPU its
// server process spent a stored event (read off /proc where the server
// runs on this machine and its processes can be read; the trigger that
// keeps run_totals is in it, the write-ahead log writer's flushes are
// not).
func BenchmarkSaveRunEvents(b *testing.B) {
	hex := strings.Repeat("0123456789abcdef", 4)
	for _, d := range modelstest.Dialects(b) {
		s := modelstest.Open(b, d)
		pid := 0
		if d.Name == models.DialectPostgres {
			s.SQLDB().SetMaxOpenConns(1)
			_ = s.SQLDB().QueryRow("SELECT pg_backend_pid()").Scan(&pid)
		}
		runs := 0
		for _, n := range []int{1, 10, 50} {
			evs := make([]models.RunEvent, n)
			for _, w := range []struct {
				name string
				save func(context.Context, []models.RunEvent) error
			}{{"batch", s.SaveRunEvents}, {"pipelined", s.SaveRunEventsPipelined}} {
				for _, commit := range []models.EvidenceCommit{models.EvidenceCommitSync, models.EvidenceCommitAsync} {
					b.Run(fmt.Sprintf("%s/%s-%s-%d", d.Name, w.name, commit, n), func(b *testing.B) {
						s.SetEvidenceCommit(commit)
						defer s.SetEvidenceCommit(models.EvidenceCommitAsync)
						ctx := context.Background()
						b.ReportAllocs()
						cpu0, ok := procCPU(pid)
						for b.Loop() {
							for i := range evs {
								// each event its own run of 4,096, as distinct runs' steps arrive
								evs[i] = models.RunEvent{Run: fmt.Sprintf("load-6b1f2a9c3d4e5f60-%d", runs%4096), Kind: models.RunStep, Agent: "dev-helper", Step: 2,
									Surface: hex, Active: 12, Activated: 3, Reachable: 151, Accepted: 2, TextBytes: 24000, Tokens: 5200, PrefixTokens: 4100,
									Digest: hex, SchemaBytes: 3000, Receipts: hex + "," + hex}
								runs++
							}
							if err := w.save(ctx, evs); err != nil {
								b.Fatal(err)
							}
						}
						if cpu1, ok1 := procCPU(pid); ok && ok1 {
							b.ReportMetric(float64(cpu1-cpu0)/float64(b.N*n), "backend-cpu-ns/event")
						}
					})
				}
			}
		}
	}
}

// procCPU is the user and system CPU time process pid has used, from
// /proc (false: no such process here, or pid 0).
func procCPU(pid int) (time.Duration, bool) {
	if pid == 0 {
		return 0, false
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	s := string(raw)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 > len(s) {
		return 0, false
	}
	f := strings.Fields(s[i+2:])
	if len(f) < 13 {
		return 0, false
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, false
	}
	// clock ticks of 10 ms (USER_HZ is 100 on Linux)
	return time.Duration(utime+stime) * 10 * time.Millisecond, true
}
