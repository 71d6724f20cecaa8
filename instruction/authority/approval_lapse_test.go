package authority

import (
	"strings"
	"testing"
	"time"
)

// TestRequestLapse: a pending request can be approved only for the tool
// version it was filed for and within its time; a decided one never
// lapses; a presented expired request is answered expired, not pending.
func TestRequestLapse(t *testing.T) {
	filed := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	pending := func(ttl time.Duration) *Approval {
		return &Approval{Found: true, Ref: "apr_1", Status: ApprovalPending, Agent: "a", Tool: "files.write", Digest: "d1", Filed: filed, RequestTTL: ttl}
	}
	for _, tc := range []struct {
		name, current  string
		a              *Approval
		now            time.Time
		reason, phrase string
	}{
		{"fresh", "d1", pending(time.Hour), filed.Add(time.Minute), "", ""},
		{"tool changed", "d2", pending(time.Hour), filed.Add(time.Minute), ReasonApprovalToolChanged, "changed since the request was filed"},
		{"tool not known", "", pending(time.Hour), filed.Add(time.Minute), "", ""},
		{"expired at the TTL", "d1", pending(time.Hour), filed.Add(time.Hour), ReasonApprovalExpired, "expired"},
		{"no TTL never expires", "d1", pending(0), filed.Add(1000 * time.Hour), "", ""},
		{"decided stands", "d2", &Approval{Found: true, Status: ApprovalApproved, Digest: "d1", Filed: filed, RequestTTL: time.Hour}, filed.Add(2 * time.Hour), "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reason, why := RequestLapse(tc.a, tc.current, tc.now)
			if reason != tc.reason || !strings.Contains(why, tc.phrase) || (tc.reason == "") != (why == "") {
				t.Errorf("got %q %q, want %q …%s…", reason, why, tc.reason, tc.phrase)
			}
		})
	}
	a := pending(time.Hour)
	host := ApprovalVerdict(a, "a", nil, "", Tool{ID: "files.write", Digest: "d1"}, "", filed.Add(2*time.Hour))
	if !strings.Contains(host, "expired") {
		t.Errorf("a presented expired request: %q, want expired", host)
	}
	if host := ApprovalVerdict(a, "a", nil, "", Tool{ID: "files.write", Digest: "d1"}, "", filed.Add(time.Minute)); !strings.Contains(host, "pending") {
		t.Errorf("a presented fresh request: %q, want pending", host)
	}
}
