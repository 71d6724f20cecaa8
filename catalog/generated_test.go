package catalog_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/agentforge/console/catalog"
)

// gen builds random nested schemas: combinators, enums, bounds, patterns,
// formats, descriptive keywords and adversarial descriptions. It knows when
// it planted a defect (an unsupported keyword or a contradiction), so the
// test can demand a refusal for exactly those schemas.
type gen struct {
	r      *rand.Rand
	defect string
	n      int
}

func (g *gen) pick(l ...string) string { return l[g.r.Intn(len(l))] }

func (g *gen) desc() string {
	if g.r.Intn(3) == 0 {
		return adversarial[g.r.Intn(len(adversarial))]
	}
	g.n++
	return fmt.Sprintf("Plain description %d.", g.n)
}

func (g *gen) plant(m map[string]any) {
	if g.r.Intn(40) != 0 {
		return
	}
	kinds := []func(){
		func() {
			m["type"] = "array"
			m["contains"] = map[string]any{"type": "string"}
			m["minContains"], m["maxContains"] = 3.0, 1.0
			delete(m, "default")
			g.defect = "minContains above maxContains"
		},
		func() { m["$ref"] = "#/$defs/x"; g.defect = "unsupported $ref" },
		func() {
			m["required"] = []any{"ghost"}
			m["type"] = "object"
			delete(m, "properties")
			g.defect = "required ghost"
		},
		func() {
			m["enum"] = []any{"a", true}
			m["type"] = "string"
			delete(m, "default")
			g.defect = "enum type"
		},
		func() { m["type"] = "integer"; m["minimum"] = 9.0; m["maximum"] = 2.0; g.defect = "min above max" },
		func() {
			m["type"] = "string"
			m["enum"] = []any{"a"}
			m["default"] = "b"
			g.defect = "default outside enum"
		},
		func() { m["type"] = "boolean"; m["maxLength"] = 4.0; g.defect = "keyword for another type" },
	}
	kinds[g.r.Intn(len(kinds))]()
}

func (g *gen) schema(depth int) map[string]any {
	m := map[string]any{}
	if g.r.Intn(3) > 0 {
		m["description"] = g.desc()
	}
	if g.r.Intn(8) == 0 {
		m["title"] = fmt.Sprintf("Title %d, (x)", g.r.Intn(100))
	}
	if g.r.Intn(10) == 0 {
		m["deprecated"] = g.r.Intn(2) == 0
	}
	kind := g.r.Intn(9)
	if depth <= 0 && kind >= 5 {
		kind = g.r.Intn(5)
	}
	switch kind {
	case 0: // enum string
		m["type"] = "string"
		vals := []any{}
		for i := 0; i < 1+g.r.Intn(4); i++ {
			vals = append(vals, fmt.Sprintf("v%d, \"%d\"", i, g.r.Intn(1000)))
		}
		m["enum"] = vals
		if g.r.Intn(2) == 0 {
			m["default"] = vals[g.r.Intn(len(vals))]
		}
	case 1: // bounded string
		m["type"] = g.pick("string", "string")
		lo := g.r.Intn(5)
		m["minLength"] = float64(lo)
		m["maxLength"] = float64(lo + g.r.Intn(50))
		m["format"] = g.pick("date", "uri", "email", "weird, (format)")
		if g.r.Intn(2) == 0 {
			m["pattern"] = "^[a-z]{3}(,|;)?$"
			m["default"] = "abc"
			m["minLength"] = 0.0
			m["maxLength"] = float64(3 + g.r.Intn(50))
		}
	case 2: // number
		m["type"] = g.pick("integer", "number", "integer")
		lo := float64(g.r.Intn(100) - 50)
		hi := lo + float64(g.r.Intn(100))
		switch g.r.Intn(3) {
		case 0:
			m["minimum"], m["maximum"] = lo, hi
			m["default"] = lo
		case 1:
			m["exclusiveMinimum"], m["exclusiveMaximum"] = lo, hi+1
		default:
			m["multipleOf"] = float64(1 + g.r.Intn(9))
		}
	case 3:
		m["type"] = "boolean"
		if g.r.Intn(2) == 0 {
			m["default"] = g.r.Intn(2) == 0
			m["examples"] = []any{true, false}
		}
	case 4:
		if g.r.Intn(2) == 0 {
			m["type"] = []any{"string", "null"}
			m["examples"] = []any{"x; y", nil}
		} else {
			m["const"] = g.pick("fixed", "a (b), c")
			m["type"] = "string"
		}
	case 5: // array
		m["type"] = "array"
		m["items"] = g.schema(depth - 1)
		if g.r.Intn(2) == 0 {
			lo := g.r.Intn(3)
			m["minItems"], m["maxItems"] = float64(lo), float64(lo+g.r.Intn(5))
			m["uniqueItems"] = g.r.Intn(2) == 0
		}
	case 6: // object
		g.object(m, depth)
	case 7: // oneOf over objects sharing the parent's properties
		g.object(m, depth)
		props := m["properties"].(map[string]any)
		var names []any
		for k := range props {
			names = append(names, k)
		}
		var alts []any
		for i := 0; i < 1+g.r.Intn(3); i++ {
			alt := map[string]any{"required": []any{names[g.r.Intn(len(names))]}}
			if g.r.Intn(2) == 0 {
				alt = g.schema(depth - 1)
			}
			alts = append(alts, alt)
		}
		m[g.pick("oneOf", "anyOf", "allOf")] = alts
		if g.r.Intn(2) == 0 {
			delete(m, "type")
		}
	default: // nullable anyOf
		delete(m, "type")
		m["anyOf"] = []any{map[string]any{"type": "string", "minLength": 1.0}, map[string]any{"type": "null"}}
	}
	g.plant(m)
	return m
}

