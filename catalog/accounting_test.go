package catalog_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// checkAccounted asserts that every expectation of schema holds in both
// renderings of c.
func checkAccounted(t *testing.T, c catalog.Contract, schema map[string]any) {
	t.Helper()
	exp := map[string]*want{}
	schema = expandRefs(schema)
	if !expectSchema(exp, "", schema, nil, true) {
		t.Errorf("%s: imported although the reference model refuses its schema", c.ID)
		return
	}
	dropPlaces(exp)
	// the argument object's header line has no facts of its own unless the
	// root schema has rules beyond its properties
	rootEmpty := len(exp[""].facts) == 0 && exp[""].text == nil
	for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
		rc, err := readRendering(form, text)
		if err != nil {
			t.Errorf("%s %s: unreadable rendering: %v\n%s", c.ID, form, err, text)
			continue
		}
		for path, w := range exp {
			n := rc.nodes[path]
			if n == nil && path == "" && rootEmpty {
				continue
			}
			if n == nil {
				t.Errorf("%s %s: no node %q in\n%s", c.ID, form, path, text)
				continue
			}
			for _, f := range w.facts {
				if !contains(n.facts, f) {
					t.Errorf("%s %s: %q lacks fact %q (has %q)", c.ID, form, path, f, n.facts)
				}
			}
			if w.text != nil && n.text != *w.text {
				t.Errorf("%s %s: %q reads back as %q, want %q", c.ID, form, path, n.text, *w.text)
			}
		}
		for path := range rc.nodes {
			if exp[path] == nil && path != returnsPath && !strings.HasPrefix(path, returnsPath+"/") {
				t.Errorf("%s %s: node %q has no source", c.ID, form, path)
			}
		}
		if rc.purpose != normText(c.Purpose) {
			t.Errorf("%s %s: purpose reads back as %q", c.ID, form, rc.purpose)
		}
	}
}

// checkOutputAccounted asserts that every keyword of an output schema is
// in both renderings of c, under the result object (returnsPath), and that
// no result node lacks a source.
func checkOutputAccounted(t *testing.T, c catalog.Contract, schema map[string]any) {
	t.Helper()
	exp := map[string]*want{}
	schema = expandRefs(schema)
	if !expectSchema(exp, returnsPath, schema, nil, true) {
		t.Errorf("%s: imported although the reference model refuses its output schema", c.ID)
		return
	}
	dropPlaces(exp)
	for form, rc := range readBoth(t, c) {
		for path, w := range exp {
			n := rc.nodes[path]
			if n == nil {
				t.Errorf("%s %s: no result node %q (have %q)", c.ID, form, path, rc.order)
				continue
			}
			for _, f := range w.facts {
				if !contains(n.facts, f) {
					t.Errorf("%s %s: %q lacks fact %q (has %q)", c.ID, form, path, f, n.facts)
				}
			}
			if w.text != nil && n.text != *w.text {
				t.Errorf("%s %s: %q reads back as %q, want %q", c.ID, form, path, n.text, *w.text)
			}
		}
		for path := range rc.nodes {
			if (path == returnsPath || strings.HasPrefix(path, returnsPath+"/")) && exp[path] == nil {
				t.Errorf("%s %s: result node %q has no source", c.ID, form, path)
			}
		}
	}
}

// TestGitHubFixtureAccountsForEveryKeyword: every keyword and value of every
// schema of the 117-tool fixture is in both renderings, or the tool is
// refused.
func TestGitHubFixtureAccountsForEveryKeyword(t *testing.T) {
	_, tools := readToolsFile(t, catalogtest.FixturePath())
	imported, refused := 0, 0
	for _, tool := range tools {
		one, _ := json.Marshal(map[string]any{"tools": []any{tool}})
		cs, ps := catalog.Parse(catalog.FormatMCP, one, "github")
		if len(ps) > 0 {
			refused++
			for _, p := range ps {
				if p.Tool == "" || p.Field == "" {
					t.Errorf("problem without tool and path: %v", p)
				}
			}
			continue
		}
		imported++
		schema, _ := tool["inputSchema"].(map[string]any)
		checkAccounted(t, cs[0], schema)
	}
	t.Logf("GitHub fixture: %d tools import with every keyword accounted for, %d refused", imported, refused)
	if imported+refused != 117 {
		t.Fatalf("saw %d tools, want 117", imported+refused)
	}
}
