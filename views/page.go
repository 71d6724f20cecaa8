package views

import (
	"fmt"
	"strings"
)

// Viewer is the signed-in user as pages see them.
type Viewer struct {
	Name       string
	Roles      []string
	IsAdmin    bool
	IsEditor   bool
	IsReviewer bool
}

// Page is what the layout needs besides the body.
type Page struct {
	Title        string
	Active       string
	Viewer       *Viewer
	Flash        string
	CSRF         string
	AssetVersion string
	Wide         bool
	// Nav is the top navigation the viewer may open: NavEntries filtered
	// by the route policies, so a tab is shown exactly to the roles its
	// page lets in.
	Nav []NavItem
}

// NavItem is one entry of the top navigation.
type NavItem struct {
	Key   string
	Label string
	Href  string
}

// NavEntries is the whole top navigation, in order; the key is the page's
// Active name. Who sees an entry is its route's policy, not decided here.
func NavEntries() []NavItem {
	return []NavItem{
		{"dashboard", "Dashboard", "/"}, {"forge", "Forge", "/forge"}, {"agents", "Agents", "/agents"}, {"profiles", "Profiles", "/profiles"},
		{"catalog", "Catalog", "/catalog"}, {"connections", "Connections", "/connections"}, {"skills", "Skills", "/skills"}, {"runs", "Runs", "/runs"}, {"reviews", "Reviews", "/reviews"},
		{"audit", "Audit log", "/audit"}, {"checks", "Checks", "/checks"}, {"approvals", "Approvals", "/approvals"},
		{"users", "Users", "/users"}, {"groups", "Groups", "/groups"}, {"apikeys", "API keys", "/apikeys"},
	}
}

// Asset is the versioned URL of a static file.
func (p Page) Asset(name string) string { return "/static/" + p.AssetVersion + "/" + name }

// FieldErrors maps form field names to messages.
type FieldErrors map[string]string

// Num formats an integer with thousands separators.
func Num(n int) string {
	s := fmt.Sprint(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "−" + b.String()
	}
	return b.String()
}

// Signed formats a delta with its sign: "+1,204", "−380", "0".
func Signed(n int) string {
	if n > 0 {
		return "+" + Num(n)
	}
	return Num(n)
}

// SignClass is the CSS class of a delta.
func SignClass(n int) string {
	switch {
	case n > 0:
		return "pos"
	case n < 0:
		return "neg"
	}
	return "zero"
}

func has(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func short(d string) string {
	if len(d) > 12 {
		return d[:12]
	}
	return d
}

func nsLabel(ns string) string {
	if ns == "" {
		return "native tools"
	}
	return "service " + ns
}

func joinComma(ss []string) string { return strings.Join(ss, ", ") }

// Plural writes a count with its noun: "1 tool", "3 tools" (many is the
// plural form, for nouns that do not just take an s).
func Plural(n int, one, many string) string {
	return Num(n) + " " + Noun(n, one, many)
}
