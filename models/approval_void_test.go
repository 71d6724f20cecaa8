package models_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// voidFixture files pending requests on a seeded store, as a runtime
// would (its subject's groups recorded).
type voidFixture struct {
	t     *testing.T
	s     *models.Store
	agent string
}

func newVoidFixture(t *testing.T, d modelstest.Dialect) voidFixture {
	t.Helper()
	s := modelstest.OpenSeeded(t, d, "a-long-admin-password", nil)
	var agent struct{ Slug string }
	if err := s.RawScan(context.Background(), &agent, "SELECT slug FROM agents ORDER BY id LIMIT 1"); err != nil || agent.Slug == "" {
		t.Fatalf("a seeded agent: %q %v", agent.Slug, err)
	}
	return voidFixture{t: t, s: s, agent: agent.Slug}
}

// file files a pending request for subject (in groups) to call tool
// through key (0: none).
func (f voidFixture) file(subject, groups, tool string, key uint) string {
	f.t.Helper()
	var digest struct{ Digest string }
	if err := f.s.RawScan(context.Background(), &digest, "SELECT digest FROM tools WHERE id = ?", tool); err != nil || digest.Digest == "" {
		f.t.Fatalf("tool %s: %q %v", tool, digest.Digest, err)
	}
	a, _, err := f.s.RequestApproval(context.Background(), "apikey", models.Approval{Agent: f.agent, Subject: subject, GroupsJSON: groups, Tool: tool,
		Digest: digest.Digest, Origin: models.OriginRuntime, Summary: "one call", KeyID: key})
	if err != nil {
		f.t.Fatal(err)
	}
	return a.Ref
}

// state is ref's status and void reason.
func (f voidFixture) state(ref string) (string, string) {
	f.t.Helper()
	a, err := f.s.ApprovalByRef(context.Background(), ref)
	if err != nil {
		f.t.Fatal(err)
	}
	return a.Status, a.VoidReason
}

// voidAudits counts ref's approval.void events whose detail holds cause.
func (f voidFixture) voidAudits(ref, cause string) int {
	f.t.Helper()
	evs, _, err := f.s.AuditEvents(context.Background(), models.AuditFilter{Action: "approval.void", Subject: ref, PerPage: 50})
	if err != nil {
		f.t.Fatal(err)
	}
	n := 0
	for _, e := range evs {
		if strings.Contains(e.Detail, cause) {
			n++
		}
	}
	return n
}

// TestGrantChangesVoidTheRequestsTheyEnd: a pending request waited for a
// reviewer after the grant that asked for it was removed, though
// approving it would allow nothing (or nothing more). Saving a group's
// grants voids, in the same transaction and audited, each pending request
// of that group the new grants can never grant, saying why; a request
// another of its groups still asks approval for stays pending.
func TestGrantChangesVoidTheRequestsTheyEnd(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newVoidFixture(t, d)
			if _, err := f.s.SetGrants(ctx, "admin", "auditors", 0, []models.GrantSpec{{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}}, "auditors write with approval", nil); err != nil {
				t.Fatal(err)
			}
			onlyContractors := f.file("c-1", `["contractors"]`, "workspace_write", 0)
			alsoEveryone := f.file("c-2", `["contractors","everyone"]`, "workspace_write", 0)
			alsoAuditors := f.file("c-3", `["auditors","contractors"]`, "workspace_write", 0)
			everyoneOnly := f.file("c-4", `["everyone"]`, "exec", 0)
			if _, err := f.s.ChangeGrants(ctx, "admin", models.DemoContractors, false, []models.GrantSpec{{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}}, nil); err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				name, ref, status, reason string
			}{
				{"no grant left", onlyContractors, authority.ApprovalVoid, authority.MootNotGranted},
				{"a grant without approval left", alsoEveryone, authority.ApprovalVoid, authority.MootNoApproval},
				{"another group still asks for approval", alsoAuditors, authority.ApprovalPending, ""},
				{"another group's request", everyoneOnly, authority.ApprovalPending, ""},
			} {
				status, reason := f.state(tc.ref)
				if status != tc.status || reason != tc.reason {
					t.Errorf("%s: %s %q, want %s %q", tc.name, status, reason, tc.status, tc.reason)
				}
				want := 0
				if tc.status == authority.ApprovalVoid {
					want = 1
				}
				if got := f.voidAudits(tc.ref, "group:contractors v2"); got != want {
					t.Errorf("%s: %d approval.void events naming the grants' version, want %d", tc.name, got, want)
				}
			}
		})
	}
}

