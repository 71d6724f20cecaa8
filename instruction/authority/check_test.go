package authority

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

var now = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

func baseCheck() Check {
	return Check{
		Agent:   Agent{Slug: "analyst", Declared: []string{"read_file", "exec", "github.get_issue", "draft_tool"}, Services: []string{"github"}},
		Subject: &Subject{ID: "u1", Groups: []string{"contractors"}},
		ToolID:  "read_file",
		Tool:    &Tool{ID: "read_file", Version: "1", Digest: "d1", Effects: "read-only", State: StateBindable},
		Grants:  []Grant{{Group: "contractors", Kind: KindEffects, Value: "read-only"}},
		Now:     now,
	}
}

func binding() *Binding {
	return &Binding{Found: true, Subject: "u1", Groups: GroupSetDigest([]string{"contractors"}), Agent: "analyst", Tool: "read_file", Digest: "d1", ExpiresAt: now.Add(time.Minute)}
}

func TestDecide(t *testing.T) {
	tests := []struct {
		name   string
		change func(c *Check)
		want   string // "" = allow
		reason string // a fragment of the host reason
	}{
		{"granted", func(c *Check) {}, "", ""},
		{"unknown tool", func(c *Check) { c.ToolID, c.Tool = "nope", nil }, TypeUnavailable, "unknown"},
		{"undeclared", func(c *Check) { c.Agent.Declared = []string{"exec"} }, TypeUnavailable, "undeclared"},
		{"hidden by the profile", func(c *Check) { c.Agent.Profile = []string{"exec"} }, TypeUnavailable, "hidden"},
		{"candidate", func(c *Check) { c.Tool.State = StateStructurallyValid }, TypeUnavailable, "unavailable"},
		{"rejected", func(c *Check) { c.Tool.State = StateRejected }, TypeUnavailable, "unavailable"},
		{"service not connected", func(c *Check) {
			c.ToolID, c.Tool = "github.get_issue", &Tool{ID: "github.get_issue", Digest: "g", Effects: "read-only", State: StateBindable}
			c.Agent.Services = nil
		}, TypeUnavailable, "not connected"},
		{"not granted", func(c *Check) { c.Grants = nil }, TypePermissionDenied, "not granted"},
		{"other group's grant", func(c *Check) { c.Subject.Groups = []string{"staff"} }, TypePermissionDenied, "not granted"},
		{"no subject is everyone", func(c *Check) { c.Subject = nil; c.Grants[0].Group = Everyone }, "", ""},
		{"subject without groups", func(c *Check) { c.Subject.Groups = nil }, TypePermissionDenied, "not granted"},
		{"approval only", func(c *Check) { c.Grants[0].RequiresApproval = true }, TypeApprovalRequired, "approval"},
		{"approval not lifted by a plain grant", func(c *Check) {
			c.Grants[0].RequiresApproval = true
			c.Grants = append(c.Grants, Grant{Group: "contractors", Kind: KindTool, Value: "read_file"})
		}, TypeApprovalRequired, "no other grant lifts it"},
		{"valid binding", func(c *Check) { c.Binding = binding() }, "", ""},
		{"unknown binding", func(c *Check) { c.Binding = &Binding{} }, TypeBindingStale, "unknown"},
		{"binding revoked by an admin", func(c *Check) { c.Binding = binding(); c.Binding.RevokedAt, c.Binding.RevokedBy = now, "ada" }, TypeRevoked, "revoked by ada"},
		{"binding of another subject", func(c *Check) { c.Binding = binding(); c.Binding.Subject = "u2" }, TypeBindingStale, "issued for"},
		{"binding of another agent", func(c *Check) { c.Binding = binding(); c.Binding.Agent = "dev-helper" }, TypeBindingStale, "issued for"},
		{"binding of another tool", func(c *Check) { c.Binding = binding(); c.Binding.Tool = "exec" }, TypeBindingStale, "issued for"},
		{"expired binding", func(c *Check) { c.Binding = binding(); c.Binding.ExpiresAt = now }, TypeBindingStale, "expired"},
		{"descriptor changed", func(c *Check) { c.Binding = binding(); c.Tool.Digest = "d2"; c.Tool.State = StateCandidate }, TypeBindingStale, "descriptor changed"},
		{"tool left the catalog", func(c *Check) { c.Binding = binding(); c.Tool = nil }, TypeCatalogChanged, "left the catalog"},
		{"grant revoked under a binding", func(c *Check) { c.Binding = binding(); c.Grants = nil }, TypeRevoked, "not granted"},
		{"binding presented with another group set", func(c *Check) {
			c.Binding = binding()
			c.Subject.Groups = []string{"contractors", Everyone}
			c.Grants = append(c.Grants, Grant{Group: Everyone, Kind: KindEffects, Value: "read-only"})
		}, TypeBindingStale, "groups"},
		{"binding presented with fewer groups", func(c *Check) { c.Binding = binding(); c.Subject.Groups = nil }, TypeBindingStale, "groups"},
		{"binding presented with the same groups, reordered and repeated", func(c *Check) {
			c.Binding = binding()
			c.Binding.Groups = GroupSetDigest([]string{"staff", "contractors"})
			c.Subject.Groups = []string{"contractors", "staff", "contractors"}
		}, "", ""},
		{"binding of no subject is everyone's", func(c *Check) {
			c.Binding = binding()
			c.Binding.Subject, c.Binding.Groups, c.Subject = "", GroupSetDigest([]string{Everyone}), nil
			c.Grants[0].Group = Everyone
		}, "", ""},
		{"tool rejected under a binding", func(c *Check) { c.Binding = binding(); c.Tool.State = StateRejected }, TypeRevoked, "unavailable"},
		{"tool left the agent under a binding", func(c *Check) { c.Binding = binding(); c.Agent.Declared = []string{"exec"} }, TypeRevoked, "undeclared"},
		{"approval under a binding", func(c *Check) { c.Binding = binding(); c.Grants[0].RequiresApproval = true }, TypeApprovalRequired, "approval"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := baseCheck()
			tt.change(&c)
			d := Decide(c)
			if tt.want == "" {
				if !d.Allow || d.Error != nil {
					t.Fatalf("denied (%v, %s), want allow", d.Error, d.HostReason)
				}
				return
			}
			if d.Allow || d.Error == nil {
				t.Fatalf("allowed, want %s", tt.want)
			}
			if d.Error.Type != tt.want || !strings.Contains(d.HostReason, tt.reason) {
				t.Errorf("got %s (%s), want %s (…%s…)", d.Error.Type, d.HostReason, tt.want, tt.reason)
			}
			if len(d.Error.NextActions) == 0 {
				t.Error("no next actions")
			}
		})
	}
}

