package models_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRunEvents: a batch is stored in order and listed per run; the runs
// summary counts steps and orders by latest activity, on both databases.
func TestRunEvents(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		evs := []models.RunEvent{
			{Run: "r1", Kind: models.RunSearch, Agent: "analyst", Surface: "s", QueryBytes: 12, Hits: 3, Receipts: "ab"},
			{Run: "r1", Kind: models.RunStep, Agent: "analyst", Step: 1, Surface: "s", Active: 4, Activated: 2, Accepted: 1, Tokens: 900, PrefixTokens: 700},
			{Run: "r2", Kind: models.RunCall, Agent: "analyst", Surface: "s", Tool: "exec", Verdict: "search_required"},
		}
		if err := s.SaveRunEvents(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.RunEvents(ctx, "r1", 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Kind != models.RunSearch || got[1].PrefixTokens != 700 {
			t.Fatalf("run events %+v", got)
		}
		runs, err := s.RecentRuns(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) != 2 {
			t.Fatalf("runs %+v", runs)
		}
		for _, r := range runs {
			if r.Run == "r1" && (r.Events != 2 || r.Steps != 1 || r.Agent != "analyst" || r.Last.IsZero()) {
				t.Errorf("r1 summary %+v", r)
			}
		}
	})
}

// TestRunEventsKeepEveryField: every field of a run event (each set to a
// value of its own, by reflection, so a field added later is covered)
// comes back as stored, in a batch over the statement's chunk size and
// saved one at a time, on both databases.
func TestRunEventsKeepEveryField(t *testing.T) {
	eachWriter(t, func(t *testing.T, s *models.Store, save func(context.Context, []models.RunEvent) error) {
		ctx := context.Background()
		const n = 450
		evs := make([]models.RunEvent, n)
		for i := range evs {
			v := reflect.ValueOf(&evs[i]).Elem()
			for f := 0; f < v.NumField(); f++ {
				fv := v.Field(f)
				switch name := v.Type().Field(f).Name; {
				case name == "ID":
				case name == "Run":
					fv.SetString(fmt.Sprintf("keep-%d", i%3))
				case fv.Kind() == reflect.String:
					fv.SetString(fmt.Sprintf("%s-%d", strings.ToLower(name), i))
				case fv.Kind() == reflect.Int:
					fv.SetInt(int64(1000*f + i))
				case fv.Type() == reflect.TypeOf(time.Time{}):
					fv.Set(reflect.ValueOf(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Millisecond)))
				default:
					t.Fatalf("field %s of kind %s: teach this test its values", name, fv.Kind())
				}
			}
		}
		// a batch, and events saved one at a time (on Postgres the
		// asynchronous writer stores a single event as one row of values)
		const alone = 30
		if err := save(ctx, evs[:n-alone]); err != nil {
			t.Fatal(err)
		}
		for i := n - alone; i < n; i++ {
			if err := save(ctx, evs[i:i+1]); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.RunEvents(ctx, "keep-1", n)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != n/3 {
			t.Fatalf("%d events of keep-1, want %d", len(got), n/3)
		}
		for k, g := range got {
			want := evs[3*k+1]
			g.ID = 0
			if !g.CreatedAt.Equal(want.CreatedAt) {
				t.Fatalf("event %d: created at %v, want %v", k, g.CreatedAt, want.CreatedAt)
			}
			g.CreatedAt = want.CreatedAt
			if !reflect.DeepEqual(g, want) {
				t.Fatalf("event %d:\n got %+v\nwant %+v", k, g, want)
			}
		}
	})
}

// eachWriter runs fn on each database with each way of storing events:
// SaveRunEvents and SaveRunEventsPipelined (on Postgres a COPY and a
// pipelined INSERT of column arrays: each must keep every value), each
// committed asynchronously, the default.
func eachWriter(t *testing.T, fn func(t *testing.T, s *models.Store, save func(context.Context, []models.RunEvent) error)) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name+"/copy", func(t *testing.T) { s := modelstest.Open(t, d); fn(t, s, s.SaveRunEvents) })
		t.Run(d.Name+"/pipelined", func(t *testing.T) { s := modelstest.Open(t, d); fn(t, s, s.SaveRunEventsPipelined) })
	}
}

// TestRunEventsKeepAnyText: text that a row format could mistake for its
// own syntax (backslashes, tabs, line breaks, "\N", "\.", a lone
// backslash at the end) or that is empty comes back exactly as stored,
// on both databases.
func TestRunEventsKeepAnyText(t *testing.T) {
	texts := []string{"", `\`, `\N`, `\.`, "a\tb", "line\nbreak", "cr\rlf\r\n", `back\slash\\`, "ünïcödé ✓", `"quoted" 'single'`, "end\\"}
	eachWriter(t, func(t *testing.T, s *models.Store, save func(context.Context, []models.RunEvent) error) {
		ctx := context.Background()
		evs := make([]models.RunEvent, len(texts))
		for i, x := range texts {
			evs[i] = models.RunEvent{Run: "text", Kind: models.RunCall, Agent: "analyst", Profile: x, Surface: "s" + x, RejectedWhy: x, Digest: x, Receipts: x, Tool: x, Verdict: x}
		}
		if err := save(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.RunEvents(ctx, "text", 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(texts) {
			t.Fatalf("%d events, want %d", len(got), len(texts))
		}
		for i, g := range got {
			x := texts[i]
			if g.Profile != x || g.Surface != "s"+x || g.RejectedWhy != x || g.Digest != x || g.Receipts != x || g.Tool != x || g.Verdict != x {
				t.Errorf("%q came back as %+v", x, g)
			}
		}
	})
}
