package views

import "testing"

func TestAuditDetail(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"approved by [admin]", "approved by admin"},
		{"approved by [admin rita]", "approved by admin, rita"},
		{"approved by admin, rita", "approved by admin, rita"},
		{"1 tool(s) marked rejected: a", "1 tool marked rejected: a"},
		{"12 tool(s) marked available", "12 tools marked available"},
		{"version 3 from 2: [wip] tighter", "version 3 from 2: [wip] tighter"}, // a user's words stay
		{"rolled back (s) to v1", "rolled back (s) to v1"},
	} {
		if got := AuditDetail(c.in); got != c.want {
			t.Errorf("AuditDetail(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
