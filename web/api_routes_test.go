package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

func TestAPIKeysScopeRevocationAndConsoleRoutes(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	key := h.apiKey()
	// a key with another scope is refused
	odd, k, _ := h.store.CreateAPIKey(ctx, "test", "odd")
	h.store.Exec(ctx, "UPDATE api_keys SET scope = 'none' WHERE id = ?", k.ID)
	if res, _ := h.api("GET", "/api/v1/skills/quarterly-report", odd, nil); res.StatusCode != http.StatusForbidden {
		t.Errorf("scope-less key: %d", res.StatusCode)
	}
	// a key on a state-changing console route is refused, and changes nothing
	for _, path := range []string{"/proposals/5/promote", "/proposals/5/reviews", "/skills/source-check/rollback", "/profiles/data-analyst", "/users"} {
		req, _ := http.NewRequest("POST", h.srv.URL+path, strings.NewReader("kind=approve"))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		res, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized && res.StatusCode != http.StatusForbidden {
			t.Errorf("key on POST %s: %d", path, res.StatusCode)
		}
	}
	p, _ := h.store.ProposalByID(ctx, 5)
	if p.Status != models.ProposalOpen {
		t.Fatal("an API key changed a proposal")
	}
	// revoke through the admin page: the key stops working
	admin := h.login("admin", adminPassword)
	ks, _ := h.store.APIKeys(ctx)
	var id uint
	for _, k := range ks {
		if k.Prefix == key[:len(k.Prefix)] {
			id = k.ID
		}
	}
	if res, _ := admin.post("/apikeys/"+itoa(id)+"/revoke", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revoke: %d", res.StatusCode)
	}
	if res, _ := h.api("GET", "/api/v1/skills/quarterly-report", key, nil); res.StatusCode != http.StatusUnauthorized {
		t.Errorf("revoked key: %d", res.StatusCode)
	}
	// the admin page shows a new key once and stores only its hash
	_, page := admin.post("/apikeys", url.Values{"name": {"pipeline"}})
	secret := strings.TrimSpace(page.Find(`#new-key`).Text())
	if !strings.HasPrefix(secret, models.APIKeyPrefix) {
		t.Fatalf("new key not shown: %q", secret)
	}
	var n int64
	h.store.Exec(ctx, "SELECT 1")
	ks, _ = h.store.APIKeys(ctx)
	for _, k := range ks {
		if strings.Contains(k.Hash, secret) || k.Hash == secret {
			n++
		}
	}
	if n != 0 {
		t.Error("the key is stored in clear")
	}
	if res, _ := h.api("GET", "/api/v1/skills/quarterly-report", secret, nil); res.StatusCode != http.StatusOK {
		t.Errorf("new key: %d", res.StatusCode)
	}
}

func TestAPIRateLimit(t *testing.T) {
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), APIRate: 1, APIBurst: 3})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.apiKey()
	codes := map[int]int{}
	for i := 0; i < 6; i++ {
		res, _ := h.api("GET", "/api/v1/skills/quarterly-report", key, nil)
		codes[res.StatusCode]++
	}
	if codes[429] == 0 || codes[200] == 0 {
		t.Fatalf("codes %v: want some 200 then 429", codes)
	}
}

// TestOpenAPIMatchesRoutes: every /api/v1 route is documented and every
// documented path is a route.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	h := sqliteOnly(t)
	res, body := h.api("GET", "/api/v1/openapi.json", "", nil)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("openapi: %d", res.StatusCode)
	}
	var doc struct {
		OpenAPI string                               `json:"openapi"`
		Paths   map[string]map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(body, &doc); err != nil || doc.OpenAPI != "3.1.0" {
		t.Fatalf("doc: %v %s", err, doc.OpenAPI)
	}
	documented := map[string]bool{}
	for p, ops := range doc.Paths {
		for m := range ops {
			documented[strings.ToUpper(m)+" /api/v1"+p] = true
		}
	}
	param := regexp.MustCompile(`:([a-z]+)`)
	real := map[string]bool{}
	for _, r := range h.app.routes {
		if strings.HasPrefix(r.path, "/api/v1/") {
			real[r.method+" "+param.ReplaceAllString(r.path, "{$1}")] = true
		}
	}
	var missing []string
	for k := range real {
		if !documented[k] {
			missing = append(missing, "undocumented "+k)
		}
	}
	for k := range documented {
		if !real[k] {
			missing = append(missing, "documented but not routed "+k)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Fatal(missing)
	}
}
