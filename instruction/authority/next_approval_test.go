package authority

import (
	"slices"
	"testing"
)

// TestApprovalRequiredSaysCallAgain: approval_required's next_actions
// said to request approval, choose another tool or stop, but had no
// token for what the README's table says a client does: call again once
// a reviewer approves the request. It carries one now, listed with every
// other token.
func TestApprovalRequiredSaysCallAgain(t *testing.T) {
	d := Deny(TypeApprovalRequired, "test")
	if !slices.Contains(d.Error.NextActions, ActCallWhenApproved) {
		t.Errorf("approval_required next_actions %v lack %q", d.Error.NextActions, ActCallWhenApproved)
	}
	if !slices.Contains(NextActions, ActCallWhenApproved) {
		t.Errorf("NextActions lacks %q", ActCallWhenApproved)
	}
}
