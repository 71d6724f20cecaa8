package args_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// contract imports one MCP tool, as the catalog does, so the schema
// checked is the reviewed form, not the document.
func contract(t testing.TB, inputSchema string) catalog.Contract {
	t.Helper()
	doc := fmt.Sprintf(`{"tools":[{"name":"t","description":"Does a thing.","inputSchema":%s}]}`, inputSchema)
	cs, ps := catalog.Parse(catalog.FormatMCP, []byte(doc), "svc")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("import: %v", ps)
	}
	return cs[0]
}

const issueSchema = `{"type":"object","properties":{
	"title":{"type":"string","description":"The title.","minLength":1},
	"labels":{"type":"array","description":"Labels.","items":{"type":"object","description":"A label.","properties":{"name":{"type":"string","description":"Its name.","pattern":"^[a-z-]+$"}},"required":["name"],"additionalProperties":false}},
	"priority":{"type":"integer","description":"1 to 3.","minimum":1,"maximum":3}},
	"required":["title"],"additionalProperties":false}`

func TestArgumentsAreCheckedAgainstTheReviewedSchema(t *testing.T) {
	c := contract(t, issueSchema)
	d := catalog.Digest(c)
	cases := []struct {
		name, raw string
		want      []args.Problem
	}{
		{"valid", `{"title":"x","labels":[{"name":"bug"}],"priority":2}`, nil},
		{"missing", `{}`, []args.Problem{{"/title", "is required and missing"}}},
		{"nested type", `{"title":"x","labels":[{"name":"bug"},{"name":7}]}`, []args.Problem{{"/labels/1/name", "got number, want string"}}},
		{"extra", `{"title":"x","colour":"red","labels":[{"name":"a","x/y":1}]}`, []args.Problem{{"/colour", "is not a property the schema allows"}, {"/labels/0/x~1y", "is not a property the schema allows"}}},
		{"bounds", `{"title":"","priority":9}`, nil},
		{"pattern", `{"title":"x","labels":[{"name":"Bug!"}]}`, nil},
		{"not an object", `[1]`, []args.Problem{{"", "got array, want object"}}},
		{"null", `null`, []args.Problem{{"", "got null, want object"}}},
		{"not JSON", `{"title":`, []args.Problem{{"", "the arguments are not a JSON document"}}},
		{"trailing", `{"title":"x"} {}`, []args.Problem{{"", "the arguments are not a JSON document"}}},
	}
	for _, tc := range cases {
		got := args.Check(d, &c, []byte(tc.raw))
		switch tc.name {
		case "bounds":
			if len(got) != 2 || got[0].Pointer != "/priority" || got[1].Pointer != "/title" {
				t.Errorf("%s: %+v, want /priority and /title", tc.name, got)
			}
		case "pattern":
			if len(got) != 1 || got[0].Pointer != "/labels/0/name" || !strings.Contains(got[0].Message, "^[a-z-]+$") {
				t.Errorf("%s: %+v, want /labels/0/name naming the pattern", tc.name, got)
			}
		default:
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
			}
		}
	}
}

func TestArgumentWorkIsBounded(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"v":{"description":"Anything."}}}`)
	d := catalog.Digest(c)
	deep := `{"v":` + strings.Repeat("[", args.MaxDepth) + strings.Repeat("]", args.MaxDepth) + `}`
	if got := args.Check(d, &c, []byte(deep)); len(got) != 1 || got[0].Pointer != "" || !strings.Contains(got[0].Message, "deeper") {
		t.Errorf("deep: %+v", got)
	}
	ok := `{"v":` + strings.Repeat("[", args.MaxDepth-1) + strings.Repeat("]", args.MaxDepth-1) + `}`
	if got := args.Check(d, &c, []byte(ok)); got != nil {
		t.Errorf("at the depth bound: %+v", got)
	}
	// brackets inside strings are not nesting
	if got := args.Check(d, &c, []byte(`{"v":"`+strings.Repeat("[", 200)+`\"{"}`)); got != nil {
		t.Errorf("brackets in a string: %+v", got)
	}
	big := `{"v":"` + strings.Repeat("a", args.MaxBytes) + `"}`
	if got := args.Check(d, &c, []byte(big)); len(got) != 1 || !strings.Contains(got[0].Message, "bytes") {
		t.Errorf("big: %+v", got)
	}
	many := `{"v":[` + strings.Repeat(`1,`, 100) + `1]}`
	c2 := contract(t, `{"type":"object","properties":{"v":{"type":"array","description":"Strings.","items":{"type":"string"}}}}`)
	if got := args.Check(catalog.Digest(c2), &c2, []byte(many)); len(got) != args.MaxProblems {
		t.Errorf("101 bad items: %d problems, want %d", len(got), args.MaxProblems)
	}
}

func TestLookaroundPatternsAreChecked(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"p":{"type":"string","description":"No dots at the start.","pattern":"^(?!\\.).+$"}}}`)
	d := catalog.Digest(c)
	if got := args.Check(d, &c, []byte(`{"p":"a.b"}`)); got != nil {
		t.Errorf("a.b: %+v", got)
	}
	if got := args.Check(d, &c, []byte(`{"p":".ab"}`)); len(got) != 1 || got[0].Pointer != "/p" {
		t.Errorf(".ab: %+v", got)
	}
}

