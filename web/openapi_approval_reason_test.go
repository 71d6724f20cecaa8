package web

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
)

// TestApprovalReasonsAreListed: every approval_reason the authority
// package declares (each ReasonApproval… constant in its source) is in
// authority.ApprovalReasons, and every approval_reason the served OpenAPI
// document describes enumerates exactly that list, which the README or docs/gateway.md
// names too: a client generated with strict enumerations never meets a
// reason it was not told of.
func TestApprovalReasonsAreListed(t *testing.T) {
	declared := approvalReasonConsts(t, "../instruction/authority")
	if len(declared) < 10 {
		t.Fatalf("found %d ReasonApproval constants in the source: %v", len(declared), declared)
	}
	listed := slices.Sorted(slices.Values(authority.ApprovalReasons))
	if slices.Sort(declared); !slices.Equal(declared, listed) {
		t.Errorf("declared reasons %v, authority.ApprovalReasons %v", declared, listed)
	}
	b, err := json.Marshal(servedOpenAPI(deferred.DefaultCeilings()))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	found := 0
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if k == "approval_reason" {
					found++
					s, _ := e.(map[string]any)
					var enum []string
					vs, _ := s["enum"].([]any)
					for _, v := range vs {
						s, _ := v.(string)
						enum = append(enum, s)
					}
					if !slices.Equal(slices.Sorted(slices.Values(enum)), listed) {
						t.Errorf("%s.approval_reason enumerates %v, want %v", path, enum, listed)
					}
					continue
				}
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		}
	}
	walk("", doc)
	if found == 0 {
		t.Error("the document describes no approval_reason")
	}
	readme := gatewayDocs(t)
	for _, r := range listed {
		if !strings.Contains(string(readme), "`"+r+"`") {
			t.Errorf("neither README.md nor docs/gateway.md names the approval_reason %s", r)
		}
	}
}

// approvalReasonConsts is the value of every constant named
// ReasonApproval… in the non-test Go files of dir.
func approvalReasonConsts(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range vs.Names {
				if !strings.HasPrefix(id.Name, "ReasonApproval") || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.BasicLit)
				if !ok {
					t.Errorf("%s: %s is not a string literal", name, id.Name)
					continue
				}
				v, _ := strconv.Unquote(lit.Value)
				out = append(out, v)
			}
			return true
		})
	}
	return out
}
