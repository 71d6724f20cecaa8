package upstream

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestJSONLinesDropsOnlyNonJSONLines: the filter keeps every line that
// is a JSON-RPC message whole and drops every other line whole — among
// them lines opening with '{' that are not one (a JSON log record, a
// broken line, a message of another version, an object id) — however the
// stream is cut into reads (one byte at a time here); a '{' line longer
// than the limit passes on unchecked, for the line ceiling to refuse.
func TestJSONLinesDropsOnlyNonJSONLines(t *testing.T) {
	msg := func(id string) string { return `{"jsonrpc":"2.0","id":` + id + `,"result":{}}` }
	in := "SERVER READY\n" + msg("1") + "\n[warn] x " + msg("9") + "\n  " + `{"jsonrpc":"2.0","id":2,"result":{"s":"a\nb"}}` + "\n\ntrue\n" +
		`{"level":"info","msg":"up"}` + "\n{not json\n" + `{"jsonrpc":"1.0","id":4,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":{"x":1},"result":{}}` + "\n{}\n" +
		`{"jsonrpc":"2.0","method":"notifications/x"}` + "\n" + msg("3")
	want := msg("1") + "\n  " + `{"jsonrpc":"2.0","id":2,"result":{"s":"a\nb"}}` + "\n\n" + `{"jsonrpc":"2.0","method":"notifications/x"}` + "\n" + msg("3")
	for name, r := range map[string]io.Reader{"whole": strings.NewReader(in), "bytewise": iotest.OneByteReader(strings.NewReader(in))} {
		j := &jsonLines{r: r}
		got, err := io.ReadAll(j)
		if err != nil || string(got) != want {
			t.Errorf("%s: %q (%v), want %q", name, got, err, want)
		}
		if j.dropped != 8 {
			t.Errorf("%s: %d lines dropped, want 8", name, j.dropped)
		}
	}
	long := `{"x":"` + strings.Repeat("a", 100) + `"}` + "\n" + msg("5") + "\n"
	j := &jsonLines{r: iotest.HalfReader(strings.NewReader(long)), limit: 50}
	if got, _ := io.ReadAll(j); string(got) != long {
		t.Errorf("a line over the limit: %q, want it passed on whole", got)
	}
}
