package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestComposeWarningsSayWhatTheTextAsksInWords: a capability warning on
// stderr read "teaches capability action:upload"; it now says what the
// text asks in the catalog pages' words ("asks to upload").
func TestComposeWarningsSayWhatTheTextAsksInWords(t *testing.T) {
	db := dbWithReviewedTool(t, catalog.Contract{ID: "make_report", Title: "Make report", Purpose: "Builds the monthly report as a PDF. Then upload it to the shared drive.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"})
	_, stderr, err := runCLISplit(t, db, "compose", "--tools", "read_file,make_report", "--tier", "compact")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "asks to upload via") {
		t.Errorf("stderr lacks the finding in words:\n%s", stderr)
	}
	if l := regexp.MustCompile(`capability|[a-z]+:upload`).FindString(stderr); l != "" {
		t.Errorf("stderr shows the checker's label %q:\n%s", l, stderr)
	}
}
