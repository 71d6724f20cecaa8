package replicas

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// checkGrantRevocation: a contractor's call is allowed on B; the grant is
// removed from the command line (a third process); B's very next check is
// denied with a structured error, and so is A's.
func checkGrantRevocation(t *testing.T, c *cluster, admin *browser) {
	out, err := c.cli("apikey", "create", "runtime-check", "--scope", "runtime")
	if err != nil {
		t.Fatalf("runtime key: %v %s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	check := func(r int) (decision, typ string) {
		body := `{"agent":"analyst","tool":"load_table","subject":{"id":"c1","groups":["contractors"]}}`
		for attempt := 0; ; attempt++ {
			req, _ := http.NewRequest(http.MethodPost, c.base[r]+"/api/v1/authorize", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+key)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode == http.StatusTooManyRequests && attempt < 20 {
				time.Sleep(400 * time.Millisecond) // the replicas run with a low rate
				continue
			}
			var d struct {
				Decision string `json:"decision"`
				Error    *struct {
					Type string `json:"type"`
				} `json:"error"`
			}
			if res.StatusCode != http.StatusOK || json.Unmarshal(b, &d) != nil {
				t.Fatalf("authorize on replica %d: %d %s", r, res.StatusCode, b)
			}
			if d.Error != nil {
				typ = d.Error.Type
			}
			return d.Decision, typ
		}
	}
	if d, typ := check(1); d != "allow" {
		t.Fatalf("before the revocation B answers %s (%s)", d, typ)
	}
	if out, err := c.cli("grant", "remove", "contractors", "--effects", "read-only"); err != nil {
		t.Fatalf("grant remove: %v %s", err, out)
	}
	for r := 1; r >= 0; r-- {
		if d, typ := check(r); d != "deny" || typ != "capability_unavailable" {
			t.Fatalf("replica %d's next check after the revocation: %s (%s), want deny (capability_unavailable: the tool is now hidden from the subject)", r, d, typ)
		}
	}
}

// runtimeCall posts body to replica r's path with key, retrying the
// replicas' low rate limit, and returns the status and the decoded answer;
// a failed request fails the test.
func (c *cluster) runtimeCall(t *testing.T, r int, key, path, body string) (int, map[string]any) {
	t.Helper()
	status, out, err := c.tryRuntimeCall(r, key, path, body)
	if err != nil {
		t.Fatal(err)
	}
	return status, out
}

// tryRuntimeCall is runtimeCall returning a failed request's error, for
// goroutines (which must not end the test).
func (c *cluster) tryRuntimeCall(r int, key, path, body string) (int, map[string]any, error) {
	for attempt := 0; ; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, c.base[r]+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, nil, err
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests && attempt < 20 {
			time.Sleep(400 * time.Millisecond)
			continue
		}
		var out map[string]any
		_ = json.Unmarshal(b, &out)
		return res.StatusCode, out, nil
	}
}

// errType is a decision's error type ("" for allow).
func errType(d map[string]any) string {
	if e, ok := d["error"].(map[string]any); ok {
		s, _ := e["type"].(string)
		return s
	}
	return ""
}

// checkBindingAndToolRevocation: a binding made and allowed on B is
// revoked by an admin on A: B's next check with it is capability_revoked.
// A reviewer rejects a tool on A: B's next check of it is
// capability_unavailable, the ledger state only in host_reason.
func checkBindingAndToolRevocation(t *testing.T, c *cluster, admin *browser) {
	ctx := context.Background()
	admin.signIn(c.base[0], "admin", adminPassword) // an earlier check signed out
	out, err := c.cli("apikey", "create", "runtime-bindings", "--scope", "runtime")
	if err != nil {
		t.Fatalf("runtime key: %v %s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	st, b := c.runtimeCall(t, 1, key, "/api/v1/bindings", `{"agent":"analyst","tool":"load_table","ttl_seconds":600}`)
	handle, _ := b["handle"].(string)
	if st != http.StatusCreated || handle == "" {
		t.Fatalf("bind on B: %d %v", st, b)
	}
	bound := `{"agent":"analyst","tool":"load_table","binding":"` + handle + `"}`
	if _, d := c.runtimeCall(t, 1, key, "/api/v1/authorize", bound); d["decision"] != "allow" {
		t.Fatalf("B's bound check before: %v", d)
	}
	bs, err := c.store.LiveBindings(ctx, models.BindingFilter{Tool: "load_table"}, time.Now(), 10)
	if err != nil || len(bs) != 1 {
		t.Fatalf("live bindings: %v %v", bs, err)
	}
	if res, _ := admin.post(c.base[0], fmt.Sprintf("/bindings/%d/revoke", bs[0].ID), url.Values{"back": {"/checks"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revoke on A: %d", res.StatusCode)
	}
	if _, d := c.runtimeCall(t, 1, key, "/api/v1/authorize", bound); d["decision"] != "deny" || errType(d) != "capability_revoked" || !strings.Contains(fmt.Sprint(d["host_reason"]), "revoked by admin") {
		t.Fatalf("B's next bound check after A revoked the binding: %v", d)
	}

	plain := `{"agent":"analyst","tool":"render_chart"}`
	if _, d := c.runtimeCall(t, 1, key, "/api/v1/authorize", plain); d["decision"] != "allow" {
		t.Fatalf("B's check of render_chart before: %v", d)
	}
	tool, err := c.store.ToolByID(ctx, "render_chart")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := admin.post(c.base[0], "/catalog/tools/render_chart/classify", url.Values{"decision": {"rejected"}, "digest": {tool.Digest}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("reject on A: %d", res.StatusCode)
	}
	if _, d := c.runtimeCall(t, 1, key, "/api/v1/authorize", plain); d["decision"] != "deny" || errType(d) != "capability_unavailable" || !strings.Contains(fmt.Sprint(d["host_reason"]), "rejected") {
		t.Fatalf("B's next check after A rejected the tool: %v", d)
	}
}
