package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// cachedDOMActions are chromedp's actions that find a node in chromedp's
// cached DOM tree and then act on its id, which fails without a retry when
// a navigation or an htmx swap replaced the node in between; bare
// Navigate and Reload leave htmx loads running. browser_live_test.go has
// the live-document equivalents.
var cachedDOMActions = map[string]string{
	"Click": "click", "DoubleClick": "click", "Tap": "click", "MouseClickNode": "click",
	"SendKeys": "typeInto", "KeyEventNode": "typeInto", "Focus": "typeInto", "Blur": "a live-document step",
	"SetValue": "setValue", "Clear": "setValue", "Submit": "navigates(submit(…))", "Reset": "a live-document step",
	"SetUploadFiles": "upload", "ScrollIntoView": "scrollTo",
	"WaitVisible": "waitVisible", "WaitReady": "present", "WaitNotVisible": "waitJS", "WaitEnabled": "waitJS",
	"WaitSelected": "waitJS", "WaitNotPresent": "waitJS",
	"Text": "text", "TextContent": "textContent", "Value": "readLive", "InnerHTML": "readLive", "OuterHTML": "readLive",
	"AttributeValue": "attr", "Attributes": "attr", "AttributesAll": "attr", "JavascriptAttribute": "readLive",
	"SetAttributeValue": "a live-document step", "SetAttributes": "a live-document step", "RemoveAttribute": "a live-document step",
	"SetJavascriptAttribute": "setValue", "Dimensions": "readLive", "ComputedStyle": "readLive", "MatchedStyle": "readLive",
	"Nodes": "readLive", "Query": "present", "QueryAfter": "readLive", "QueryNodeIDs": "readLive",
	"Screenshot": "screenshot", "Dump": "readLive", "DumpTo": "readLive",
	"Navigate": "visit", "Reload": "reload",
}

// TestBrowserTestsUseTheLiveDocument keeps the class of flaky browser steps
// out: every browser test acts and reads through the live-document helpers,
// which wait for the page to settle, never through chromedp's cached-DOM
// actions, and never sleeps for a fixed time.
func TestBrowserTestsUseTheLiveDocument(t *testing.T) {
	files, err := filepath.Glob("browser*_test.go")
	if err != nil || len(files) < 10 {
		t.Fatalf("browser test files: %v %v", files, err)
	}
	var bad []string
	fset := token.NewFileSet()
	for _, f := range files {
		if f == "browser_live_test.go" || f == "browser_rules_test.go" {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			switch {
			case pkg.Name == "chromedp" && cachedDOMActions[sel.Sel.Name] != "":
				bad = append(bad, fset.Position(sel.Pos()).String()+": chromedp."+sel.Sel.Name+": acts on chromedp's cached DOM or skips the settle; use "+cachedDOMActions[sel.Sel.Name])
			case pkg.Name == "time" && sel.Sel.Name == "Sleep":
				bad = append(bad, fset.Position(sel.Pos()).String()+": a fixed sleep; wait for the condition (waitJS) or hold the server on a channel")
			}
			return true
		})
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("browser tests that can race the page:\n%s", strings.Join(bad, "\n"))
	}
}
