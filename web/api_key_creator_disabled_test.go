package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestADisabledUsersKeyIsRefused: a key made by a user who is now
// disabled gets 401 naming why, and works again once an admin enables
// them. Failed first: the key kept working after its creator was
// disabled.
func TestADisabledUsersKeyIsRefused(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	u, err := h.store.CreateUser(ctx, "admin", models.NewUserInput{Username: "ops2", Password: "some-password-1", Roles: []models.Role{models.RoleAdmin}})
	if err != nil {
		t.Fatal(err)
	}
	key, _, err := h.store.CreateAPIKey(ctx, "ops2", "pipeline")
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.SetDisabled(ctx, "admin", u.ID, true); err != nil {
		t.Fatal(err)
	}
	res, body := h.api("GET", "/api/v1/skills/quarterly-report", key, nil)
	if res.StatusCode != http.StatusUnauthorized || !strings.Contains(string(body), "created this API key is disabled") ||
		!strings.Contains(res.Header.Get("WWW-Authenticate"), "invalid_token") {
		t.Errorf("a disabled user's key: %d %s %q", res.StatusCode, body, res.Header.Get("WWW-Authenticate"))
	}
	if err := h.store.SetDisabled(ctx, "admin", u.ID, false); err != nil {
		t.Fatal(err)
	}
	if res, body := h.api("GET", "/api/v1/skills/quarterly-report", key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("the key once its creator is enabled: %d %s", res.StatusCode, body)
	}
}
