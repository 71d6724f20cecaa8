package web

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRequestsNeverWaitForARefresh: under steady use, the runtime
// key's validation and the connections are read again ahead of their
// expiry, in the background, so no gateway request waits for either read
// (a request that met an expired entry made the read itself, and every
// request arriving meanwhile waited or read too: a wait of one or two
// round trips every half second). The request that finds an entry past
// its refresh age is answered from it with its own statements only (the
// session read), and the entries are renewed behind it.
func TestGatewayRequestsNeverWaitForARefresh(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, nil)
		toolNames(t, cs)
		var n atomic.Int64
		f.countRequests(&n)
		for round := range 3 {
			// both entries past their refresh age, still within their TTL
			h.app.keys.mu.Lock()
			ck, ok := h.app.keys.entries[f.key]
			if !ok {
				h.app.keys.mu.Unlock()
				t.Fatal("the key's validation is not cached")
			}
			set := time.Now()
			aged := set.Add(-keyRefreshAfter - keyCacheTTL/8)
			h.app.keys.entries[f.key] = &cachedKey{key: ck.key, at: aged}
			h.app.keys.mu.Unlock()
			sn := *h.app.gw.conns.cur.Load()
			sn.at = set.Add(-connRefreshAfter - connCacheTTL/8)
			old := &sn
			h.app.gw.conns.cur.Store(old)
			n.Store(0)
			toolNames(t, cs)
			// a request slower than the entries' time left (a loaded
			// machine) meets them expired, and rightly reads them itself:
			// only a request answered within that time is judged
			if got := n.Load(); got != 1 && time.Since(set) < keyCacheTTL-keyRefreshAfter-keyCacheTTL/8 {
				t.Fatalf("round %d: a tools/list with both entries past their refresh age made %d statements (want 1: the session read)", round, got)
			}
			deadline := time.Now().Add(10 * time.Second)
			for {
				h.app.keys.mu.Lock()
				renewed := h.app.keys.entries[f.key].at.After(aged)
				h.app.keys.mu.Unlock()
				if renewed && h.app.gw.conns.cur.Load() != old {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("round %d: the key (renewed %v) or the connections (renewed %v) were not read again ahead of expiry", round, renewed, h.app.gw.conns.cur.Load() != old)
				}
				time.Sleep(5 * time.Millisecond)
			}
		}
	})
}

// TestARevokedKeyLeavesTheCacheOnItsRefresh: a key revoked on another
// replica (nothing forgotten here) is refused once the read ahead of its
// expiry has seen the revocation, and a read begun before this replica
// forgot its keys is never kept.
func TestARevokedKeyLeavesTheCacheOnItsRefresh(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		k, err := h.store.APIKeyBySecret(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		// a refresh begun before a forget stores nothing
		gen := h.app.keys.gen
		h.app.forgetCachedKeys()
		h.app.refreshKey(ctx, key, &cachedKey{}, gen)
		h.app.keys.mu.Lock()
		_, kept := h.app.keys.entries[key]
		h.app.keys.mu.Unlock()
		if kept {
			t.Fatal("a key read begun before the cache was forgotten was kept")
		}
		// the entry is judged at t0, not at whenever the revocation ends
		// (a loaded machine may take longer than the entry's TTL for it)
		t0 := time.Now()
		h.app.keepKey(key, k, t0.Add(-keyRefreshAfter), h.app.keys.gen)
		if err := h.store.RevokeAPIKey(ctx, "admin", k.ID); err != nil {
			t.Fatal(err)
		}
		// within its TTL the entry is served, and its refresh begins
		if got, _ := h.app.cachedKey(key, t0); got == nil {
			t.Fatal("an entry within keyCacheTTL was not served")
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			h.app.keys.mu.Lock()
			_, kept := h.app.keys.entries[key]
			h.app.keys.mu.Unlock()
			if !kept {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("a key revoked elsewhere stayed cached after its refresh")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if got, _ := h.app.cachedKey(key, time.Now()); got != nil {
			t.Fatal("a revoked key was served from the cache after its refresh")
		}
	})
}
