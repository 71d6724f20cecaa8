package catalog

import "sync"

// A task's reading (parseTask) depends on its text and the lexicon alone,
// and an evaluation reads the same tasks once per lever (the forge panel:
// every case under every lever), so readings are kept, up to
// maxParsed; past it the cache starts over.
const maxParsed = 4096

type parseKey struct {
	task       string
	lexiconOff bool
}

var parsed = struct {
	sync.Mutex
	m map[parseKey][]qterm
}{m: map[parseKey][]qterm{}}

// parseTaskKept is parseTask, kept. The slice returned is shared:
// callers only read it.
func parseTaskKept(q string) []qterm {
	k := parseKey{q, lexiconOff}
	parsed.Lock()
	p, ok := parsed.m[k]
	parsed.Unlock()
	if ok {
		return p
	}
	terms := parseTask(q)
	parsed.Lock()
	if len(parsed.m) >= maxParsed {
		parsed.m = map[parseKey][]qterm{}
	}
	parsed.m[k] = terms
	parsed.Unlock()
	return terms
}
