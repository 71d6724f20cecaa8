package web

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"net/http"
	"slices"
	"testing"
)

// TestResponseKeyMatchesFmt: the response cache's key is built with
// strconv and hex, not fmt, and is the same bytes as
// fmt.Sprintf("%d/%d/%s/%x") over random generations, owners and bodies.
func TestResponseKeyMatchesFmt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	owners := []string{"", "admin", "a/b", "ünïcode", "with space", "\x00\xff"}
	for i := range 2000 {
		cat, cfg := rng.Int64()-rng.Int64(), int64(rng.IntN(1000))
		if i%7 == 0 {
			cat = 0
		}
		owner := owners[i%len(owners)]
		sum := sha256.Sum256(fmt.Appendf(nil, "%d", rng.Uint64()))
		want := fmt.Sprintf("%d/%d/%s/%x", cat, cfg, owner, sum)
		if got := responseKey(nil, cat, cfg, owner, &sum); string(got) != want {
			t.Fatalf("key %q, fmt %q", got, want)
		}
	}
}

// TestCachedComposeAnswersAsTheFirst: a repeated compose request is
// answered from the response cache with the first answer's body and
// headers (its ETag among them), and its ETag header is the response's
// own: a later change to one response's header leaves the cache's as it
// was.
func TestCachedComposeAnswersAsTheFirst(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	body := map[string]any{"agent": "analyst"}
	first, b1 := h.api(http.MethodPost, "/api/v1/compose", key, body)
	if first.StatusCode != http.StatusOK || first.Header.Get("ETag") == "" {
		t.Fatalf("%d %v", first.StatusCode, first.Header)
	}
	for range 3 {
		again, b2 := h.api(http.MethodPost, "/api/v1/compose", key, body)
		if again.StatusCode != http.StatusOK || !bytes.Equal(b1, b2) {
			t.Fatalf("cached answer %d differs from the first", again.StatusCode)
		}
		for _, name := range []string{"ETag", "Content-Type", "Content-Length"} {
			if !slices.Equal(again.Header.Values(name), first.Header.Values(name)) {
				t.Errorf("%s: %q, first %q", name, again.Header.Values(name), first.Header.Values(name))
			}
		}
	}
	var rc receiptCache
	sum := sha256.Sum256([]byte("x"))
	k := responseKey(nil, 1, 2, "o", &sum)
	rc.keep(string(k), cachedResponse{body: []byte("{}"), digest: "d", etag: etagOf("d")})
	r, _ := rc.response(k)
	hdr := http.Header{"Etag": r.etag}
	hdr.Add("ETag", "other")
	if again, _ := rc.response(k); !slices.Equal(again.etag, []string{`"d"`}) {
		t.Errorf("a response's header changed the cache's ETag: %q", again.etag)
	}
}
