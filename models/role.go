package models

import (
	"fmt"
	"sort"
	"strings"
)

// Role is one of the console's fixed roles.
type Role string

// The roles. A user holds a set of them; nothing is allowed by default.
const (
	RoleAdmin    Role = "admin"
	RoleEditor   Role = "editor"
	RoleReviewer Role = "reviewer"
	RoleViewer   Role = "viewer"
)

// AllRoles lists the roles in display order.
var AllRoles = []Role{RoleAdmin, RoleEditor, RoleReviewer, RoleViewer}

// ParseRoles reads a comma-separated role list, rejecting unknown roles.
func ParseRoles(s string) ([]Role, error) {
	var out []Role
	seen := map[Role]bool{}
	for _, part := range strings.Split(s, ",") {
		r := Role(strings.TrimSpace(part))
		if r == "" {
			continue
		}
		if !validRole(r) {
			return nil, fmt.Errorf("unknown role %q (want admin, editor, reviewer or viewer)", r)
		}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	sortRoles(out)
	return out, nil
}

func validRole(r Role) bool {
	for _, k := range AllRoles {
		if k == r {
			return true
		}
	}
	return false
}

func sortRoles(rs []Role) {
	idx := func(r Role) int {
		for i, k := range AllRoles {
			if k == r {
				return i
			}
		}
		return len(AllRoles)
	}
	sort.Slice(rs, func(a, b int) bool { return idx(rs[a]) < idx(rs[b]) })
}

// JoinRoles writes roles as a comma-separated list.
func JoinRoles(rs []Role) string {
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = string(r)
	}
	return strings.Join(s, ",")
}
