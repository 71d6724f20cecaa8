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
