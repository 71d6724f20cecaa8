package replicas

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// ownerSchema is demo.remember's schema once its server asks for an
// owner too.
var ownerSchema = map[string]any{"type": "object", "required": []any{"key", "fact", "owner"}, "additionalProperties": false,
	"properties": map[string]any{"key": map[string]any{"type": "string"}, "fact": map[string]any{"type": "string"}, "owner": map[string]any{"type": "string"}}}

// checkArgumentsFollowTheReview: arguments the published schema refuses
// are refused by the gateway (through both replicas), /authorize and a
// run's call on both replicas; the server changes the schema (an owner
// is required): while the change awaits review nothing runs; once a
// reviewer (a third process) makes it available, every path on both
// replicas checks the new schema — the old arguments are refused naming
// the missing owner, the new ones pass — and only calls that passed
// reached the server.
func checkArgumentsFollowTheReview(t *testing.T, l *loops) {
	plain := map[string]any{"key": "k", "fact": "f"}
	owned := map[string]any{"key": "k", "fact": "f", "owner": "ann"}
	cs := l.session(t, "writers")
	refusedEverywhere := func(when string, args map[string]any, want string) {
		t.Helper()
		for range 2 { // the front alternates the replicas
			if text, isErr := gwCall(t, cs, "demo.remember", args, nil); !isErr || !strings.Contains(text, want) {
				t.Errorf("%s: the gateway's call with %v: %s, want %s", when, args, text, want)
			}
		}
		for r := range 2 {
			if _, d := l.rest(t, r, "/api/v1/authorize", "writers", map[string]any{"tool": "demo.remember", "arguments": args}); d["decision"] != "deny" || errType(d) != want {
				t.Errorf("%s: replica %d's /authorize with %v: %v, want %s", when, r, args, d, want)
			}
			run := fmt.Sprintf("args-%d-%d", r, time.Now().UnixNano())
			if _, d := l.rest(t, r, "/api/v1/runs/"+run+"/calls", "writers", map[string]any{"tool": "demo.remember", "pins": []string{"demo.remember"}, "receipts": []any{}, "arguments": args}); errType(d) != want {
				t.Errorf("%s: replica %d's run call with %v: %v, want %s", when, r, args, d, want)
			}
		}
	}
	refusedEverywhere("the published schema", owned, authority.TypeInvalidArguments)
	if n := l.up.Calls("remember"); n != 0 {
		t.Fatalf("refused calls reached the server %d times", n)
	}

	l.replaceRemember(ownerSchema, "")
	l.sync(t)
	for range 2 {
		if text, isErr := gwCall(t, cs, "demo.remember", owned, nil); !isErr {
			t.Errorf("a call while the changed schema awaits review ran: %s", text)
		}
	}
	l.review(t, "demo.remember")
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	refusedEverywhere("the reviewed new schema", plain, authority.TypeInvalidArguments)
	for r := range 2 {
		_, d := l.rest(t, r, "/api/v1/authorize", "writers", map[string]any{"tool": "demo.remember", "arguments": plain})
		if !strings.Contains(problemsText(d), "owner") {
			t.Errorf("replica %d's refusal does not name the missing owner: %v", r, d)
		}
		if _, d := l.rest(t, r, "/api/v1/authorize", "writers", map[string]any{"tool": "demo.remember", "arguments": owned}); d["decision"] != "allow" {
			t.Errorf("replica %d's /authorize with the new schema's arguments: %v", r, d)
		}
	}
	for range 2 {
		if text, isErr := gwCall(t, cs, "demo.remember", owned, nil); isErr {
			t.Errorf("the gateway's call with the new schema's arguments: %s", text)
		}
	}
	if n, old := l.remembered.Load(), l.up.Calls("remember"); n != 2 || old != 0 {
		t.Errorf("the server ran %d calls under the new schema (want 2, the ones that passed) and %d under the old", n, old)
	}
}

