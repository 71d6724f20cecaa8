package authority

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestApprovalHoldsForItsArguments: an approval made for one call's
// arguments (its ArgsDigest) lets a call with the same argument digest
// run, and refuses a call with other arguments or whose arguments are not
// known; an approval made without arguments holds only for a check made
// without arguments, never for a call whose arguments are known (an
// approval filed through the API must not let any gateway call run).
func TestApprovalHoldsForItsArguments(t *testing.T) {
	at := time.Date(2026, 12, 4, 10, 0, 0, 0, time.UTC)
	tool := Tool{ID: "fs_delete", Version: "1", Digest: "d1", Effects: "destructive", State: StateBindable}
	decide := func(a *Approval, args string) Decision {
		tl := tool
		return Decide(Check{Agent: Agent{Slug: "a", Declared: []string{tool.ID}}, Subject: &Subject{ID: "u1", Groups: []string{"staff"}}, ToolID: tool.ID, Tool: &tl,
			Grants: []Grant{{Group: "staff", Kind: KindTool, Value: tool.ID, RequiresApproval: true}}, Approval: a, ArgsDigest: args, Now: at})
	}
	scoped := &Approval{Found: true, Ref: "apr_1", Status: ApprovalApproved, Agent: "a", Subject: "u1", Tool: tool.ID, Digest: "d1", ArgsDigest: "args-A", SingleUse: true}
	for _, c := range []struct {
		name, args string
		allow      bool
		why        string
	}{
		{"the approved arguments", "args-A", true, ""},
		{"other arguments", "args-B", false, "approved for other arguments"},
		{"arguments not known", "", false, "present it with the call's arguments"},
	} {
		d := decide(scoped, c.args)
		if d.Allow != c.allow || !d.Allow && (d.Error.Type != TypeApprovalRequired || !strings.Contains(d.HostReason, c.why)) {
			t.Errorf("%s: %+v, want allow %v (…%s…)", c.name, d, c.allow, c.why)
		}
	}
	unscoped := *scoped
	unscoped.ArgsDigest = ""
	if d := decide(&unscoped, ""); !d.Allow {
		t.Errorf("an approval made without arguments, a check without arguments: %s", d.HostReason)
	}
	for _, args := range []string{"args-A", "args-B"} {
		if d := decide(&unscoped, args); d.Allow || d.Error.Type != TypeApprovalRequired || !strings.Contains(d.HostReason, "made without arguments") {
			t.Errorf("an approval made without arguments, a call with arguments %q: %+v", args, d)
		}
	}
}

// TestArgumentsViewMasksAndBounds: the reviewer's view of a call's
// arguments shows them as indented JSON, masks every value named as a
// secret (nested ones included) and every credential-looking string, and
// stays within MaxArgumentsView bytes of valid UTF-8, saying what it cut.
func TestArgumentsViewMasksAndBounds(t *testing.T) {
	v := ArgumentsView([]byte(`{"path":"/tmp/a","api_key":"k-123","login":{"Password":"hunter2","user":"ann"},"headers":["Bearer abc.def"],"n":12345678901234567890,"tokens":[1,2]}`))
	for _, secret := range []string{"k-123", "hunter2", "Bearer abc", "1,"} {
		if strings.Contains(v, secret) {
			t.Errorf("the view shows %q:\n%s", secret, v)
		}
	}
	for _, shown := range []string{`"path": "/tmp/a"`, `"user": "ann"`, `"n": 12345678901234567890`, `"api_key": "` + MaskedValue + `"`} {
		if !strings.Contains(v, shown) {
			t.Errorf("the view lacks %q:\n%s", shown, v)
		}
	}
	long := `{"text":"` + strings.Repeat("é", MaxArgumentsView) + `"}`
	v = ArgumentsView([]byte(long))
	if len(v) > MaxArgumentsView || !utf8.ValidString(v) || !strings.Contains(v, "more bytes not shown") {
		t.Errorf("a long view: %d bytes (at most %d), valid UTF-8 %v, ends %q", len(v), MaxArgumentsView, utf8.ValidString(v), v[max(len(v)-40, 0):])
	}
}

// TestArgumentsViewReportsWhatItHides: the view says whether it hides
// anything, whichever masking rule changed it or when it is cut; a view
// shown whole and unchanged hides nothing.
func TestArgumentsViewReportsWhatItHides(t *testing.T) {
	for _, c := range []struct {
		args  string
		hides bool
	}{
		{`{"to":"bob","amount":10}`, false},
		{`{"to":"[secret]"}`, false},
		{`{"password":"x"}`, true},
		{`{"note":"push with ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C"}`, true},
		{`{"to":"Bearer abc"}`, true},
		{`{"text":"` + strings.Repeat("x", MaxArgumentsView) + `"}`, true},
		{`not json`, true},
	} {
		if v := ArgumentsViewReport([]byte(c.args), "", nil); v.Hides != c.hides {
			t.Errorf("%.60s: Hides %v, want %v (view %.80s)", c.args, v.Hides, c.hides, v.Text)
		}
	}
}
