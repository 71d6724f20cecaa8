package views

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestForgeWarningSaysWhatTheTextAsksInWords: a capability warning read
// "teaches the absent tool action:upload"; it now says "asks to upload",
// as the catalog pages do, and a tool warning keeps its tool (broken only
// where its words meet).
func TestForgeWarningSaysWhatTheTextAsksInWords(t *testing.T) {
	var b bytes.Buffer
	d := ForgeData{Warnings: []Warning{
		{Kind: "capability", Class: "action:upload", Tool: "action:upload", Section: "catalog", Signal: "upload it to the", Excerpt: "then upload it to the drive"},
		{Kind: "tool", Tool: "workspace_write", Section: "catalog", Signal: "save it with workspace_write"},
	}}
	if err := Projection(d).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"asks to upload", "the absent tool <code>workspace_<wbr>write</code>"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	if strings.Contains(out, "action:upload") {
		t.Errorf("the checker's label shows:\n%s", out)
	}
}