// checkBindingsNeverRevive: a binding made on B and revoked by an admin
// on A, and one a check on B ended when its tool's descriptor changed,
// stay so: on both replicas, after the server reverts the change (the
// sync restores the reviewed version), for a run that goes on after both
// replicas restarted, and after a restore of a backup made while both
// were live. A gateway session whose grant was removed before the
// restart is refused when it resumes.
func checkBindingsNeverRevive(t *testing.T, l *loops) {
	ctx := context.Background()
	bind := func(r int, tool string) string {
		t.Helper()
		st, b := l.rest(t, r, "/api/v1/bindings", "writers", map[string]any{"tool": tool, "ttl_seconds": 3600})
		h, _ := b["handle"].(string)
		if st != http.StatusCreated || h == "" {
			t.Fatalf("bind %s on replica %d: %d %v", tool, r, st, b)
		}
		return h
	}
	check := func(r int, tool, handle string) map[string]any {
		t.Helper()
		_, d := l.rest(t, r, "/api/v1/authorize", "writers", map[string]any{"tool": tool, "binding": handle})
		return d
	}
	revoked, ended := bind(1, "demo.echo"), bind(0, "demo.remember")
	for r := range 2 {
		if d := check(r, "demo.echo", revoked); d["decision"] != "allow" {
			t.Fatalf("replica %d's bound check before: %v", r, d)
		}
	}
	backup := filepath.Join(t.TempDir(), "live.backup")
	if out, err := l.cli("backup", backup); err != nil {
		t.Fatalf("backup: %v %s", err, out)
	}

	admin := l.browser()
	admin.signIn(l.base[0], "admin", adminPassword)
	bs, err := l.store.LiveBindings(ctx, models.BindingFilter{Tool: "demo.echo"}, time.Now(), 10)
	if err != nil || len(bs) != 1 {
		t.Fatalf("live bindings of demo.echo: %v %v", bs, err)
	}
	if res, _ := admin.post(l.base[0], fmt.Sprintf("/bindings/%d/revoke", bs[0].ID), url.Values{"back": {"/checks"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revoke on A: %d", res.StatusCode)
	}
	l.replaceRemember(ownerSchema, "Store a fact in the server's memory, replacing any fact of the same key (now per owner).")
	l.sync(t)
	if d := check(1, "demo.remember", ended); errType(d) != authority.TypeBindingStale {
		t.Fatalf("B's check after the descriptor changed: %v", d)
	}
	l.replaceRemember(ownerSchema, "")
	l.sync(t) // the reviewed version comes back
	if tl, err := l.store.ToolByID(ctx, "demo.remember"); err != nil || tl.Status != models.ToolAvailable {
		t.Fatalf("the reverted tool: %+v %v, want it available again", tl, err)
	}
	never := func(when string) {
		t.Helper()
		for r := range 2 {
			if d := check(r, "demo.echo", revoked); errType(d) != authority.TypeRevoked {
				t.Errorf("%s: replica %d's check with the revoked binding: %v", when, r, d)
			}
			if d := check(r, "demo.remember", ended); errType(d) != authority.TypeBindingStale {
				t.Errorf("%s: replica %d's check with the ended binding: %v", when, r, d)
			}
			_, d := l.rest(t, r, "/api/v1/runs/bound-run/calls", "writers", map[string]any{"tool": "demo.echo", "pins": []string{"demo.echo"}, "binding": revoked, "receipts": []any{}})
			if errType(d) != authority.TypeRevoked {
				t.Errorf("%s: replica %d's run call with the revoked binding: %v", when, r, d)
			}
		}
	}
	never("after the server reverted the change")

	cs := l.session(t, "readers")
	if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "before"}, nil); isErr {
		t.Fatalf("a reader's call before the grant is removed: %s", out)
	}
	if out, err := l.cli("grant", "remove", "readers", "--tools", "demo.echo"); err != nil {
		t.Fatalf("grant remove: %v %s", err, out)
	}
	l.restart(t, nil)
	never("after both replicas restarted")
	ran := l.up.Calls("echo")
	for range 2 {
		if out, isErr := gwCall(t, cs, "demo.echo", map[string]any{"text": "after"}, nil); !isErr {
			t.Errorf("the resumed session's call after its grant was removed: %s", out)
		}
	}
	if n := l.up.Calls("echo"); n != ran {
		t.Errorf("the resumed session's refused calls reached the server %d times", n-ran)
	}

	l.restart(t, func() {
		out, err := l.cli("restore", "--force", "--unauthenticated", backup)
		if err != nil {
			t.Fatalf("restore: %v %s", err, out)
		}
		if !strings.Contains(out, "kept revoked") || !strings.Contains(out, "kept ended") {
			t.Errorf("the restore does not list the bindings it kept withdrawn:\n%s", out)
		}
	})
	never("after a restore of a backup made while both were live")
}

// review makes the tools' current versions available, as the reviewer
// rev (a third process's write).
func (l *loops) review(t *testing.T, ids ...string) {
	t.Helper()
	ctx := context.Background()
	seen, _ := l.store.ToolDigests(ctx, ids)
	if _, err := l.store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
}

// restart stops both replicas, runs between (when set) with none
// serving, and starts both again.
func (l *loops) restart(t *testing.T, between func()) {
	t.Helper()
	for i := range l.cmds {
		cmd := l.cmds[i]
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			<-done
		}
	}
	if between != nil {
		between()
	}
	for i := range l.cmds {
		l.start(i)
	}
}
