package args_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TestProblemsQuoteABoundedPrefix: a problem quotes at most a bounded
// prefix of any value the call sent: numbers, strings and member names.
func TestProblemsQuoteABoundedPrefix(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"n":{"type":"number","description":"N.","maximum":5000},"m":{"type":"integer","description":"M.","minimum":1}},"additionalProperties":false}`)
	d := catalog.Digest(c)
	long := strings.Repeat("k", 100000)
	raw := `{"n":1e100000,"m":-` + strings.Repeat("9", 5000) + `.5,"` + long + `":1}`
	got := args.Check(d, &c, []byte(raw))
	if len(got) == 0 {
		t.Fatal("no problems")
	}
	for _, p := range got {
		if len(p.Message) > 400 || len(p.Pointer) > 400 {
			t.Errorf("%.80q %.80q: %d and %d bytes quote the call's values whole", p.Pointer, p.Message, len(p.Pointer), len(p.Message))
		}
	}
	if p := got[len(got)-1]; !strings.HasPrefix(p.Message, "must be at most 5000, got 1e+100000") {
		t.Errorf("n: %q", p.Message)
	}
}
