package upstream

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestJSONLinesDropsOnlyNonJSONLines: the filter keeps every line that
// opens with '{' whole and drops every other line whole, however the
// stream is cut into reads (one byte at a time here).
func TestJSONLinesDropsOnlyNonJSONLines(t *testing.T) {
	in := "SERVER READY\n{\"id\":1}\n[warn] x {\"id\":9}\n  {\"id\":2,\"s\":\"a\\nb\"}\n\ntrue\n{\"id\":3}"
	want := "{\"id\":1}\n  {\"id\":2,\"s\":\"a\\nb\"}\n\n{\"id\":3}"
	for name, r := range map[string]io.Reader{"whole": strings.NewReader(in), "bytewise": iotest.OneByteReader(strings.NewReader(in))} {
		j := &jsonLines{r: r}
		got, err := io.ReadAll(j)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q (%v), want %q", name, got, err, want)
		}
		if j.dropped != 3 {
			t.Errorf("%s: %d lines dropped, want 3", name, j.dropped)
		}
	}
}