// TestDemotedCreatorsKeysVoidTheirRequests: taking the admin role from a
// key's creator revokes their keys; it left the requests those keys
// filed waiting, though no runtime can present them. They are void as
// when the key is revoked by hand.
func TestDemotedCreatorsKeysVoidTheirRequests(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newVoidFixture(t, d)
			u, err := f.s.CreateUser(ctx, "admin", models.NewUserInput{Username: "ops1", Password: "ops1-password-long", Roles: []models.Role{models.RoleAdmin}})
			if err != nil {
				t.Fatal(err)
			}
			_, k, err := f.s.CreateScopedAPIKey(ctx, "ops1", "ops1's", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			ref := f.file("c-1", `["contractors"]`, "workspace_write", k.ID)
			if err := f.s.SetRoles(ctx, "admin", u.ID, []models.Role{models.RoleViewer}); err != nil {
				t.Fatal(err)
			}
			if status, reason := f.state(ref); status != authority.ApprovalVoid || reason != models.ReasonAskingKeyRevoked {
				t.Errorf("the demoted creator's key's request: %s %q, want void: %q", status, reason, models.ReasonAskingKeyRevoked)
			}
		})
	}
}

// TestMigrationVoidsRequestsNobodyCanGrant: migration 261's data step
// voids the pending requests left by an earlier release that can never
// be granted: filed through keys revoked before revoking voided them, or
// whose grant was removed before removing did. A request a live key
// asked for, one still asking for approval and a decided one stay as
// they were, and a second run changes nothing.
func TestMigrationVoidsRequestsNobodyCanGrant(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			f := newVoidFixture(t, d)
			_, gone, err := f.s.CreateScopedAPIKey(ctx, "admin", "gone", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			_, live, err := f.s.CreateScopedAPIKey(ctx, "admin", "live", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			ofGone := f.file("c-1", `["contractors"]`, "workspace_write", gone.ID)
			ofLive := f.file("c-2", `["contractors"]`, "workspace_write", live.ID)
			ungranted := f.file("c-3", `["contractors"]`, "exec", 0)
			open := f.file("c-4", `["contractors"]`, "workspace_write", 0)
			// as an earlier release left them: the key revoked and the
			// request not; exec filed for contractors, who are not granted it
			if err := f.s.Exec(ctx, "UPDATE api_keys SET revoked_at = ? WHERE id = ?", time.Now().UTC(), gone.ID); err != nil {
				t.Fatal(err)
			}
			want := map[string][2]string{
				ofGone:    {authority.ApprovalVoid, models.ReasonAskingKeyRevoked},
				ofLive:    {authority.ApprovalPending, ""},
				ungranted: {authority.ApprovalVoid, authority.MootNotGranted},
				open:      {authority.ApprovalPending, ""},
			}
			for run := 1; run <= 2; run++ {
				if err := models.VoidUnpresentableRequests(ctx, f.s); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
				for ref, w := range want {
					if status, reason := f.state(ref); status != w[0] || reason != w[1] {
						t.Errorf("run %d: %s is %s %q, want %s %q", run, ref, status, reason, w[0], w[1])
					}
				}
			}
			evs, _, err := f.s.AuditEvents(ctx, models.AuditFilter{Action: "approval.void", Actor: models.MigrationActor, PerPage: 50})
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) != 2 {
				t.Errorf("%d approval.void events by the migration after two runs, want 2 (one a voided request)", len(evs))
			}
		})
	}
}