func (g *gen) object(m map[string]any, depth int) {
	m["type"] = "object"
	props := map[string]any{}
	var req []any
	for i := 0; i < 1+g.r.Intn(3); i++ {
		name := g.pick("id", "name", "items", "value", "params", "returns", "x.y", "a-b", "$ref", "@type")
		if props[name] != nil {
			continue // a generated (perhaps defective) schema is never overwritten
		}
		sub := g.schema(depth - 1)
		if _, ok := sub["description"]; !ok {
			sub["description"] = g.desc() // properties must say what they are
		}
		props[name] = sub
		if g.r.Intn(2) == 0 {
			req = append(req, name)
		}
	}
	m["properties"] = props
	if len(req) > 0 && len(req) == len(uniq(req)) {
		m["required"] = req
	}
	switch g.r.Intn(4) {
	case 0:
		m["additionalProperties"] = false
	case 1:
		m["additionalProperties"] = true
	case 2:
		m["additionalProperties"] = map[string]any{"type": "integer", "description": g.desc()}
		m["minProperties"], m["maxProperties"] = 1.0, 8.0
	}
}

func uniq(l []any) map[any]bool {
	m := map[any]bool{}
	for _, x := range l {
		m[x] = true
	}
	return m
}

// TestGeneratedSchemasAreAccountedOrRefused: over random nested schemas,
// every keyword and every value is in both renderings, or the tool was
// refused; a schema with a planted defect is always refused, a clean one
// always imports.
func TestGeneratedSchemasAreAccountedOrRefused(t *testing.T) {
	imported, refused := 0, 0
	for seed := int64(1); seed <= 600; seed++ {
		g := &gen{r: rand.New(rand.NewSource(seed))}
		root := map[string]any{"type": "object", "properties": map[string]any{}}
		props := root["properties"].(map[string]any)
		for i := 0; i < 1+g.r.Intn(4); i++ {
			props[fmt.Sprintf("p%d", i)] = g.schema(3)
			if _, ok := props[fmt.Sprintf("p%d", i)].(map[string]any)["description"]; !ok {
				props[fmt.Sprintf("p%d", i)].(map[string]any)["description"] = g.desc()
			}
		}
		if g.r.Intn(5) == 0 {
			root["additionalProperties"] = false
		}
		cs, ps := catalog.Parse(catalog.FormatMCP, mcpDoc(t, mcpTool("x", root)), "svc")
		if g.defect != "" {
			if len(ps) == 0 {
				t.Errorf("seed %d: planted %q but the tool imported", seed, g.defect)
			}
			for _, p := range ps {
				if p.Tool != "x" || p.Field == "" {
					t.Errorf("seed %d: problem not located: %v", seed, p)
				}
			}
			refused++
			continue
		}
		if len(ps) > 0 {
			t.Fatalf("seed %d: a clean schema was refused: %v", seed, ps)
		}
		imported++
		checkAccounted(t, cs[0], root)
		if t.Failed() {
			t.Fatalf("seed %d failed", seed)
		}
	}
	t.Logf("generated: %d imported and accounted, %d refused for a planted defect", imported, refused)
	if imported < 300 || refused < 30 {
		t.Errorf("too few of one kind: %d imported, %d refused", imported, refused)
	}
}
