package views

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestNeedsListSaysWhatTheToolAsksInWords: a finding showed the checker's
// label to users ("action:upload"); the list now says "asks to upload".
func TestNeedsListSaysWhatTheToolAsksInWords(t *testing.T) {
	var b bytes.Buffer
	ns := []Need{{Class: "action:upload", Signal: "upload it to the", Suggestion: "add a tool that uploads"}, {Class: "email", Signal: "email the user"}, {Class: "tool:formatter", Signal: "use the formatter tool"}}
	if err := NeedsList(ns).Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"asks to upload", "asks for email", "asks for a tool formatter"} {
		if !strings.Contains(out, want) {
			t.Errorf("%q missing:\n%s", want, out)
		}
	}
	for _, label := range []string{"action:upload", "tool:formatter"} {
		if strings.Contains(out, label) {
			t.Errorf("the checker's label %q shows:\n%s", label, out)
		}
	}
}