// TestUnavailableLooksAlike: the model-visible part of every reason a
// tool is unknown, hidden, undeclared or unavailable is byte-identical,
// and names no tool; only the host reason differs.
func TestUnavailableLooksAlike(t *testing.T) {
	cases := []func(c *Check){
		func(c *Check) { c.ToolID, c.Tool = "nope", nil },
		func(c *Check) { c.Agent.Declared = []string{"exec"} },
		func(c *Check) { c.Agent.Profile = []string{} },
		func(c *Check) { c.Tool.State = StateCandidate },
	}
	var first *Error
	reasons := map[string]bool{}
	for _, change := range cases {
		c := baseCheck()
		change(&c)
		d := Decide(c)
		if d.Error == nil || d.Error.Type != TypeUnavailable {
			t.Fatalf("got %+v, want capability_unavailable", d)
		}
		if strings.Contains(d.Error.Message, c.ToolID) {
			t.Errorf("model-visible message names the tool: %q", d.Error.Message)
		}
		if first == nil {
			first = d.Error
		} else if first.Message != d.Error.Message || !slices.Equal(first.NextActions, d.Error.NextActions) {
			t.Errorf("model-visible answers differ: %+v vs %+v", first, d.Error)
		}
		reasons[d.HostReason] = true
	}
	if len(reasons) != len(cases) {
		t.Errorf("host reasons do not tell the cases apart: %v", reasons)
	}
}

// TestNextActionsAreSafe: no denial suggests escalation, installation, a
// broader scope or a blind retry (calling again once a person approved
// the call is not blind).
func TestNextActionsAreSafe(t *testing.T) {
	safe := []string{ActChooseAlternative, ActAskUser, ActRequestApproval, ActCallWhenApproved, ActBindAgain, ActLoadDescriptor, ActRefreshCatalog, ActFixArguments, ActStop}
	for _, typ := range ErrorTypes {
		d := deny(typ, "")
		for _, a := range d.Error.NextActions {
			if !slices.Contains(safe, a) {
				t.Errorf("%s suggests %q", typ, a)
			}
		}
		if d.Error.Message == "" {
			t.Errorf("%s has no message", typ)
		}
	}
}

func TestConcealHidesWhatPolicyHides(t *testing.T) {
	denied := Deny(TypePermissionDenied, "not granted: x")
	c := Conceal(denied)
	if c.Error.Type != TypeUnavailable || c.HostReason != "not granted: x" {
		t.Fatalf("concealed: %+v", c)
	}
	unknown := Deny(TypeUnavailable, "unknown")
	if j1, j2 := fmt.Sprint(*c.Error), fmt.Sprint(*unknown.Error); j1 != j2 {
		t.Fatalf("model-visible parts differ: %s vs %s", j1, j2)
	}
	for _, typ := range []string{TypeApprovalRequired, TypeRevoked, TypeBindingStale} {
		if got := Conceal(Deny(typ, "r")); got.Error.Type != typ {
			t.Errorf("%s concealed as %s", typ, got.Error.Type)
		}
	}
	if !Conceal(Decision{Allow: true}).Allow {
		t.Error("an allow concealed")
	}
}
