package models_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// BenchmarkSaveRunEvents stores batches of step evidence as a busy
// runtime's group commit does (a batch is the steps that arrived during
// the previous write), on each database; B/op and allocs/op are per
// batch.
func BenchmarkSaveRunEvents(b *testing.B) {
	hex := strings.Repeat("0123456789abcdef", 4)
	for _, d := range modelstest.Dialects(b) {
		s := modelstest.Open(b, d)
		for _, n := range []int{1, 10, 50} {
			evs := make([]models.RunEvent, n)
			for i := range evs {
				evs[i] = models.RunEvent{Run: fmt.Sprintf("load-6b1f2a9c3d4e5f60-%d", i), Kind: models.RunStep, Agent: "dev-helper", Step: 2,
					Surface: hex, Active: 12, Activated: 3, Reachable: 151, Accepted: 2, TextBytes: 24000, Tokens: 5200, PrefixTokens: 4100,
					Digest: hex, SchemaBytes: 3000, Receipts: hex + "," + hex}
			}
			for _, w := range []struct {
				name string
				save func(context.Context, []models.RunEvent) error
			}{{"batch", s.SaveRunEvents}, {"async-batch", s.SaveRunEventsAsyncCommit}} {
				b.Run(fmt.Sprintf("%s/%s-%d", d.Name, w.name, n), func(b *testing.B) {
					ctx := context.Background()
					b.ReportAllocs()
					for b.Loop() {
						if err := w.save(ctx, evs); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		}
	}
}
