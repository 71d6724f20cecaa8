package web

import "testing"

// The response cache's bound is on the memory it holds: a body's whole
// array (its capacity), not only the bytes the answer uses. An answer
// encoded into a buffer it outgrew sits in an array up to twice its
// length, and counting lengths let the cache hold twice its bound.
func TestResponseCacheBoundsTheMemoryItHolds(t *testing.T) {
	var rc receiptCache
	const length, capacity = 12 << 10, 24 << 10
	for i := range 3 * maxCachedResponses {
		body := make([]byte, length, capacity)
		rc.keep(string(rune('a'+i%26))+string(rune(i)), cachedResponse{body: body})
		held := 0
		for _, r := range rc.responses {
			held += cap(r.body)
		}
		if held > maxCachedResponseBytes {
			t.Fatalf("after %d answers the cache holds %d bytes of arrays, over its bound of %d", i+1, held, maxCachedResponseBytes)
		}
	}
}

// A body encoded into a buffer sized by an estimate is kept in an array
// of its own length, holding the same bytes: the spare capacity of the
// estimate is not held by the cache.
func TestResponseCacheKeepsBodiesAtTheirLength(t *testing.T) {
	var rc receiptCache
	body := make([]byte, 10<<10, 40<<10)
	for i := range body {
		body[i] = byte('a' + i%26)
	}
	rc.keep("k", cachedResponse{body: body, digest: "d"})
	got, ok := rc.response([]byte("k"))
	if !ok || string(got.body) != string(body) || got.digest != "d" {
		t.Fatalf("the cache answers %v, %q: want the body kept", ok, got.digest)
	}
	if c := cap(got.body); c > len(body)+len(body)/8 {
		t.Fatalf("the kept body's array holds %d bytes for a %d-byte answer", c, len(body))
	}
	if rc.respBytes != cap(got.body) {
		t.Fatalf("the cache counts %d bytes, its one body's array is %d", rc.respBytes, cap(got.body))
	}
	big := make([]byte, maxCachedResponseBody+1)
	rc.keep("big", cachedResponse{body: big})
	if _, ok := rc.response([]byte("big")); ok {
		t.Fatal("a body over maxCachedResponseBody was kept")
	}
}
