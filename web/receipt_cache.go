package web

import (
	"crypto/sha256"
	"encoding/hex"
	"hash/maphash"
	"strconv"
	"sync"
)

// receiptCache remembers digests already stored, so serving the same
// composition again writes nothing, and the response bytes of recent
// requests per (catalog generation, configuration generation, body): a
// repeated request costs one generation read.
type receiptCache struct {
	mu        sync.Mutex
	seen      map[string]bool
	responses map[string]cachedResponse
	// respBytes is the memory the bodies held in responses take: their
	// arrays' capacity, which can be up to twice their length
	respBytes int
	// door admits answers while the cache is full (see keep)
	door doorkeeper
}

type cachedResponse struct {
	body   []byte
	digest string
	// etag is the answer's ETag header as http.Header holds it, made once
	// and shared by every answer from the cache (see headerValue: nothing
	// writes a header's value in place)
	etag []string
}

// etagOf is the ETag header value of a composition's digest.
func etagOf(digest string) []string { return []string{`"` + digest + `"`} }

// responseKey appends a request's response cache key to buf: the
// generations, the key's owner and the body's digest (a cached answer
// must not skip the owner's own receipt).
func responseKey(buf []byte, catGen, cfgGen int64, owner string, sum *[sha256.Size]byte) []byte {
	buf = strconv.AppendInt(buf, catGen, 10)
	buf = append(buf, '/')
	buf = strconv.AppendInt(buf, cfgGen, 10)
	buf = append(buf, '/')
	buf = append(buf, owner...)
	buf = append(buf, '/')
	return hex.AppendEncode(buf, sum[:])
}

// The response cache holds at most this many bodies and bytes: under
// distinct requests it is all misses, and 2,000 bodies of an agent's full
// catalog were most of the resident memory. At 24 MiB it was half the
// live heap after a distinct load, and the live heap is what the soft
// memory limit leaves the collector to work in (docs/performance.md).
// One body may take at most maxCachedResponseBody of it.
const (
	maxCachedResponses     = 2000
	maxCachedResponseBytes = 8 << 20
	maxCachedResponseBody  = 3 << 20
)

func (rc *receiptCache) response(k []byte) (cachedResponse, bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	r, ok := rc.responses[string(k)]
	return r, ok
}

// keep holds r under k and reports whether the cache now holds r.body's
// own array (the caller must not write into it again); a body in a
// buffer sized by an estimate is copied instead. When the cache is full,
// an answer enters only on its key's second miss, and answers chosen at
// random leave to make room: under distinct requests nearly every answer
// is new, and the cache emptied itself for one new answer in every few
// hundred (keeping each distinct answer's array alive until then).
func (rc *receiptCache) keep(k string, r cachedResponse) (held bool) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(r.body) > maxCachedResponseBody {
		return false
	}
	held = true
	size := cap(r.body) // the whole array stays alive, not only the answer
	if cap(r.body)-len(r.body) > len(r.body)/8 {
		// an answer encoded into a buffer sized by an estimate: keep
		// an array of its length, not the estimate's
		size, held = len(r.body), false
	}
	if rc.responses == nil {
		rc.responses = map[string]cachedResponse{}
	}
	old, holding := rc.responses[k]
	if holding {
		rc.respBytes -= cap(old.body)
		delete(rc.responses, k)
	}
	if len(rc.responses) >= maxCachedResponses || rc.respBytes+size > maxCachedResponseBytes {
		// a key already held (two concurrent misses of one request) is
		// replaced, not put to the doorkeeper, which would drop both
		if !holding && !rc.door.again(k) {
			return false
		}
		// answers leave at random (a map's order) until this one fits
		for old, v := range rc.responses {
			delete(rc.responses, old)
			rc.respBytes -= cap(v.body)
			if len(rc.responses) < maxCachedResponses && rc.respBytes+size <= maxCachedResponseBytes {
				break
			}
		}
	}
	if !held {
		// exactly its length, the size counted against the bound
		r.body = append(make([]byte, 0, len(r.body)), r.body...)
	}
	rc.responses[k] = r
	rc.respBytes += size
	return held
}

// doorkeeper remembers the hashes of keys missed while the response
// cache was full, one a slot: again reports whether k was missed before
// (its slot still holds its hash) and records it.
type doorkeeper struct {
	seed  maphash.Seed
	slots []uint64
}

// doorSlots is how many missed keys the doorkeeper tells apart (8 bytes
// each).
const doorSlots = 1 << 14

func (d *doorkeeper) again(k string) bool {
	if d.slots == nil {
		d.seed, d.slots = maphash.MakeSeed(), make([]uint64, doorSlots)
	}
	h := maphash.String(d.seed, k) | 1 // never the empty slot's 0
	i := h % doorSlots
	if d.slots[i] == h {
		d.slots[i] = 0
		return true
	}
	d.slots[i] = h
	return false
}

// answerBuffers lends compose answers their buffers: an answer the
// response cache does not hold goes back once written.
var answerBuffers = sync.Pool{New: func() any { return new([]byte) }}

func (rc *receiptCache) known(d string) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.seen[d]
}

func (rc *receiptCache) add(d string) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if len(rc.seen) > 100000 {
		rc.seen = map[string]bool{}
	}
	rc.seen[d] = true
}
