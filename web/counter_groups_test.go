package web

import (
	"context"
	"fmt"
	"testing"
)

// TestCountersBucketUnknownGroups: a check counts each of the subject's
// groups the console knows under its name and every other group under
// one "(unknown)" bucket, once per check: a request's made-up groups never
// become check_counters rows.
func TestCountersBucketUnknownGroups(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	groups := []string{"contractors"}
	for i := range 99 {
		groups = append(groups, fmt.Sprintf("ghost%d", i))
	}
	subject := map[string]any{"id": "u1", "groups": groups}
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": subject})
	h.api("POST", "/api/v1/runs/g1/calls", key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": subject, "pins": []string{"sql_query"}, "receipts": []any{}})
	if err := h.app.counters.flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	cs, _ := h.store.CheckCounters(context.Background(), "analyst", 1000)
	got := map[string]int64{}
	for _, c := range cs {
		got[c.GroupName] += c.Count
	}
	if len(got) != 2 || got["contractors"] != 2 || got["(unknown)"] != 2 {
		t.Errorf("counters by group: %v, want contractors 2 and (unknown) 2", got)
	}
}
