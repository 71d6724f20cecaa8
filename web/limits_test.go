package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strings"
	"testing"
)

// limitByHand is a limit written into a message: "at most 200 characters",
// "1-128 bytes", "1 to 25", a pattern's "{0,63}". Such a number drifts
// from the rule it restates (tools/search said "1-128 bytes" of groups
// whose rule allows 64); messages format the constant or pattern the
// check uses instead.
var limitByHand = regexp.MustCompile(`(?i)(\b\d{2,}\s*(bytes?|characters?|chars|runes|groups?|grants?|tools?|entries|items|letters)\b|\b(at most|up to|over|under|max(imum)?|min(imum)?)\s+\d{2,}\b|\b\d{1,2}\s*(-|–|to)\s*\d{2,}(\s+[a-z]|[)"]|$)|\{\d+,\d+\})`)

// TestNoLimitWrittenByHand: no string the console writes (errors, form
// messages, the OpenAPI document, templ text) states a limit as a literal
// number; each formats the constant its check uses. Patterns compiled by
// regexp, and constants named as patterns, are the rules themselves and
// are exempt.
// isoDate is a string literal that is a date (a protocol version such as
// "2025-03-26"), whose "03-26" is no range of a limit.
var isoDate = regexp.MustCompile(`^"\d{4}-\d{2}-\d{2}"$`)

func TestNoLimitWrittenByHand(t *testing.T) {
	var bad []string
	eachConsoleSource(t, func(path string) error {
		fs := token.NewFileSet()
		f, err := parser.ParseFile(fs, path, nil, 0)
		if err != nil {
			return err
		}
		rules := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "regexp" {
						for _, a := range n.Args {
							if lit, ok := a.(*ast.BasicLit); ok {
								rules[lit] = true
							}
						}
					}
				}
			case *ast.ValueSpec:
				// a named pattern (o200kPattern, compiled by another regexp
				// package) is a rule like regexp's arguments
				for _, name := range n.Names {
					if strings.HasSuffix(strings.ToLower(name.Name), "pattern") {
						ast.Inspect(n, func(m ast.Node) bool {
							if lit, ok := m.(*ast.BasicLit); ok {
								rules[lit] = true
							}
							return true
						})
					}
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING && !rules[n] && !isoDate.MatchString(n.Value) && limitByHand.MatchString(n.Value) {
					bad = append(bad, fs.Position(n.Pos()).String()+": "+limitByHand.FindString(n.Value))
				}
			}
			return true
		})
		return nil
	})
	for _, b := range bad {
		t.Error(b)
	}
}
