package models

import (
	"testing"
	"time"
)

// TestEventSpan: the span of a batch covers its earliest and latest event
// and the moment of writing; an event without a time counts as now.
func TestEventSpan(t *testing.T) {
	before := time.Now()
	old := before.AddDate(0, 0, -3)
	late := before.Add(48 * time.Hour)
	cases := []struct {
		name     string
		evs      []RunEvent
		min, max time.Time // bounds the result must equal (zero: now)
	}{
		{"empty batch", nil, time.Time{}, time.Time{}},
		{"events without a time", []RunEvent{{}, {}}, time.Time{}, time.Time{}},
		{"old and future days", []RunEvent{{CreatedAt: late}, {}, {CreatedAt: old}}, old, late},
		{"only old days", []RunEvent{{CreatedAt: old}, {CreatedAt: old.Add(time.Hour)}}, old, time.Time{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			oldest, newest := eventSpan(c.evs)
			after := time.Now()
			isNow := func(at time.Time) bool { return !at.Before(before) && !at.After(after) }
			if c.min.IsZero() && !isNow(oldest) || !c.min.IsZero() && !oldest.Equal(c.min) {
				t.Errorf("oldest %v, want %v (zero: now)", oldest, c.min)
			}
			if c.max.IsZero() && !isNow(newest) || !c.max.IsZero() && !newest.Equal(c.max) {
				t.Errorf("newest %v, want %v (zero: now)", newest, c.max)
			}
		})
	}
}
