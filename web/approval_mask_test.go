package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestApprovalViewMasksBySchemaAndShape: the
// reviewer's view of a request's arguments masks what the tool's reviewed
// schema marks secret (writeOnly, format: password) and credentials
// written into free text, whatever the argument's name; such a call can
// never be approved (nobody approves what they cannot see), so it files
// no request.
func TestApprovalViewMasksBySchemaAndShape(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		doc := `{"tools":[{"name":"login","description":"Log in to the vault.","annotations":{"readOnlyHint":true},"inputSchema":{"type":"object","properties":{
			"user":{"type":"string"},"pin":{"type":"string","format":"password"},"seed":{"type":"string","writeOnly":true},"note":{"type":"string"}}}}]}`
		cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "vault")
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		h.addUser("reviewer", models.RoleReviewer)
		h.storeAvailable("vault", cs)
		known := map[string]bool{}
		tools, _ := h.store.Tools(context.Background())
		for _, t := range tools {
			known[t.ID] = true
		}
		if _, err := h.store.CreateAgent(context.Background(), "admin", models.AgentInput{Slug: "vaulter", Name: "Vaulter", Declared: []string{"vault.login"}, Services: []string{"vault"}}, known); err != nil {
			t.Fatal(err)
		}
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "read-only"})
		h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "vault.login", RequiresApproval: true})
		key := h.runtimeKey()
		args := map[string]any{"user": "sam", "pin": "4711", "seed": "plain-seed-words", "note": "push with ghp_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7C"}
		_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "vaulter", "tool": "vault.login",
			"subject":   map[string]any{"id": "sam", "groups": []string{authority.Everyone}},
			"arguments": args})
		var d struct {
			Error struct{ Type, Approval, Message string }
		}
		_ = json.Unmarshal(raw, &d)
		// a view that masks a value can never be approved: nothing is filed
		if d.Error.Approval != "" || !strings.Contains(d.Error.Message, "can never be approved") {
			t.Fatalf("authorize: %s", raw)
		}
		canonical, _ := json.Marshal(args)
		a := struct{ ArgsView string }{authority.ArgumentsViewFor(canonical, &cs[0])}
		for _, secret := range []string{"4711", "plain-seed-words", "ghp_Ab3d"} {
			if strings.Contains(a.ArgsView, secret) {
				t.Errorf("the reviewer's view shows %q:\n%s", secret, a.ArgsView)
			}
		}
		if !strings.Contains(a.ArgsView, `"user": "sam"`) || !strings.Contains(a.ArgsView, "push with ") {
			t.Errorf("the reviewer's view lost the plain arguments:\n%s", a.ArgsView)
		}
	})
}