func TestTheCacheIsBounded(t *testing.T) {
	k := args.NewChecker(8)
	for i := range 50 {
		c := contract(t, fmt.Sprintf(`{"type":"object","properties":{"n":{"type":"integer","description":"N.","maximum":%d}}}`, i))
		if got := k.Check(catalog.Digest(c), &c, []byte(fmt.Sprintf(`{"n":%d}`, i+1))); len(got) != 1 || got[0].Pointer != "/n" {
			t.Fatalf("%d: %+v", i, got)
		}
		if k.Len() > 8 {
			t.Fatalf("after %d schemas the cache holds %d, over its bound 8", i+1, k.Len())
		}
	}
}

// TestTheReviewedSchemaJudgesAsTheImportedOne: for every tool of the real
// servers in catalog/testdata/servers, the schema rebuilt from the
// reviewed contract accepts and refuses exactly the argument documents the
// server's own input schema does, over probes built from each property.
func TestTheReviewedSchemaJudgesAsTheImportedOne(t *testing.T) {
	files, _ := filepath.Glob("../../../catalog/testdata/servers/*.tools.json")
	if len(files) < 5 {
		t.Fatalf("found %d server files", len(files))
	}
	tools, probes := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"inputSchema"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		cs, _ := catalog.Parse(catalog.FormatMCP, data, "svc")
		byName := map[string]catalog.Contract{}
		for _, c := range cs {
			byName[c.Name()] = c
		}
		for _, tool := range doc.Tools {
			c, ok := byName[tool.Name]
			if !ok {
				continue
			}
			tools++
			orig := compileRaw(t, tool.InputSchema)
			for _, p := range probesFor(tool.InputSchema) {
				probes++
				v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(p))
				want := orig.Validate(v) == nil
				got := args.Check(catalog.Digest(c), &c, p) == nil
				if got != want {
					t.Errorf("%s %s: %s: reviewed schema says valid=%v, the server's says %v", filepath.Base(f), tool.Name, p, got, want)
				}
			}
		}
	}
	if tools < 40 {
		t.Errorf("compared %d tools", tools)
	}
	t.Logf("%d tools, %d probes", tools, probes)
}

func compileRaw(t *testing.T, raw []byte) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat() // as the checker does: this compares schemas, not format policies
	if err := c.AddResource("s.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("s.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// probesFor builds argument documents from a schema's properties: empty,
// every required property with each JSON type, and each property alone
// with each type, its enum values and its bounds' neighbours.
func probesFor(raw []byte) [][]byte {
	var s struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	}
	_ = json.Unmarshal(raw, &s)
	values := []any{"x", "", 0, 1.5, -1, 1000000, true, nil, []any{}, []any{"a", 1}, map[string]any{}, map[string]any{"k": "v"}}
	var out [][]byte
	add := func(v any) {
		b, _ := json.Marshal(v)
		out = append(out, b)
	}
	add(map[string]any{})
	for _, v := range values {
		m := map[string]any{}
		for _, r := range s.Required {
			m[r] = v
		}
		add(m)
	}
	for name, p := range s.Properties {
		vs := append([]any{}, values...)
		if e, ok := p["enum"].([]any); ok {
			vs = append(vs, e...)
		}
		for _, k := range []string{"minimum", "maximum", "minLength", "maxLength"} {
			if f, ok := p[k].(float64); ok {
				vs = append(vs, f-1, f, f+1)
				if f < 5000 {
					vs = append(vs, strings.Repeat("a", max(0, int(f)+1)), strings.Repeat("a", max(0, int(f)-1)))
				}
			}
		}
		for _, v := range vs {
			m := map[string]any{name: v}
			for _, r := range s.Required {
				if r != name {
					m[r] = "x"
				}
			}
			add(m)
		}
	}
	return out
}

func BenchmarkCheck(b *testing.B) {
	c := contract(b, issueSchema)
	d := catalog.Digest(c)
	valid := []byte(`{"title":"x","labels":[{"name":"bug"}],"priority":2}`)
	invalid := []byte(`{"title":"","labels":[{"name":7}],"priority":9}`)
	b.Run("valid", func(b *testing.B) {
		for b.Loop() {
			args.Check(d, &c, valid)
		}
	})
	b.Run("invalid", func(b *testing.B) {
		for b.Loop() {
			args.Check(d, &c, invalid)
		}
	})
}

func TestBoundsReadAsJSONWritesNumbers(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"n":{"type":"number","description":"N.","maximum":5000,"multipleOf":0.5},"s":{"type":"string","description":"S.","maxLength":1200}}}`)
	got := args.Check(catalog.Digest(c), &c, []byte(`{"n":9000.25,"s":"`+strings.Repeat("a", 1201)+`"}`))
	want := []args.Problem{{"/n", "must be at most 5000, got 9000.25"}, {"/n", "must be a multiple of 0.5, got 9000.25"}, {"/s", "must be at most 1200 characters long, got 1201"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%+v, want %+v", got, want)
	}
}
