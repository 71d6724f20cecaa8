package deferred

import (
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

func TestAuthorizeJoinsVerdictAndCheck(t *testing.T) {
	allow := authority.Decision{Allow: true, Groups: []string{"everyone"}}
	deny := func(typ string) authority.Decision { return authority.Deny(typ, "host: "+typ) }
	receipt := &Receipt{V: 1, Kind: KindSearchRequired}
	for _, c := range []struct {
		name        string
		v           CallVerdict
		d           authority.Decision
		status, typ string
		host        string
		checked     bool
	}{
		{"search required: no check", CallVerdict{Status: CallSearchRequired, Receipt: receipt}, deny(authority.TypePermissionDenied), CallSearchRequired, "", "", false},
		{"active and allowed", CallVerdict{Status: CallActive}, allow, CallActive, "", "", true},
		{"active, approval required", CallVerdict{Status: CallActive}, deny(authority.TypeApprovalRequired), CallDenied, authority.TypeApprovalRequired, "host: approval_required", true},
		{"active, grant revoked", CallVerdict{Status: CallActive}, deny(authority.TypeRevoked), CallDenied, authority.TypeRevoked, "host: capability_revoked", true},
		{"active, binding stale", CallVerdict{Status: CallActive}, deny(authority.TypeBindingStale), CallDenied, authority.TypeBindingStale, "host: binding_stale", true},
		{"active, the check sees it unavailable", CallVerdict{Status: CallActive}, deny(authority.TypeUnavailable), CallUnknown, authority.TypeUnavailable, "host: capability_unavailable", true},
		{"outside the surface, never shown, not granted", CallVerdict{Status: CallUnknown, HostReason: HostOutside}, deny(authority.TypePermissionDenied), CallUnknown, authority.TypeUnavailable, "host: permission_denied", true},
		{"outside the surface, never shown, approval", CallVerdict{Status: CallUnknown, HostReason: HostOutside}, deny(authority.TypeApprovalRequired), CallUnknown, authority.TypeUnavailable, "host: approval_required", true},
		{"outside the surface, shown before, not granted", CallVerdict{Status: CallUnknown, HostReason: HostOutside, Shown: true}, deny(authority.TypePermissionDenied), CallDenied, authority.TypePermissionDenied, "host: permission_denied", true},
		{"outside the surface, shown by a receipt, not granted now", CallVerdict{Status: CallUnknown, HostReason: HostOutside, Shown: true, Withdrawn: true}, deny(authority.TypePermissionDenied), CallDenied, authority.TypeRevoked, "revoked since the run was shown it: host: permission_denied", true},
		{"outside the surface, shown by a receipt, approval now", CallVerdict{Status: CallUnknown, HostReason: HostOutside, Shown: true, Withdrawn: true}, deny(authority.TypeApprovalRequired), CallDenied, authority.TypeApprovalRequired, "host: approval_required", true},
		{"outside the surface, shown before, revoked", CallVerdict{Status: CallUnknown, HostReason: HostOutside, Shown: true}, deny(authority.TypeRevoked), CallDenied, authority.TypeRevoked, "host: capability_revoked", true},
		{"outside the surface, hidden", CallVerdict{Status: CallUnknown, HostReason: HostOutside}, deny(authority.TypeUnavailable), CallUnknown, authority.TypeUnavailable, "host: capability_unavailable", true},
		{"code-only while exec is inactive", CallVerdict{Status: CallUnknown, HostReason: HostCodeOnly}, allow, CallUnknown, authority.TypeUnavailable, HostCodeOnly, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, counted, checked := Authorize(c.v, c.d)
			typ := ""
			if got.Error != nil {
				typ = got.Error.Type
				if len(got.Error.NextActions) == 0 || got.Error.Message == "" {
					t.Errorf("error without message or next actions: %+v", got.Error)
				}
			}
			if got.Status != c.status || typ != c.typ || got.HostReason != c.host || checked != c.checked {
				t.Fatalf("got %s/%s (%q) checked %v, want %s/%s (%q) checked %v", got.Status, typ, got.HostReason, checked, c.status, c.typ, c.host, c.checked)
			}
			if checked && c.d.Error != nil && !counted.Allow && counted.Error.Type != c.d.Error.Type {
				t.Errorf("counted %s, want the check's own %s", counted.Error.Type, c.d.Error.Type)
			}
			if checked && counted.Allow != (got.Status == CallActive) {
				t.Errorf("counted allow %v for status %s", counted.Allow, got.Status)
			}
			if c.status == CallSearchRequired && got.Receipt != receipt {
				t.Error("the SEARCH_REQUIRED receipt was dropped")
			}
		})
	}
}

func TestShownBefore(t *testing.T) {
	a := Activation{Shown: []string{"sql_query"}}
	for _, c := range []struct {
		tool    string
		pins    []string
		binding bool
		want    bool
	}{
		{"sql_query", nil, false, true},
		{"exec", nil, false, false},
		{"exec", []string{"render_chart", "exec"}, false, true},
		{"exec", nil, true, true},
	} {
		if got := a.ShownBefore(c.tool, c.pins, c.binding); got != c.want {
			t.Errorf("ShownBefore(%s, %v, %v) = %v", c.tool, c.pins, c.binding, got)
		}
	}
}

func TestKeepPinsDropsOnlyToolsTheSurfaceLost(t *testing.T) {
	s := builtinSurface(t, []string{"read_file", "render_chart", "ask_user"}, nil)
	revoked := func(id string) bool { return id == "exec" }
	for _, c := range []struct {
		pins, want []string
	}{
		{nil, nil},
		{[]string{}, []string{}},
		{[]string{"render_chart", "exec"}, []string{"render_chart"}},
		{[]string{"exec"}, []string{}},
		{[]string{"render_chart", "no_such_tool", "web_fetch"}, []string{"render_chart", "no_such_tool", "web_fetch"}},
	} {
		got := s.KeepPins(c.pins, revoked)
		if (got == nil) != (c.want == nil) || !slices.Equal(got, c.want) {
			t.Errorf("KeepPins(%v) = %#v, want %#v", c.pins, got, c.want)
		}
	}
}
