package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestReadmeExamplesNeverPrompt: the README's approvals example added a
// reviewer with `console user add rita …`, which asks for a password at
// a terminal: pasted into a script it waited for one. Every example that
// adds a user gives the password without a terminal — piped in on
// standard input or with --password-file; the command list's synopsis
// (NAME, [--password-file FILE]) is no example.
func TestReadmeExamplesNeverPrompt(t *testing.T) {
	adds := regexp.MustCompile(`(^|[;|(&]\s*)console user add `)
	n := 0
	for _, l := range exampleLines(t) {
		if !adds.MatchString(l) || strings.Contains(l, "NAME") {
			continue
		}
		n++
		if !strings.Contains(l, "--password-file") && !regexp.MustCompile(`\|\s*console user add `).MatchString(l) {
			t.Errorf("an example asks for a password at a terminal: %s", l)
		}
	}
	if n == 0 {
		t.Fatal("no README example adds a user")
	}
}
