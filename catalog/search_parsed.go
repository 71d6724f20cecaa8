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

type parsedTask struct {
	terms []qterm
	seq   []string
}

var parsed = struct {
	sync.Mutex
	m map[parseKey]parsedTask
}{m: map[parseKey]parsedTask{}}

// parseTaskKept is parseTask, kept. The slices returned are shared:
// callers only read them.
func parseTaskKept(q string) ([]qterm, []string) {
	k := parseKey{q, lexiconOff}
	parsed.Lock()
	p, ok := parsed.m[k]
	parsed.Unlock()
	if ok {
		return p.terms, p.seq
	}
	terms, seq := parseTask(q)
	parsed.Lock()
	if len(parsed.m) >= maxParsed {
		parsed.m = map[parseKey]parsedTask{}
	}
	parsed.m[k] = parsedTask{terms, seq}
	parsed.Unlock()
	return terms, seq
}
