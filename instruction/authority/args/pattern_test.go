package args_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// hostile is a lookahead pattern (so it runs on the backtracking engine)
// whose nested quantifier backtracks exponentially on "aaa…a!".
const hostile = `^(?!b)(a+)+$`

func hostileCodes(n int) []byte {
	codes := make([]string, n)
	for i := range codes {
		codes[i] = strings.Repeat("a", 24) + "!"
	}
	b, _ := json.Marshal(map[string]any{"codes": codes})
	return b
}

// TestPatternWorkIsBoundedPerCheck: a backtracking pattern is matched
// against many values under one time budget for the whole check, not one
// per match; a value it could not check is a problem at its pointer.
func TestPatternWorkIsBoundedPerCheck(t *testing.T) {
	schemas := map[string]string{
		"items":             `{"type":"object","properties":{"codes":{"type":"array","description":"Codes.","items":{"type":"string","pattern":"` + hostile + `"}}}}`,
		"not":               `{"type":"object","properties":{"codes":{"type":"array","description":"Codes.","items":{"type":"string","not":{"pattern":"` + hostile + `"}}}}}`,
		"patternProperties": `{"type":"object","properties":{"codes":{"description":"Codes.","type":"array","items":{"type":"object","patternProperties":{"` + hostile + `":{"type":"string"}},"additionalProperties":{"type":"integer"}}}}}`,
	}
	for name, s := range schemas {
		c := contract(t, s)
		d := catalog.Digest(c)
		raw := hostileCodes(200)
		if name == "patternProperties" {
			objs := make([]map[string]int, 200)
			for i := range objs {
				objs[i] = map[string]int{strings.Repeat("a", 24) + "!": 1}
			}
			raw, _ = json.Marshal(map[string]any{"codes": objs})
		}
		// no clock here: without one budget per check, the values would be
		// matched to the end (tens of seconds) and fail as a plain mismatch
		got := args.Check(d, &c, raw)
		if len(got) == 0 || !strings.HasPrefix(got[0].Pointer, "/codes/") || !strings.Contains(got[0].Message, "in time") {
			t.Errorf("%s: %+v, want a problem at /codes/… saying it could not be checked in time", name, got)
		}
	}
}

// TestLongValuesAreNotMatchedOnTheBacktrackingEngine: a value over the
// size cap is not matched against such a pattern; it is a problem.
func TestLongValuesAreNotMatchedOnTheBacktrackingEngine(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"p":{"type":"string","description":"P.","pattern":"^(?!b)a+$"}}}`)
	d := catalog.Digest(c)
	if got := args.Check(d, &c, []byte(`{"p":"`+strings.Repeat("a", 100)+`"}`)); got != nil {
		t.Fatalf("short: %+v", got)
	}
	got := args.Check(d, &c, []byte(`{"p":"`+strings.Repeat("a", 100000)+`"}`))
	if len(got) != 1 || got[0].Pointer != "/p" || !strings.Contains(got[0].Message, "bytes") {
		t.Errorf("long: %+v", got)
	}
	// the budget is the check's, not the schema's: a later check starts afresh
	if got := args.Check(d, &c, []byte(`{"p":"aaa"}`)); got != nil {
		t.Errorf("after: %+v", got)
	}
}

// TestConcurrentChecksHaveTheirOwnBudget: checks of one schema at once do
// not share (or spend) each other's budget.
func TestConcurrentChecksHaveTheirOwnBudget(t *testing.T) {
	c := contract(t, `{"type":"object","properties":{"p":{"type":"string","description":"P.","pattern":"^(?!b)(a+)+$"}}}`)
	d := catalog.Digest(c)
	k := args.NewChecker(0)
	done := make(chan []args.Problem)
	for i := range 8 {
		go func() {
			v := `{"p":"aaaa"}`
			if i%2 == 0 {
				v = `{"p":"` + strings.Repeat("a", 26) + `!"}`
			}
			done <- k.Check(d, &c, []byte(v))
		}()
	}
	bad := 0
	for range 8 {
		if got := <-done; got != nil {
			bad++
		}
	}
	if bad != 4 {
		t.Errorf("%d checks failed, want the 4 hostile ones", bad)
	}
}
