package catalog

import (
	"strings"
	"testing"
)

// TestRenderRemovesSharedIndentation: a server's descriptions written
// inside its source code carry that code's indentation (24 spaces before
// every line after the first) into every rendering. Rendered, the shared
// indentation goes and deeper indentation stays; the contract keeps the
// text as it came.
func TestRenderRemovesSharedIndentation(t *testing.T) {
	pad := strings.Repeat(" ", 24)
	purpose := "Read a file.\n" + pad + "\n" + pad + "Prefer this over shell commands.\n" + pad + "Examples:\n" + pad + "  - a path\n" + pad + "Ends here."
	c := Contract{ID: "svc.read", Title: "Read", Purpose: purpose, Class: ClassService, Effects: EffectsReadOnly, Version: "1"}
	want := "Read a file.\n\nPrefer this over shell commands.\nExamples:\n  - a path\nEnds here."
	if got := Dedent(purpose); got != want {
		t.Errorf("Dedent: %q", got)
	}
	for name, out := range map[string]string{"full": RenderFull(c), "compact": RenderCompact(c)} {
		if strings.Contains(out, pad) {
			t.Errorf("%s form keeps the source indentation:\n%s", name, out)
		}
		if !strings.Contains(out, "|   - a path") {
			t.Errorf("%s form lost the deeper indentation:\n%s", name, out)
		}
	}
	if c.Purpose != purpose {
		t.Error("rendering changed the contract's text")
	}
	for _, s := range []string{"one line", "a\nb", "a\n  b\nc"} {
		if got := Dedent(s); got != s {
			t.Errorf("Dedent(%q) = %q: a text with nothing shared changed", s, got)
		}
	}
}
