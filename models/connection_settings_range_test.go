package models

import (
	"strings"
	"testing"
	"time"
)

// TestDurationSettingMessagesSayTheConstants: every range a duration
// setting's message gives is written from the bounds it is checked
// against, so a message and the check never disagree.
func TestDurationSettingMessagesSayTheConstants(t *testing.T) {
	_, err := ParseDurationSetting("0")
	want := "from " + durationText(min(MinConnectionTimeout, MinRestartBackoff)) + " to " + durationText(max(MaxConnectionTimeout, MaxRestartBackoff))
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("0 refused with %v, want %q", err, want)
	}
	errs := map[string]string{}
	ConnectionSettings{Timeout: 2 * MaxConnectionTimeout, RestartBackoff: 2 * MaxRestartBackoff}.Validate(TransportStdio, errs)
	if w := "from " + durationText(MinConnectionTimeout) + " to " + durationText(MaxConnectionTimeout); !strings.Contains(errs["timeout"], w) {
		t.Errorf("timeout: %q, want %q", errs["timeout"], w)
	}
	if w := "from " + durationText(MinRestartBackoff) + " to " + durationText(MaxRestartBackoff); !strings.Contains(errs["restart_backoff"], w) {
		t.Errorf("restart_backoff: %q, want %q", errs["restart_backoff"], w)
	}
	for d, w := range map[string]string{"1h0m0s": "1h", "1m30s": "1m30s", "2m0s": "2m", "100ms": "100ms"} {
		if got := durationText(mustDuration(t, d)); got != w {
			t.Errorf("durationText(%s) = %s, want %s", d, got, w)
		}
	}
}

func mustDuration(t *testing.T, s string) time.Duration {
	d, err := time.ParseDuration(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
