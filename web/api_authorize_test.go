package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

func (h *harness) runtimeKey() string {
	h.t.Helper()
	secret, _, err := h.store.CreateScopedAPIKey(context.Background(), "test", fmt.Sprintf("runtime-%d", keySeq.Add(1)), models.ScopeRuntime)
	if err != nil {
		h.t.Fatal(err)
	}
	return secret
}

type decisionJSON struct {
	Decision string `json:"decision"`
	Tool     *struct {
		ID, Version, Digest string
	} `json:"tool"`
	Error *struct {
		Type        string   `json:"type"`
		Message     string   `json:"message"`
		NextActions []string `json:"next_actions"`
	} `json:"error"`
	HostReason string `json:"host_reason"`
}

func (h *harness) authorize(key string, body any) decisionJSON {
	h.t.Helper()
	res, out := h.api("POST", "/api/v1/authorize", key, body)
	if res.StatusCode != http.StatusOK {
		h.t.Fatalf("authorize %v: %d %s", body, res.StatusCode, out)
	}
	var d decisionJSON
	if err := json.Unmarshal(out, &d); err != nil {
		h.t.Fatal(err)
	}
	return d
}

func contractor(id string) map[string]any {
	return map[string]any{"id": id, "groups": []string{"contractors"}}
}

func TestAuthorizeDecisions(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		type tc struct {
			name             string
			body             map[string]any
			want, hostReason string
		}
		for _, c := range []tc{
			{"no subject is everyone", map[string]any{"agent": "analyst", "tool": "exec"}, "allow", ""},
			{"contractor reads", map[string]any{"agent": "analyst", "tool": "read_spreadsheet", "subject": contractor("u1")}, "allow", ""},
			{"contractor runs code", map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("u1")}, authority.TypeUnavailable, "not granted"},
			{"contractor writes", map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u1")}, authority.TypeApprovalRequired, "approval"},
			{"subject with no groups", map[string]any{"agent": "analyst", "tool": "sql_query", "subject": map[string]any{"id": "u2"}}, authority.TypeUnavailable, "not granted"},
			{"unknown tool", map[string]any{"agent": "analyst", "tool": "launch_rockets"}, authority.TypeUnavailable, "unknown"},
			{"undeclared tool", map[string]any{"agent": "analyst", "tool": "web_search"}, authority.TypeUnavailable, "undeclared"},
			{"hidden by the profile", map[string]any{"agent": "analyst", "profile": "document-analysis", "tool": "exec"}, authority.TypeUnavailable, "hidden"},
			{"unknown binding", map[string]any{"agent": "analyst", "tool": "read_file", "binding": "afb_nope"}, authority.TypeBindingStale, "unknown"},
		} {
			d := h.authorize(key, c.body)
			got := d.Decision
			if d.Error != nil {
				got = d.Error.Type
			}
			if got != c.want || !strings.Contains(d.HostReason, c.hostReason) {
				t.Errorf("%s: %s (%s), want %s (…%s…)", c.name, got, d.HostReason, c.want, c.hostReason)
			}
			if got == "allow" && (d.Tool == nil || d.Tool.Digest == "") {
				t.Errorf("%s: allow without the tool's digest", c.name)
			}
			if d.Error != nil && strings.Contains(d.Error.Message, c.body["tool"].(string)) {
				t.Errorf("%s: the model-visible message names the tool", c.name)
			}
		}
		// bad input: 4xx naming the field, and scopes
		for _, c := range []struct {
			body   string
			key    string
			status int
			field  string
		}{
			{`{"tool":"exec"}`, key, 400, "agent"},
			{`{"agent":"analyst"}`, key, 400, "tool"},
			{`{"agent":"analyst","tool":"exec","subject":{"id":"u1","groups":["Bad Group"]}}`, key, 400, "subject.groups"},
			{`{"agent":"analyst","tool":"exec","extra":1}`, key, 400, "extra"},
			{`{"agent":"analyst","tool":"exec","ttl_seconds":5}`, key, 400, "ttl_seconds"},
			{`{"agent":"nobody","tool":"exec"}`, key, 404, "agent"},
			{`{"agent":"analyst","profile":"nope","tool":"exec"}`, key, 404, "profile"},
			{`{"agent":"analyst","tool":"exec"}`, h.apiKey(), 403, "Authorization"},
			{`{"agent":"analyst","tool":"exec"}`, "", 401, "Authorization"},
		} {
			res, out := h.api("POST", "/api/v1/authorize", c.key, c.body)
			var e struct{ Error struct{ Field string } }
			_ = json.Unmarshal(out, &e)
			if res.StatusCode != c.status || e.Error.Field != c.field {
				t.Errorf("%s: %d field %q, want %d %q (%s)", c.body, res.StatusCode, e.Error.Field, c.status, c.field, out)
			}
		}
		// every check is counted per agent, tool and group, outside the audit chain
		if err := h.app.counters.flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		cs, _ := h.store.CheckCounters(context.Background(), "analyst", 100)
		got := map[string]int64{}
		for _, c := range cs {
			got[c.Tool+"/"+c.GroupName+"/"+c.Outcome] = c.Count
		}
		for k, n := range map[string]int64{"exec/everyone/allow": 1, "exec/contractors/permission_denied": 1, "(unknown)/everyone/capability_unavailable": 1, "sql_query/(none)/permission_denied": 1} {
			if got[k] != n {
				t.Errorf("counter %s = %d, want %d (all: %v)", k, got[k], n, got)
			}
		}
		if evs, _, _ := h.store.AuditEvents(context.Background(), models.AuditFilter{Action: "authorize"}); len(evs) != 0 {
			t.Error("checks reached the audit log")
		}
	})
}

