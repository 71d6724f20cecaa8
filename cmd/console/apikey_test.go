package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web"
)

// TestAPIKeyListAndRevoke: `console apikey list` shows every key (id,
// name, prefix, scope, creator, state, never the secret); `console apikey
// revoke ID` revokes it for good, audited under --as, and a serving
// console refuses the key on the API and the gateway once its key cache
// (half a second) has passed; a second revoke, an unknown id and a bad id
// are clear errors.
func TestAPIKeyListAndRevoke(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	out, err := runCLI(t, db, "apikey", "create", "ci-bot", "--scope", "runtime", "--as", "admin")
	if err != nil {
		t.Fatalf("create: %v %s", err, out)
	}
	secret := regexp.MustCompile(models.APIKeyPrefix + `\S+`).FindString(out)
	out, err = runCLI(t, db, "apikey", "list")
	if err != nil || !strings.Contains(out, "ci-bot") || !strings.Contains(out, "runtime") || !strings.Contains(out, "active") || strings.Contains(out, secret) {
		t.Fatalf("list: %v\n%s", err, out)
	}
	id := regexp.MustCompile(`(?m)^(\d+)\s+ci-bot`).FindStringSubmatch(out)
	if id == nil {
		t.Fatalf("list names no id for ci-bot:\n%s", out)
	}
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	srv := httptest.NewServer(web.New(store, meter.New(1000), web.Config{}).Handler())
	defer srv.Close()
	call := func(path, key string) int {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if key != "" {
			req.Header.Set("Authorization", "Bearer "+key)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	// Before the revoke the key gets in on both: the API answers, and the
	// gateway, which refuses a GET without a key (401), gets as far as
	// the method (405). So a 401 after the revoke is the revoke's doing.
	for path, want := range map[string]int{"/api/v1/connections": http.StatusOK, "/mcp/researcher": http.StatusMethodNotAllowed} {
		if got := call(path, ""); got != http.StatusUnauthorized {
			t.Fatalf("%s without a key: %d, want 401", path, got)
		}
		if got := call(path, secret); got != want {
			t.Fatalf("%s with the new key: %d, want %d", path, got, want)
		}
	}
	if out, err := runCLI(t, db, "apikey", "revoke", id[1], "--as", "admin"); err != nil || !strings.Contains(out, "revoked") {
		t.Fatalf("revoke: %v %s", err, out)
	}
	// The serving console's key cache lets the key in for up to half a
	// second more: poll (bounded) until each path refuses it.
	deadline := time.Now().Add(5 * time.Second)
	for _, path := range []string{"/api/v1/connections", "/mcp/researcher"} {
		for got := call(path, secret); got != http.StatusUnauthorized; got = call(path, secret) {
			if time.Now().After(deadline) {
				t.Errorf("%s with a revoked key: %d 5 s after the revoke, want 401", path, got)
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if out, _ := runCLI(t, db, "apikey", "list"); !strings.Contains(out, "revoked") {
		t.Errorf("list does not show the key revoked:\n%s", out)
	}
	events, _, _ := store.AuditEvents(ctx, models.AuditFilter{Subject: "apikey:" + id[1]})
	audited := false
	for _, e := range events {
		audited = audited || (e.Action == "apikey.revoke" && e.Actor == "admin")
	}
	if !audited {
		t.Error("the revoke is not audited under --as")
	}
	for args, code := range map[string]int{"revoke " + id[1]: 1, "revoke 9999": 1, "revoke abc": 2, "revoke": 2} {
		_, err := runCLI(t, db, append(append([]string{"apikey"}, strings.Fields(args)...), "--as", "admin")...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != code || !strings.Contains(err.Error(), "ID") {
			t.Errorf("apikey %s: %v, want exit %d naming ID", args, err, code)
		}
	}
}
