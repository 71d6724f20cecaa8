package web

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// modelError is the model-visible error every route answers.
type modelError struct {
	Error *struct {
		Type        string   `json:"type"`
		Message     string   `json:"message"`
		NextActions []string `json:"next_actions"`
	} `json:"error"`
}

// TestNextActionsAreTokens: every route family answers a refusal in one
// format — next_actions are tokens of authority.NextActions, the human
// sentence is in message — over the gateway's tools/call (unknown tool,
// tool not loaded, bad _meta), search_tools, load_skill, the REST run
// calls and /authorize.
func TestNextActionsAreTokens(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	check := func(what string, raw []byte) {
		t.Helper()
		var e modelError
		if err := json.Unmarshal(raw, &e); err != nil || e.Error == nil {
			t.Errorf("%s: no structured error: %s", what, raw)
			return
		}
		if e.Error.Message == "" || len(e.Error.NextActions) == 0 {
			t.Errorf("%s: an error without a message or next actions: %s", what, raw)
		}
		for _, a := range e.Error.NextActions {
			if !slices.Contains(authority.NextActions, a) {
				t.Errorf("%s: next action %q is not a token of authority.NextActions", what, a)
			}
		}
	}
	gw := func(what, tool string, args, meta map[string]any) {
		t.Helper()
		text, isErr := call(t, cs, tool, args, meta)
		if !isErr {
			t.Fatalf("%s: not refused: %s", what, text)
		}
		check(what, []byte(text))
	}
	gw("gateway: unknown tool", "demo.nope", map[string]any{}, nil)
	gw("gateway: not loaded yet", "demo.echo", map[string]any{"text": "a"}, nil)
	gw("search: bad arguments", "search_tools", map[string]any{"query": ""}, nil)
	if text, _ := call(t, cs, "search_tools", map[string]any{"query": "echo a text back unchanged"}, nil); !strings.Contains(text, "demo.echo") {
		t.Fatalf("search: %s", text)
	}
	gw("gateway: bad _meta.idempotency_key", "demo.echo", map[string]any{"text": "a"}, map[string]any{"idempotency_key": ""})
	gw("gateway: bad _meta.approval", "demo.echo", map[string]any{"text": "a"}, map[string]any{"approval": 5})
	gw("gateway: load_skill not listed", instruction.LoadSkillToolID, map[string]any{"slug": "x"}, nil)

	key := h.runtimeKey()
	rest := func(what string, body map[string]any) {
		t.Helper()
		_, out := h.api(http.MethodPost, "/api/v1/runs/na-1/calls", key, body)
		check(what, out)
	}
	rest("run calls: unknown tool", map[string]any{"agent": "analyst", "tool": "launch_rockets", "receipts": []any{}})
	rest("skill loader: bad arguments", map[string]any{"agent": "analyst", "pins": []string{"read_spreadsheet"}, "tool": instruction.LoadSkillToolID, "receipts": []any{}, "arguments": map[string]any{"slug": 5}})
	rest("skill loader: unknown skill", map[string]any{"agent": "analyst", "pins": []string{"read_spreadsheet", "workspace_write"}, "tool": instruction.LoadSkillToolID, "receipts": []any{}, "arguments": map[string]any{"slug": "no-such-skill"}})
	_, out := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u1")})
	check("authorize: approval required", out)
}

// gatewayDocs returns the README and docs/gateway.md, which its gateway
// section links to for the refusals' rules: what a user reads of them.
func gatewayDocs(t *testing.T) []byte {
	t.Helper()
	var all []byte
	for _, f := range []string{"../README.md", "../docs/gateway.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(append(all, b...), '\n')
	}
	return all
}

// TestReadmeListsNextActions: the README or docs/gateway.md lists every
// next-action token.
func TestReadmeListsNextActions(t *testing.T) {
	b := gatewayDocs(t)
	for _, a := range authority.NextActions {
		if !strings.Contains(string(b), "`"+a+"`") {
			t.Errorf("neither the README nor docs/gateway.md lists the next action %s", a)
		}
	}
}

// TestNextActionsInSourceAreTokens: the whole class — every next action
// the web package writes (gwError's arguments, a NextActions literal) is
// an authority.Act* constant, never a sentence.
func TestNextActionsInSourceAreTokens(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	isToken := func(e ast.Expr) bool {
		s, ok := e.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		x, ok := s.X.(*ast.Ident)
		return ok && x.Name == "authority" && strings.HasPrefix(s.Sel.Name, "Act")
	}
	bad := func(where token.Pos, e ast.Expr) {
		if !isToken(e) {
			t.Errorf("%s: a next action that is not an authority.Act* token", fset.Position(where))
		}
	}
	lit := func(e ast.Expr) {
		if c, ok := e.(*ast.CompositeLit); ok {
			for _, el := range c.Elts {
				bad(el.Pos(), el)
			}
		}
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "gwError" {
					for _, a := range n.Args[min(2, len(n.Args)):] {
						bad(a.Pos(), a)
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && id.Name == "NextActions" {
					lit(n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if s, ok := l.(*ast.SelectorExpr); ok && s.Sel.Name == "NextActions" && i < len(n.Rhs) {
						lit(n.Rhs[i])
					}
				}
			}
			return true
		})
	}
}

// TestReadmeDocumentsEveryErrorType: every error type the code can give a
// client (a constant named Type… in the authority package or type… in the
// web package) has its row in the table of error types (docs/gateway.md,
// linked from the README), saying what the client does.
func TestReadmeDocumentsEveryErrorType(t *testing.T) {
	b := gatewayDocs(t)
	found := 0
	for _, dir := range []string{"../instruction/authority", "."} {
		for _, typ := range errorTypeConstants(t, dir) {
			found++
			if !strings.Contains(string(b), "| `"+typ+"` |") {
				t.Errorf("the table of error types (README, docs/gateway.md) has no row for %s", typ)
			}
		}
	}
	if found < 14 {
		t.Fatalf("found %d error types in the source, want every one", found)
	}
}

// errorTypeConstants are the values of a package's string constants
// named Type… or type… whose value is a snake_case token.
func errorTypeConstants(t *testing.T, dir string) []string {
	t.Helper()
	pkgs, err := parser.ParseDir(token.NewFileSet(), dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	name, word := regexp.MustCompile(`^[Tt]ype[A-Z]`), regexp.MustCompile(`^"[a-z]+(_[a-z]+)+"$`)
	var out []string
	for _, p := range pkgs {
		for _, f := range p.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				vs, ok := n.(*ast.ValueSpec)
				if !ok {
					return true
				}
				for i, id := range vs.Names {
					if i < len(vs.Values) && name.MatchString(id.Name) {
						if lit, ok := vs.Values[i].(*ast.BasicLit); ok && word.MatchString(lit.Value) {
							out = append(out, strings.Trim(lit.Value, `"`))
						}
					}
				}
				return true
			})
		}
	}
	return out
}