func (h *harness) bind(key string, body map[string]any) string {
	h.t.Helper()
	res, out := h.api("POST", "/api/v1/bindings", key, body)
	if res.StatusCode != http.StatusCreated {
		h.t.Fatalf("bind %v: %d %s", body, res.StatusCode, out)
	}
	var b struct {
		Handle           string    `json:"handle"`
		DescriptorDigest string    `json:"descriptor_digest"`
		ExpiresAt        time.Time `json:"expires_at"`
	}
	if err := json.Unmarshal(out, &b); err != nil || !strings.HasPrefix(b.Handle, models.BindingPrefix) || b.DescriptorDigest == "" || b.ExpiresAt.IsZero() {
		h.t.Fatalf("binding %s: %v", out, err)
	}
	return b.Handle
}

// TestBindingInvalidation: a check with a binding refuses it for each
// cause — released, expired, another subject, descriptor changed, grant
// revoked, tool rejected, tool left the agent — with the seed's type.
func TestBindingInvalidation(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		call := func(tool, handle string) map[string]any {
			return map[string]any{"agent": "analyst", "tool": tool, "subject": contractor("u1"), "binding": handle}
		}
		bindNew := func(tool string) string {
			b := call(tool, "")
			delete(b, "binding")
			b["ttl_seconds"] = 600
			return h.bind(key, b)
		}
		expect := func(cause string, body map[string]any, want, reason string) {
			t.Helper()
			d := h.authorize(key, body)
			got := d.Decision
			if d.Error != nil {
				got = d.Error.Type
			}
			if got != want || !strings.Contains(d.HostReason, reason) {
				t.Errorf("%s: %s (%s), want %s (…%s…)", cause, got, d.HostReason, want, reason)
			}
		}
		// a denied binding is 403 with the structured error (a tool not granted is hidden: capability_unavailable)
		if res, out := h.api("POST", "/api/v1/bindings", key, map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("u1")}); res.StatusCode != 403 || !strings.Contains(string(out), authority.TypeUnavailable) {
			t.Errorf("binding a denied tool: %d %s", res.StatusCode, out)
		}
		hd := bindNew("sql_query")
		expect("valid", call("sql_query", hd), "allow", "")
		expect("another subject", map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u9"), "binding": hd}, authority.TypeBindingStale, "issued for")
		expect("another tool", call("load_table", hd), authority.TypeBindingStale, "issued for")
		if res, _ := h.api("DELETE", "/api/v1/bindings/"+hd, key, nil); res.StatusCode != 204 {
			t.Fatalf("release: %d", res.StatusCode)
		}
		if res, _ := h.api("DELETE", "/api/v1/bindings/"+hd, key, nil); res.StatusCode != 404 {
			t.Fatalf("second release: %d", res.StatusCode)
		}
		expect("released", call("sql_query", hd), authority.TypeBindingStale, "unknown")

		hd = bindNew("sql_query")
		if err := h.store.Exec(ctx, "UPDATE bindings SET expires_at = ?", time.Now().Add(-time.Second).UTC()); err != nil {
			t.Fatal(err)
		}
		expect("expired", call("sql_query", hd), authority.TypeBindingStale, "expired")

		// grant revoked: contractors lose read-only
		hd = bindNew("load_table")
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
			t.Fatal(err)
		}
		expect("grant revoked", call("load_table", hd), authority.TypeRevoked, "not granted")
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", true, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
			t.Fatal(err)
		}
		expect("grant restored: the invalidation stays", call("load_table", hd), authority.TypeRevoked, "invalidated at")
		hd = bindNew("load_table")

		// the tool left the agent
		a, _ := h.store.AgentBySlug(ctx, "analyst")
		var declared []string
		for _, id := range a.Declared() {
			if id != "load_table" {
				declared = append(declared, id)
			}
		}
		snap, _ := h.app.snapshot(ctx)
		if _, err := h.store.UpdateAgent(ctx, "admin", "analyst", a.Version, models.AgentInput{Name: a.Name, Description: a.Description, Declared: declared, Services: a.Services(), DefaultProfile: "data-analyst"}, snap.KnownTools()); err != nil {
			t.Fatal(err)
		}
		expect("tool left the agent", call("load_table", hd), authority.TypeRevoked, "undeclared")

		// the tool was rejected
		hd = bindNew("read_spreadsheet")
		rs, _ := h.store.ToolByID(ctx, "read_spreadsheet")
		if err := h.store.ClassifyTool(ctx, "rita", rs.ID, rs.Digest, authority.StateRejected, models.Classification{}); err != nil {
			t.Fatal(err)
		}
		expect("tool rejected", call("read_spreadsheet", hd), authority.TypeRevoked, "unavailable")

		// the descriptor changed: back to candidate, the binding is stale
		hd = bindNew("describe_table")
		dt, _ := h.store.ToolByID(ctx, "describe_table")
		c, _ := dt.Parsed()
		c.Purpose += " Now also counts nulls."
		if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
			t.Fatal(err)
		}
		expect("descriptor changed", call("describe_table", hd), authority.TypeBindingStale, "descriptor changed")
		expect("descriptor changed, no binding", map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("u1")}, authority.TypeUnavailable, "unavailable")
		if evs, _, _ := h.store.AuditEvents(ctx, models.AuditFilter{Action: "binding.create"}); len(evs) != 6 {
			t.Errorf("%d binding.create audit events, want 6", len(evs))
		}
	})
}
