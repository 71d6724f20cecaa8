package web

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/agentforge/console/models"
)

// TestToolSearchHonoursGrants: GET /api/v1/tools/search searches the same
// authorized set as runs/search: a tool removed from a group's grants
// never appears in that group's search (subject_groups; absent: everyone),
// while a group that keeps the grant still finds it.
func TestToolSearchHonoursGrants(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	names := func(path string) map[string]bool {
		t.Helper()
		res, body := h.api(http.MethodGet, path, key, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.StatusCode, body)
		}
		var out struct {
			Tools []struct{ Name string } `json:"tools"`
		}
		if err := json.Unmarshal(body, &out); err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for _, tl := range out.Tools {
			got[tl.Name] = true
		}
		return got
	}
	const q = "/api/v1/tools/search?agent=analyst&limit=25&q=run+python+program"
	if !names(q)["exec"] {
		t.Fatal("everyone does not find exec before the revocation")
	}
	if names(q + "&subject_groups=contractors")["exec"] {
		t.Error("contractors (no exec grant) find exec")
	}
	if _, err := h.store.ChangeGrants(context.Background(), "admin", "everyone", false, []models.GrantSpec{{Kind: "effects", Value: "workspace-write"}}, nil); err != nil {
		t.Fatal(err)
	}
	if names(q)["exec"] {
		t.Error("after `grant remove everyone --effects workspace-write` search still returns exec")
	}
	if names(q + "&subject_groups=everyone")["exec"] {
		t.Error("subject_groups=everyone still finds exec")
	}
	for _, bad := range []string{"&subject_groups=", "&subject_groups=a,,b"} {
		res, body := h.api(http.MethodGet, q+bad, key, nil)
		if res.StatusCode != http.StatusBadRequest || !json.Valid(body) || !containsField(body, "subject_groups") {
			t.Errorf("%s: %d %s, want 400 naming subject_groups", bad, res.StatusCode, body)
		}
	}
}

func containsField(body []byte, field string) bool {
	var e struct {
		Error struct {
			Field string `json:"field"`
		} `json:"error"`
	}
	return json.Unmarshal(body, &e) == nil && e.Error.Field == field
}
