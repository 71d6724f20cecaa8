package web

import (
	"context"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusedCallsRecordTheirDigest: a call refused on a tool the
// run was shown (arguments against its schema, its grant taken away) is
// in the run's evidence with the digest of the contract it was refused
// on, as a call that ran is; a call of a tool the subject is not shown
// records none (its digest is not revealed).
func TestGatewayRefusedCallsRecordTheirDigest(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	digests := func() map[string]string {
		t.Helper()
		h.app.gw.evidence.flush()
		out := map[string]string{}
		runs, err := h.store.RecentRuns(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			evs, err := h.store.RunEvents(ctx, r.Run, 100)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				if e.Kind == models.RunCall {
					out[e.Verdict] = e.Digest
				}
			}
		}
		return out
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); isErr {
		t.Fatal(text)
	}
	if text, _ := call(t, cs, "demo.echo", map[string]any{"text": 5}, nil); errType(text) != authority.TypeInvalidArguments {
		t.Fatalf("a bad argument: %s", text)
	}
	for _, e := range authority.EffectsClasses() {
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: e})
	}
	if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); errType(text) != authority.TypeRevoked {
		t.Fatalf("a revoked tool: %s", text)
	}
	got := digests()
	ran := ""
	for verdict, d := range got {
		if verdict != "denied:"+authority.TypeInvalidArguments && verdict != "denied:"+authority.TypeRevoked {
			ran = d
		}
	}
	if ran == "" {
		t.Fatalf("the call that ran has no digest: %v", got)
	}
	for _, typ := range []string{authority.TypeInvalidArguments, authority.TypeRevoked} {
		if d := got["denied:"+typ]; d != ran {
			t.Errorf("the %s call's digest is %q, want %q (the contract it was refused on)", typ, d, ran)
		}
	}
	// a new session of a subject no grant reaches is not shown demo.echo
	hidden, _ := f.connect(t, map[string]string{"X-Subject-Id": "u2", "X-Subject-Groups": "everyone"})
	call(t, hidden, "demo.echo", map[string]any{"text": "x"}, nil)
	h.app.gw.evidence.flush()
	runs, _ := h.store.RecentRuns(ctx, 10)
	for _, r := range runs {
		evs, _ := h.store.RunEvents(ctx, r.Run, 100)
		for _, e := range evs {
			if e.Kind == models.RunCall && e.Verdict != "ok" && e.Verdict != "active" && e.Verdict != "denied:"+authority.TypeInvalidArguments && e.Verdict != "denied:"+authority.TypeRevoked && e.Digest != "" {
				t.Errorf("a call of a tool not shown (%s) records the digest %q", e.Verdict, e.Digest)
			}
		}
	}
}
