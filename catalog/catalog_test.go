package catalog_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

var update = flag.Bool("update", false, "rewrite golden files")

func loadGitHub(t testing.TB) []catalog.Contract  { return catalogtest.GitHub(t) }
func loadBuiltin(t testing.TB) []catalog.Contract { return catalogtest.Builtin(t) }

func TestBuiltinCatalogIsRealistic(t *testing.T) {
	cs := loadBuiltin(t)
	if len(cs) < 30 || len(cs) > 40 {
		t.Errorf("builtin catalog has %d tools, want 30-40", len(cs))
	}
	c, err := catalog.New(cs)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"exec", "read_file", "list_files", "workspace_write", "search_files", "render_chart", "web_search", "web_fetch", "ask_user"} {
		if _, ok := c.Get(id); !ok {
			t.Errorf("builtin catalog lacks %s", id)
		}
	}
	codeOnly := 0
	for _, k := range cs {
		if k.CodeOnly {
			codeOnly++
		}
		if len(k.Examples) == 0 {
			t.Errorf("%s has no example", k.ID)
		}
		if k.Returns == "" {
			t.Errorf("%s has no return description", k.ID)
		}
	}
	if codeOnly < 3 {
		t.Errorf("%d code-only helpers, want several", codeOnly)
	}
}

func TestGitHubFixtureImports(t *testing.T) {
	cs := loadGitHub(t)
	if len(cs) != 117 {
		t.Fatalf("got %d tools, want 117", len(cs))
	}
	c, err := catalog.New(cs)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Get("github.create_issue"); !ok {
		t.Fatal("github.create_issue missing")
	}
	e, ok := c.Get("github.get_me")
	if !ok || e.Contract().Effects != catalog.EffectsReadOnly || e.Contract().Class != catalog.ClassService {
		t.Fatalf("github.get_me: %+v", e)
	}
	del, _ := c.Get("github.delete_repository")
	if got := del.Contract().Effects; got != catalog.EffectsDestructive {
		t.Errorf("delete_repository effects = %s, want destructive", got)
	}
	pw, _ := c.Get("github.projects_write")
	var found bool
	for _, p := range pw.Contract().Params {
		if p.Name == "updated_field" {
			found = len(p.OneOf) == 2 && len(p.OneOf[0].Properties) == 2 && len(p.OneOf[1].Properties) == 2 && len(p.Properties) == 0
		}
	}
	if !found {
		t.Errorf("projects_write.updated_field lost its oneOf variants")
	}
}

// TestFormsNeverCutAContract: every description string of every contract
// reads back, structure intact, from both forms, and the compact form is
// strictly shorter.
func TestFormsNeverCutAContract(t *testing.T) {
	all := append(loadBuiltin(t), loadGitHub(t)...)
	for _, c := range all {
		full, compact := catalog.RenderFull(c), catalog.RenderCompact(c)
		for form, text := range map[string]string{"full": full, "compact": compact} {
			rc, err := readRendering(form, text)
			if err != nil {
				t.Errorf("%s %s: %v", c.ID, form, err)
				continue
			}
			read := map[string]bool{rc.purpose: true, rc.returns: true}
			for _, n := range rc.nodes {
				read[n.text] = true
			}
			for _, k := range rc.constraints {
				read[k] = true
			}
			for _, want := range c.Texts() {
				if !read[normText(want)] {
					t.Errorf("%s: %s form lacks %q", c.ID, form, want)
				}
			}
		}
		if len(compact) >= len(full) {
			t.Errorf("%s: compact (%d bytes) is not shorter than full (%d)", c.ID, len(compact), len(full))
		}
		for _, r := range []string{full, compact} {
			if r == "" || strings.ContainsAny(r[:1], " \t\n/") || !strings.HasSuffix(r, "\n") {
				t.Errorf("%s: rendering breaks the unit boundary rule: %q", c.ID, r[:min(len(r), 20)])
			}
		}
	}
}

func TestGolden(t *testing.T) {
	all := append(loadBuiltin(t), loadGitHub(t)...)
	want := map[string]bool{"exec": true, "read_file": true, "ask_user": true, "github.projects_write": true, "github.get_me": true}
	for _, c := range all {
		if !want[c.ID] {
			continue
		}
		for form, text := range map[string]string{"full": catalog.RenderFull(c), "compact": catalog.RenderCompact(c)} {
			path := filepath.Join("testdata", "golden", c.ID+"."+form+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			golden, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./catalog -update)", err)
			}
			if string(golden) != text {
				t.Errorf("%s %s form differs from %s:\n%s", c.ID, form, path, text)
			}
		}
	}
}

func TestDigestIsStableAndContentAddressed(t *testing.T) {
	cs := loadBuiltin(t)
	a, b := catalog.Digest(cs[0]), catalog.Digest(cs[0])
	if a != b || len(a) != 64 {
		t.Fatalf("digest not stable: %s %s", a, b)
	}
	changed := cs[0]
	changed.Purpose += " More."
	if catalog.Digest(changed) == a {
		t.Fatal("digest ignores the purpose")
	}
}
