package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
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

// TestToolSearchGroupsMessageStatesTheRule: a refused subject_groups says
// the rule that refused it (the group-name pattern, as subject.groups
// does), never a limit of its own: a 100-byte name is refused, a name of
// the longest allowed length is not.
func TestToolSearchGroupsMessageStatesTheRule(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	const q = "/api/v1/tools/search?agent=analyst&q=chart&subject_groups="
	long := strings.Repeat("g", 100)
	res, body := h.api(http.MethodGet, q+long, key, nil)
	e := apiErrorOf(t, body)
	if res.StatusCode != http.StatusBadRequest || e.Field != "subject_groups" || !strings.Contains(e.Message, authority.GroupRule()) {
		t.Errorf("a 100-byte group: %d %s, want 400 naming subject_groups and stating %s", res.StatusCode, body, authority.GroupRule())
	}
	if res, body := h.api(http.MethodGet, q+strings.Repeat("g", authority.MaxGroupName), key, nil); res.StatusCode != http.StatusOK {
		t.Errorf("a %d-byte group: %d %s", authority.MaxGroupName, res.StatusCode, body)
	}
}
