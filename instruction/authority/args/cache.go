package args

import (
	"bytes"
	"encoding/json"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentforge/console/catalog"
)

// maxFree is how many idle compiled copies of one schema with a
// backtracking pattern a Checker keeps.
const maxFree = 4

// Checker checks arguments against reviewed schemas. It compiles each
// digest's schema once and keeps at most its size of them, dropping the
// least recently used. A schema holding a pattern only the backtracking
// engine runs is compiled once per concurrent check instead, each copy
// bound to the time budget of the one check using it. Safe for
// concurrent use.
type Checker struct {
	mu    sync.Mutex
	size  int
	tick  uint64
	cache map[string]*entry
}

type entry struct {
	// doc is the schema as written (Schema), compiled again for a copy;
	// levels is how undeclared reads it, computed once
	doc    map[string]any
	levels *level
	err    error
	used   uint64
	// shared is the compiled schema when it has no backtracking pattern:
	// every check uses it at once
	shared *jsonschema.Schema
	// free holds idle copies bound to their own budget (else)
	free []*lease
}

// lease is a compiled schema lent to one check.
type lease struct {
	schema  *jsonschema.Schema
	levels  *level
	budget  *budget // nil: the schema is shared, and runs in linear time
	release func()
}

// NewChecker returns a Checker keeping at most size compiled schemas
// (DefaultCacheSize when size < 1).
func NewChecker(size int) *Checker {
	if size < 1 {
		size = DefaultCacheSize
	}
	return &Checker{size: size, cache: map[string]*entry{}}
}

// Len reports how many compiled schemas the Checker holds.
func (k *Checker) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.cache)
}

// lease lends the digest's compiled schema to one check, compiling it on
// first use (and a copy when every copy is in use).
func (k *Checker) lease(digest string, c *catalog.Contract) (*lease, error) {
	k.mu.Lock()
	k.tick++
	e, ok := k.cache[digest]
	if ok {
		e.used = k.tick
		switch {
		case e.err != nil:
			k.mu.Unlock()
			return nil, e.err
		case e.shared != nil:
			k.mu.Unlock()
			return &lease{schema: e.shared, levels: e.levels, release: func() {}}, nil
		case len(e.free) > 0:
			l := e.free[len(e.free)-1]
			e.free = e.free[:len(e.free)-1]
			k.mu.Unlock()
			l.budget.reset()
			return l, nil
		}
	}
	k.mu.Unlock()
	var doc map[string]any
	var levels *level
	if ok {
		doc, levels = e.doc, e.levels
	} else {
		doc = Schema(*c)
		levels = levelOf(doc)
	}
	l, err := k.compileLease(digest, doc, levels)
	if ok {
		return l, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.cache) >= k.size {
		k.evict()
	}
	e = &entry{doc: doc, levels: levels, err: err, used: k.tick}
	if err == nil && l.budget == nil {
		e.shared = l.schema
	}
	k.cache[digest] = e
	return l, err
}

// compileLease compiles doc with its own budget; a schema with no
// backtracking pattern drops the budget (it is never consulted).
func (k *Checker) compileLease(digest string, doc map[string]any, levels *level) (*lease, error) {
	b := &budget{skipped: map[string]int{}}
	ecma := false
	sch, err := compile(doc, engine(b, &ecma))
	if err != nil {
		return nil, err
	}
	l := &lease{schema: sch, levels: levels, release: func() {}}
	if ecma {
		l.budget = b
		l.release = func() { k.giveBack(digest, l) }
	}
	return l, nil
}

// giveBack keeps an idle copy for the next check of its digest.
func (k *Checker) giveBack(digest string, l *lease) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if e, ok := k.cache[digest]; ok && e.shared == nil && e.err == nil && len(e.free) < maxFree {
		e.free = append(e.free, l)
	}
}

// evict drops the least recently used eighth of the cache (at least one),
// so a full cache is not scanned on every miss.
func (k *Checker) evict() {
	n := max(1, k.size/8)
	type aged struct {
		key  string
		used uint64
	}
	all := make([]aged, 0, len(k.cache))
	for key, e := range k.cache {
		all = append(all, aged{key, e.used})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].used < all[j].used })
	for _, a := range all[:min(n, len(all))] {
		delete(k.cache, a.key)
	}
}

func compile(s map[string]any, re func(string) (jsonschema.Regexp, error)) (*jsonschema.Schema, error) {
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// a format the model is shown ("format uri") is a rule, as the
	// draft-07 schemas most servers publish make it
	c.AssertFormat()
	c.UseRegexpEngine(re)
	if err := c.AddResource("args.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("args.json")
}
