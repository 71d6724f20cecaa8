package authority

import (
	"fmt"
	"time"
)

// The states a pending request is shown in once it lapsed (RequestLapse):
// its tool changed since it was filed (stale: its recorded status stays
// pending; it can be denied, never approved), or it waited past its time
// (expired: recorded as ApprovalExpired once a sweep or a decision finds
// it, and read as expired before that; it can be neither approved nor
// denied, and the next call files a new request).
const (
	RequestStale   = "stale"
	RequestExpired = ApprovalExpired
)

// RequestLapse is why a pending request a can no longer be approved now
// ("" while it can), with the approval reason a check presenting it
// gives: the tool it names changed since it was filed (current, the
// tool's descriptor digest now, differs from the digest the request was
// filed for; "" when it is not known: a tool gone from the catalog is
// refused at the call anyway), so approving it would approve a version
// nobody reviewed (ReasonApprovalToolChanged); or it waited for
// a reviewer longer than a.RequestTTL (ReasonApprovalExpired; a zero TTL
// never expires). A request that is not pending has not lapsed: its
// decision stands as it was made.
func RequestLapse(a *Approval, current string, now time.Time) (reason, why string) {
	if a != nil && a.Found && a.Status == ApprovalExpired {
		return ReasonApprovalExpired, expiredWhy(a)
	}
	if a == nil || !a.Found || a.Status != ApprovalPending {
		return "", ""
	}
	if current != "" && current != a.Digest {
		return ReasonApprovalToolChanged, fmt.Sprintf("stale: %s changed since the request was filed (it was filed for descriptor %.12s, the tool is now %.12s), so approving it would approve a version nobody reviewed; the next call files a new request",
			a.Tool, a.Digest, current)
	}
	if RequestHasExpired(a, now) {
		return ReasonApprovalExpired, expiredWhy(a)
	}
	return "", ""
}

// RequestHasExpired reports whether request a expired unapproved by now:
// recorded expired, or pending past its RequestExpiry.
func RequestHasExpired(a *Approval, now time.Time) bool {
	if a == nil || !a.Found {
		return false
	}
	if a.Status == ApprovalExpired {
		return true
	}
	at := RequestExpiry(a)
	return a.Status == ApprovalPending && !at.IsZero() && !now.Before(at)
}

// expiredWhy is the reviewer's line on expired request a.
func expiredWhy(a *Approval) string {
	if at := RequestExpiry(a); !at.IsZero() {
		return fmt.Sprintf("expired: it waited for a reviewer until %s without a decision; the next call files a new request", at.UTC().Format(time.RFC3339))
	}
	return "expired: it waited for a reviewer past its time without a decision; the next call files a new request"
}

// RequestExpiry is when pending request a expires unapproved (zero when
// it never does: no TTL, or no filing time known).
func RequestExpiry(a *Approval) time.Time {
	if a == nil || a.RequestTTL <= 0 || a.Filed.IsZero() {
		return time.Time{}
	}
	return a.Filed.Add(a.RequestTTL)
}
