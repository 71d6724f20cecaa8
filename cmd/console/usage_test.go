package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestUsageNamesEveryCommand: `console --help` lists every command and
// sub-command the dispatcher answers (connection edit and
// remove, approval withdraw were missing). The commands are read from the
// source — run's switch and the first switch of each command's function —
// so a command added without its usage line fails here.
func TestUsageNamesEveryCommand(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	funcs := map[string]*ast.FuncDecl{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				funcs[fd.Name.Name] = fd
			}
		}
	}
	lines := strings.Split(usage, "\n")
	words := func(line string) map[string]bool {
		m := map[string]bool{}
		for _, w := range regexp.MustCompile(`[a-z]+`).FindAllString(line, -1) {
			m[w] = true
		}
		return m
	}
	listed := func(cmd, sub string) bool {
		for _, l := range lines {
			if !strings.HasPrefix(l, "  "+cmd+" ") && strings.TrimSpace(l) != cmd {
				continue
			}
			// the words before the description (two or more spaces)
			head := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(l), 2)[0]
			if sub == "" || words(head)[sub] {
				return true
			}
		}
		return false
	}
	top := firstCases(funcs["run"])
	if len(top) < 10 {
		t.Fatalf("found %d commands in run's switch: the test no longer reads the dispatcher", len(top))
	}
	for cmd, fn := range top {
		if cmd == "help" {
			continue
		}
		if !listed(cmd, "") {
			t.Errorf("usage does not list the command %q", cmd)
		}
		if fd := funcs[fn]; fd != nil {
			for sub := range firstCases(fd) {
				if !listed(cmd, sub) {
					t.Errorf("usage does not list %q %q", cmd, sub)
				}
			}
		}
	}
}

// firstCases maps the string cases of fd's first switch on a command word
// (cmd, verb or args[0]; switches on flags or modes are not commands) to
// the function each case calls first ("" when it calls none).
func firstCases(fd *ast.FuncDecl) map[string]string {
	out := map[string]string{}
	if fd == nil {
		return out
	}
	var sw *ast.SwitchStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if s, ok := n.(*ast.SwitchStmt); ok && sw == nil && commandWord(s.Tag) {
			sw = s
			return false
		}
		return sw == nil
	})
	if sw == nil {
		return out
	}
	for _, st := range sw.Body.List {
		cc := st.(*ast.CaseClause)
		callee := ""
		for _, s := range cc.Body {
			ast.Inspect(s, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && callee == "" {
					if id, ok := c.Fun.(*ast.Ident); ok {
						callee = id.Name
					}
				}
				return callee == ""
			})
		}
		for _, e := range cc.List {
			if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.STRING {
				if v, err := strconv.Unquote(bl.Value); err == nil {
					out[v] = callee
				}
			}
		}
	}
	return out
}

// commandWord reports whether a switch's tag is the command line's word:
// the variable cmd or verb, or args[0].
func commandWord(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name == "cmd" || x.Name == "verb"
	case *ast.IndexExpr:
		id, ok := x.X.(*ast.Ident)
		lit, isLit := x.Index.(*ast.BasicLit)
		return ok && id.Name == "args" && isLit && lit.Value == "0"
	}
	return false
}
