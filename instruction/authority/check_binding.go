package authority

// The checks of a presented binding: what ends it, and for good.

import (
	"fmt"
	"strings"
	"time"
)

// Recorded is the answer to a check presenting a binding whose
// invalidity was recorded: the recorded verdict, whatever the state now.
func Recorded(inv Invalidation) Decision {
	return deny(inv.Type, fmt.Sprintf("binding: invalidated at %s: %s", inv.At.UTC().Format(time.RFC3339), inv.Reason))
}

func checkBinding(c Check) (Decision, bool) {
	b := c.Binding
	subject := ""
	if c.Subject != nil {
		subject = c.Subject.ID
	}
	switch {
	case !b.Found:
		return deny(TypeBindingStale, "binding: unknown or released handle"), true
	case !b.RevokedAt.IsZero():
		return deny(TypeRevoked, fmt.Sprintf("binding: revoked by %s at %s", b.RevokedBy, b.RevokedAt.UTC().Format(time.RFC3339))), true
	case b.Invalid != nil:
		return Recorded(*b.Invalid), true
	case b.Subject != subject || b.Agent != c.Agent.Slug || b.Tool != c.ToolID:
		return deny(TypeBindingStale, fmt.Sprintf("binding: issued for subject %q, agent %s, tool %s", b.Subject, b.Agent, b.Tool)), true
	case b.Groups != GroupSetDigest(GroupsOf(c.Subject)):
		return deny(TypeBindingStale, "binding: issued for another group set than groups ["+strings.Join(GroupsOf(c.Subject), ",")+"]"), true
	case !c.Now.Before(b.ExpiresAt):
		return deny(TypeBindingStale, "binding: expired at "+b.ExpiresAt.UTC().Format(time.RFC3339)), true
	case c.Tool == nil:
		return invalid(TypeCatalogChanged, "binding: tool "+c.ToolID+" left the catalog"), true
	case c.Tool.Digest != b.Digest:
		return invalid(TypeBindingStale, fmt.Sprintf("binding: descriptor changed from %.12s to %.12s", b.Digest, c.Tool.Digest)), true
	}
	return Decision{}, false
}

// invalid is a denial that invalidates the presented binding for good.
func invalid(typ, reason string) Decision {
	d := deny(typ, reason)
	d.Invalidates = true
	return d
}
