package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoMessageStopsMidSentence: no sentence-like string literal the
// console shows (approval summaries, errors, hints) stops on a word that
// cannot end a sentence ("… with exactly these"), in any package.
func TestNoMessageStopsMidSentence(t *testing.T) {
	dangling := map[string]bool{"the": true, "a": true, "an": true, "these": true, "with": true, "of": true,
		"and": true, "or": true, "by": true, "its": true, "their": true, "this": true, "that": true}
	var dirs []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != ".." || d.Name() == "testdata" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() {
			dirs = append(dirs, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") || strings.HasSuffix(f, "_templ.go") {
				continue
			}
			fs := token.NewFileSet()
			af, err := parser.ParseFile(fs, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(af, func(n ast.Node) bool {
				if be, ok := n.(*ast.BinaryExpr); ok && be.Op == token.ADD {
					return false // a piece of a longer message
				}
				bl, ok := n.(*ast.BasicLit)
				if !ok || bl.Kind != token.STRING {
					return true
				}
				s, err := strconv.Unquote(bl.Value)
				if err != nil || len(s) < 30 || strings.Count(s, " ") < 5 || strings.HasSuffix(s, " ") {
					return true
				}
				w := strings.Fields(s)
				if last := w[len(w)-1]; dangling[strings.ToLower(last)] {
					t.Errorf("%s: a message stops mid-sentence: …%q", fs.Position(bl.Pos()), s[max(0, len(s)-60):])
				}
				return true
			})
		}
	}
}
