package views

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestNamePartsBreakAfterSeparators(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"delete_observations", []string{"delete_", "observations"}},
		{"memory.delete_entities", []string{"memory.", "delete_", "entities"}},
		{"trigger-long-running-operation", []string{"trigger-", "long-", "running-", "operation"}},
		{"plain", []string{"plain"}},
		{"ends_", []string{"ends_"}},
		{"", nil},
	} {
		if got := NameParts(c.in); !slices.Equal(got, c.want) {
			t.Errorf("NameParts(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestNameWithBreaksEscapes(t *testing.T) {
	var b strings.Builder
	if err := NameWithBreaks("a<b>_c&d").Render(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "a&lt;b&gt;_<wbr>c&amp;d"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
