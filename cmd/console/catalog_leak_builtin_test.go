package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
)

// TestCatalogValidateRaisesNoFalseAlarmOnKnownCatalogs: the CLI's leak
// lines on the console's own built-in catalog and on the 117-tool GitHub
// fixture are false alarms, every one: a built-in's boolean flag saying
// what the tool does when it is set ("ocr: Recognize text in scanned
// pages") and a parameter name before its value ("Get thread IDs from
// pull_request_read with method get_review_comments", read as a service
// "method"). One line is a true finding, the one compose
// reports too once the tools are available: label_write tells the agent to
// "use the 'update_issue' tool", which the fixture's server no longer has
// (it updates issues through issue_write), one reading.
func TestCatalogValidateRaisesNoFalseAlarmOnKnownCatalogs(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for _, args := range [][]string{
		{"catalog", "validate", filepath.Join("..", "..", "catalog", "builtin", "tools.yaml")},
		{"catalog", "validate", catalogtest.FixturePath(), "--format", "mcp", "--namespace", "github"},
	} {
		out, stderr, err := runSplit(t, db, args...)
		if err != nil || stderr != "" {
			t.Fatalf("%v: %v\n%s%s", args, err, out, stderr)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "leak: github.label_write: asks for a tool update_issue via “use the update_issue tool”") {
				continue
			}
			if strings.HasPrefix(l, "leak: ") {
				t.Errorf("%s: false alarm: %s", args[2], l)
			}
		}
	}
}
