package authority

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority/credential"
	"github.com/agentforge/console/instruction/authority/credential/credentialtest"
)

// TestApprovalSecretNamesAgree: an argument, a "Name: value" line and a
// {"name" or "key": …, "value": …} pair shown for approval are masked by
// the one name rule every other path uses, at an argument's strength (the
// shared table's Argument answer); the name stays shown, a pair's "key"
// too.
func TestApprovalSecretNamesAgree(t *testing.T) {
	const value = "plainvalue"
	for _, c := range credentialtest.Names {
		t.Run(c.Name, func(t *testing.T) {
			for _, args := range []any{
				map[string]any{c.Name: value},
				map[string]any{"header": c.Name + ": " + value},
				map[string]any{"env": []any{map[string]any{"name": c.Name, "value": value}}},
				map[string]any{"headers": []any{map[string]any{"key": c.Name, "value": value}}},
			} {
				b, _ := json.Marshal(args)
				view := ArgumentsView(b)
				if got := !strings.Contains(view, value); got != c.Argument {
					t.Errorf("%s masked = %v, want %v: %s", b, got, c.Argument, view)
				}
				if c.Argument && !strings.Contains(view, c.Name) {
					t.Errorf("%s: the name is not shown: %s", b, view)
				}
			}
		})
	}
}

// TestShortMarkArgumentsStayApprovable: an argument whose name ends in a
// short mark (an object's key, a Jira issue key, a sort key, a DSN) is
// shown, so the call can be approved, unless its value has a
// credential's shape; a bare short mark's random token run is masked too.
func TestShortMarkArgumentsStayApprovable(t *testing.T) {
	for _, args := range []string{
		`{"bucket":"b","key":"reports/q3.pdf"}`, `{"table":"orders","sort_key":"created_at"}`,
		`{"projectKey":"PROJ","issueKey":"PROJ-12","issue_key":"PROJ-13"}`, `{"partition_key":"tenant_id"}`,
		`{"pass":2,"mode":"fast"}`, `{"dsn":"postgres://db.internal/app"}`, `{"$skiptoken":"page-2"}`,
		`{"changeKey":"c-1","configKey":"theme","idempotencyKey":"order-42-retry","basic_auth":false}`,
		`{"name":"idx","key":{"field":1}}`, `{"key":"DATABASE_URL","value":"postgres://db.internal/app"}`,
	} {
		if r := ArgumentsViewReport([]byte(args), "", nil); r.Hides {
			t.Errorf("%s hides: %s", args, r.Text)
		}
	}
	for args, hidden := range map[string]string{
		`{"key":"Zk29fj3LqPw8Xn4Rt7Vb"}`:                          "Zk29fj3LqPw8Xn4Rt7Vb",
		`{"sort_key":"ghp_0123456789abcdefABCDEF0123456789abcd"}`: "ghp_0123456789abcdefABCDEF0123456789abcd",
		`{"api_key":"plainvalue"}`:                                "plainvalue",
		`{"password":"hunter2"}`:                                  "hunter2",
	} {
		if r := ArgumentsViewReport([]byte(args), "", nil); !r.Hides || strings.Contains(r.Text, hidden) {
			t.Errorf("%s is shown: %s", args, r.Text)
		}
	}
	if !credential.NamedValue("projectKey", "ghp_0123456789abcdefABCDEF0123456789abcd") {
		t.Error("a credential under a short mark is not a secret")
	}
}
