package web

import (
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// parenPlural is a word with "(s)" tacked on: "step(s)", "tool(s)".
var parenPlural = regexp.MustCompile(`[A-Za-z]{2,}\(s\)`)

// consoleSourceDirs are the packages whose strings reach people.
var consoleSourceDirs = []string{"../web", "../views", "../models", "../catalog", "../instruction", "../cmd"}

// eachConsoleSource calls fn with every non-test Go file of the
// consoleSourceDirs, failing the test on an error.
func eachConsoleSource(t *testing.T, fn func(path string) error) {
	t.Helper()
	for _, dir := range consoleSourceDirs {
		err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			return fn(path)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestNoParenthesisedPlurals: no text the console writes (pages, flashes,
// errors, audit details; templ text compiles to string literals) says
// "tool(s)": a count takes its proper plural.
func TestNoParenthesisedPlurals(t *testing.T) {
	var bad []string
	eachStringLiteral(t, func(string) bool { return false }, func(at, lit string) {
		if parenPlural.MatchString(lit) {
			bad = append(bad, at+": "+parenPlural.FindString(lit))
		}
	})
	for _, b := range bad {
		t.Error(b)
	}
}

// countedPlural is a formatted count before a plural noun: "%d searches".
var countedPlural = regexp.MustCompile(`%d ([a-z]+ )?(searches|calls|tools|steps|events|receipts|texts|tables|rows|cases|days|grants|hints|migrations|results|skills|tokens|runs|requests|rosters|keys|bindings|approvals|agents|profiles|connections)\b`)

// alwaysMany says a literal counts only past a bound (a ceiling, a
// limit), where the count is never 1.
var alwaysMany = regexp.MustCompile(`ceiling|at most|more than|limit|longer than|above|want %d|of this document|the most it may have`)

// TestNoFixedPluralAfterACount: no text the console writes formats a count
// before a fixed plural noun ("used its %d searches" reads "1 searches"):
// plural.Count writes the noun the count takes.
func TestNoFixedPluralAfterACount(t *testing.T) {
	var bad []string
	eachStringLiteral(t, func(path string) bool {
		return strings.HasSuffix(path, "_templ.go") || strings.Contains(path, "test/")
	}, func(at, lit string) {
		if countedPlural.MatchString(lit) && !alwaysMany.MatchString(lit) {
			bad = append(bad, at+": "+countedPlural.FindString(lit))
		}
	})
	for _, b := range bad {
		t.Error(b)
	}
}

// eachStringLiteral calls fn with the position and text of every string
// literal in the console's sources, but those skip names.
func eachStringLiteral(t *testing.T, skip func(path string) bool, fn func(at, lit string)) {
	t.Helper()
	eachConsoleSource(t, func(path string) error {
		if skip(path) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fs := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fs.AddFile(path, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				return nil
			}
			if tok == token.STRING {
				fn(fs.Position(pos).String(), lit)
			}
		}
	})
}
