package web

import (
	"strings"
	"sync"
)

// stepCache remembers encoded step projections. A step's projection is a
// function of its run base (catalog and configuration generations, agent,
// profile, the subject's groups: runBaseFor's key), the options (tier,
// catalog form, encoding), the pins and the activated names in call order
// — nothing else. Across runs the same active sets recur (searches return
// the same tools), so such a step costs a lookup instead of a composition,
// a count, a fidelity check and an encoding. A generation in the key makes
// stale entries unreachable; the cache is bounded by bytes and dropped
// whole when full.
type stepCache struct {
	mu    sync.Mutex
	m     map[string]*stepEntry
	bytes int
}

// stepEntry is one cached step: the projection's JSON object without its
// closing brace (the per-request fields follow it) and the figures its
// evidence needs.
type stepEntry struct {
	head         []byte
	active       int
	textBytes    int
	tokens       int
	prefixTokens int
	schemaBytes  int
	digest       string
}

// maxStepCacheBytes bounds the cache (a 150-tool agent's step is 20-60
// KiB of JSON).
const maxStepCacheBytes = 48 << 20

// stepKey names a step's projection: the run base's key, the options, the
// pins and the activated names, each part separated by a byte no part
// can hold (ids, tiers and encodings are printable).
func stepKey(base, tier, form, enc string, pins, activated []string) string {
	n := len(base) + len(tier) + len(form) + len(enc) + 8
	for _, l := range [][]string{pins, activated} {
		for _, s := range l {
			n += len(s) + 1
		}
	}
	var b strings.Builder
	b.Grow(n)
	for _, s := range []string{base, tier, form, enc} {
		b.WriteString(s)
		b.WriteByte(0)
	}
	for _, l := range [][]string{pins, activated} {
		for _, s := range l {
			b.WriteString(s)
			b.WriteByte(1)
		}
		b.WriteByte(0)
	}
	return b.String()
}

func (c *stepCache) get(key string) *stepEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[key]
}

func (c *stepCache) put(key string, e *stepEntry) {
	size := len(key) + len(e.head) + len(e.digest)
	if size > maxStepCacheBytes/16 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || c.bytes+size > maxStepCacheBytes {
		c.m, c.bytes = map[string]*stepEntry{}, 0
	}
	if _, ok := c.m[key]; !ok {
		c.m[key] = e
		c.bytes += size
	}
}
