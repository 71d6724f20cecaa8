package authority

import (
	"regexp"
	"sync"

	"github.com/agentforge/console/catalog"
)

// schemaPlan is a reviewed input schema made ready for masking the
// reviewer's view: every $ref it holds resolved to its place and every
// pattern property compiled, once, so masking an argument costs a map
// look-up, never a walk of the schema or a compile.
type schemaPlan struct {
	root     *catalog.Param
	places   map[string]*catalog.Param
	patterns map[*catalog.Param][]*regexp.Regexp
}

// newSchemaPlan resolves c's input schema.
func newSchemaPlan(c *catalog.Contract) *schemaPlan {
	pl := &schemaPlan{root: catalog.InputSchema(c), places: map[string]*catalog.Param{}, patterns: map[*catalog.Param][]*regexp.Regexp{}}
	var walk func(p *catalog.Param, depth int)
	walk = func(p *catalog.Param, depth int) {
		if p == nil || depth > maxSchemaDepth {
			return
		}
		if p.Ref != "" {
			if _, done := pl.places[p.Ref]; !done {
				pl.places[p.Ref] = catalog.SchemaAt(pl.root, p.Ref)
			}
		}
		if len(p.PatternProperties) > 0 {
			res := make([]*regexp.Regexp, len(p.PatternProperties))
			for i := range p.PatternProperties {
				// a pattern Go cannot compile matches nothing here (the
				// additional properties' schema applies), as before
				res[i], _ = regexp.Compile(p.PatternProperties[i].Name)
			}
			pl.patterns[p] = res
		}
		for _, list := range [][]catalog.Param{p.Properties, p.PatternProperties, p.PrefixItems, p.AllOf, p.AnyOf, p.OneOf} {
			for i := range list {
				walk(&list[i], depth+1)
			}
		}
		for _, q := range []*catalog.Param{p.Items, p.Additional, p.Then, p.Else} {
			walk(q, depth+1)
		}
	}
	walk(pl.root, 0)
	return pl
}

// resolve is the schema p stands for: its $ref's place, or itself.
func (pl *schemaPlan) resolve(p *catalog.Param) *catalog.Param {
	if p.Ref == "" {
		return p
	}
	return pl.places[p.Ref]
}

// property is the schema p gives its property k: its own, else the
// first pattern property matching k, else the additional properties'.
func (pl *schemaPlan) property(p *catalog.Param, k string) *catalog.Param {
	for i := range p.Properties {
		if p.Properties[i].Name == k {
			return &p.Properties[i]
		}
	}
	for i, re := range pl.patterns[p] {
		if re != nil && re.MatchString(k) {
			return &p.PatternProperties[i]
		}
	}
	return p.Additional
}

// maxSchemaPlans bounds the plans kept: one per reviewed digest of the
// tools whose calls were put to a reviewer lately; the cache is emptied
// when it is full.
const maxSchemaPlans = 512

// schemaPlans holds the plans by the reviewed contract's digest: a
// digest names one schema, so its plan is built once.
var schemaPlans = struct {
	sync.Mutex
	m map[string]*schemaPlan
}{}

// planFor is the plan of c, the reviewed contract of digest: cached by
// digest, built for this call alone when digest is "".
func planFor(digest string, c *catalog.Contract) *schemaPlan {
	if digest == "" {
		return newSchemaPlan(c)
	}
	schemaPlans.Lock()
	pl, ok := schemaPlans.m[digest]
	schemaPlans.Unlock()
	if ok {
		return pl
	}
	pl = newSchemaPlan(c)
	schemaPlans.Lock()
	if schemaPlans.m == nil || len(schemaPlans.m) >= maxSchemaPlans {
		schemaPlans.m = map[string]*schemaPlan{}
	}
	schemaPlans.m[digest] = pl
	schemaPlans.Unlock()
	return pl
}
