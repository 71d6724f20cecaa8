package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
)

// TestComposeForSubject: POST /api/v1/compose with a subject composes the
// effective roster requested ∩ delegated ∩ authorized ∩ available; what
// the subject is not granted is neither in the roster nor a lever, and
// dropped[] names the authorized set.
func TestComposeForSubject(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	type result struct {
		Roster  []string `json:"roster"`
		Levers  []struct{ ID string }
		Dropped []struct{ ID, Set, Reason string }
		Text    string `json:"text"`
	}
	compose := func(body string) result {
		res, out := h.api("POST", "/api/v1/compose", key, body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", body, res.StatusCode, out)
		}
		var r result
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	has := func(ids []string, id string) bool {
		for _, x := range ids {
			if x == id {
				return true
			}
		}
		return false
	}
	everyone := compose(`{"agent":"analyst"}`)
	narrowed := compose(`{"agent":"analyst","subject":{"id":"u1","groups":["contractors"]}}`)
	if !has(everyone.Roster, "exec") || has(narrowed.Roster, "exec") {
		t.Fatalf("exec: everyone %v, contractors %v", everyone.Roster, narrowed.Roster)
	}
	if !has(narrowed.Roster, "workspace_write") || !has(narrowed.Roster, "render_chart") {
		t.Errorf("granted tools missing for contractors: %v", narrowed.Roster)
	}
	for _, l := range narrowed.Levers {
		if l.ID == "tool:exec" {
			t.Error("a tool the subject can never have is offered as a lever")
		}
	}
	found := false
	for _, d := range narrowed.Dropped {
		if d.ID == "exec" {
			found = d.Set == instruction.SetAuthorized
		}
	}
	if !found {
		t.Errorf("dropped %+v does not name the authorized set for exec", narrowed.Dropped)
	}
	if strings.Contains(narrowed.Text, "code channel") {
		t.Error("the contractor's instruction teaches the code channel")
	}
	// an empty set stays empty: a subject in no group is offered nothing
	if r := compose(`{"agent":"analyst","subject":{"id":"u2","groups":[]}}`); len(r.Roster) != 0 {
		t.Errorf("subject without groups: roster %v", r.Roster)
	}
	for body, field := range map[string]string{
		`{"agent":"analyst","subject":{"id":"u1","groups":["No Such"]}}`:         "subject.groups",
		`{"subject":{"id":"u1","groups":["contractors"]},"tools":["read_file"]}`: "agent",
		`{"agent":"analyst","subject":{"groups":["contractors"]}}`:               "subject.id",
	} {
		res, out := h.api("POST", "/api/v1/compose", key, body)
		if res.StatusCode != 400 || !strings.Contains(string(out), `"field":"`+field+`"`) {
			t.Errorf("%s: %d %s, want 400 naming %s", body, res.StatusCode, out, field)
		}
	}
}
