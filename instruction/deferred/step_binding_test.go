package deferred

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestAReceiptCountsFromItsOwnStep: a receipt is bound to the step its
// search was made in, and the receipts come back grouped by step (group i
// holds step i's). Before, the highest authenticated step won wherever
// it was sent, so one search made with a huge step number (a runtime's
// bug, a timestamp for a step) outranked every later search of the run:
// each later search was accepted and silently unused, and the run could
// never change its tools again. Now a receipt sent in a group before its
// own step comes from no step the conversation has reached: it activates
// nothing and is reported (future_step), and the run goes on.
func TestAReceiptCountsFromItsOwnStep(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	m := func(kind string, step int, names ...string) json.RawMessage {
		return raw(t, Mint(testKey, kind, "r", s.Key(), step, names))
	}
	groups := [][]json.RawMessage{
		{m(KindSearch, MaxStep, "render_chart")},
		{m(KindSearch, 1, "web_fetch")},
	}
	a, err := Reconstruct(testKey, "r", s, groups, DefaultCeilings())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Activated, []string{"web_fetch"}) || a.Step != 1 {
		t.Fatalf("activated %v at step %d: the step-%d receipt outranked the later search", a.Activated, a.Step, MaxStep)
	}
	if len(a.Rejected) != 1 || a.Rejected[0].Index != 0 || a.Rejected[0].Reason != ReasonFutureStep {
		t.Fatalf("rejected %+v, want index 0 future_step", a.Rejected)
	}

	// one step ahead of its group is just as wrong: the search of step 2
	// cannot be among the receipts of step 1
	ahead := [][]json.RawMessage{{m(KindSearch, 0, "exec")}, {m(KindSearch, 2, "web_fetch")}}
	if a, _ := Reconstruct(testKey, "r", s, ahead, DefaultCeilings()); !slices.Equal(a.Activated, []string{"exec"}) || len(a.Rejected) != 1 || a.Rejected[0].Reason != ReasonFutureStep {
		t.Fatalf("a receipt one step ahead: activated %v, rejected %+v", a.Activated, a.Rejected)
	}

	// a receipt sent again later (the model quoting an earlier search)
	// keeps its own step: it never outranks the search made after it
	requoted := [][]json.RawMessage{{m(KindSearch, 0, "exec")}, {m(KindSearch, 1, "web_fetch")}, {m(KindSearch, 0, "exec")}}
	if a, _ := Reconstruct(testKey, "r", s, requoted, DefaultCeilings()); !slices.Equal(a.Activated, []string{"web_fetch"}) || len(a.Rejected) != 0 {
		t.Fatalf("a requoted receipt: activated %v, rejected %+v", a.Activated, a.Rejected)
	}

	// a SEARCH_REQUIRED receipt says what it is whatever its step
	sr := [][]json.RawMessage{{m(KindSearchRequired, 5, "exec")}}
	if a, _ := Reconstruct(testKey, "r", s, sr, DefaultCeilings()); len(a.Rejected) != 1 || a.Rejected[0].Reason != ReasonSearchRequired {
		t.Fatalf("SEARCH_REQUIRED: rejected %+v", a.Rejected)
	}
}

// TestPinsOverACeilingNamePins: always-on tools and pins alone over the
// active-tools or schema-bytes ceiling are the runtime's (or profile's)
// error, and it names pins, the field that put them there — not receipts,
// which had nothing to do with it. Without pins, the agent's always-on
// tools alone are over it: the error names agent.
func TestPinsOverACeilingNamePins(t *testing.T) {
	c := DefaultCeilings()
	c.Active = 2
	pinned := builtinSurface(t, roster, []string{"exec", "read_file"})
	_, err := Reconstruct(testKey, "r", pinned, nil, c)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Field != "pins" || !strings.Contains(ie.Message, "always-on tools and pins") {
		t.Fatalf("pins over the active ceiling: %v", err)
	}
	c = DefaultCeilings()
	c.SchemaBytes = 10
	if _, err := Reconstruct(testKey, "r", pinned, nil, c); !errors.As(err, &ie) || ie.Field != "pins" {
		t.Fatalf("pins over the schema-bytes ceiling: %v", err)
	}
	bare := builtinSurface(t, roster, nil) // ask_user is always on
	if _, err := Reconstruct(testKey, "r", bare, nil, c); !errors.As(err, &ie) || ie.Field != "agent" {
		t.Fatalf("always-on tools over the schema-bytes ceiling: %v", err)
	}
}

// TestMalformedDetailsSpeakJSON: a malformed receipt's detail, for the
// runtime's trace, says what is wrong in the receipt's JSON terms — never
// encoding/json's Go wording ("cannot unmarshal string into Go value of
// type deferred.Receipt") — and names the field whose type is wrong.
func TestMalformedDetailsSpeakJSON(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	good := string(raw(t, Mint(testKey, KindSearch, "r", s.Key(), 0, []string{"exec"})))
	for _, tc := range []struct{ raw, want string }{
		{`"hello"`, "not a JSON object"},
		{`[1,2]`, "not a JSON object"},
		{`7`, "not a JSON object"},
		{strings.Replace(good, `"step":0`, `"step":"0"`, 1), "step must be an integer"},
		{strings.Replace(good, `"names":["exec"]`, `"names":"exec"`, 1), "names must be an array"},
		{strings.Replace(good, `"names":["exec"]`, `"names":[1]`, 1), "each item of names must be a string"},
		{strings.Replace(good, `"v":1`, `"v":true`, 1), "v must be an integer"},
	} {
		a, _ := Reconstruct(testKey, "r", s, [][]json.RawMessage{{json.RawMessage(tc.raw)}}, DefaultCeilings())
		if len(a.Rejected) != 1 || a.Rejected[0].Reason != ReasonMalformed {
			t.Fatalf("%s: %+v", tc.raw, a.Rejected)
		}
		if d := a.Rejected[0].Detail; d != tc.want {
			t.Errorf("%.60s: detail %q, want %q", tc.raw, d, tc.want)
		}
	}
}

// TestSearchSkipping: a run's pins never come back as hits, the limit
// (its default too) still holds, and the hits are the unskipped ranking's
// in order.
func TestSearchSkipping(t *testing.T) {
	s := builtinSurface(t, roster, nil)
	c := DefaultCeilings()
	all, err := s.Search("read a web page and write a file", 5, c)
	if err != nil || len(all) < 3 {
		t.Fatalf("%v %v", all, err)
	}
	for _, limit := range []int{0, 2, 5} {
		got, err := s.SearchSkipping("read a web page and write a file", limit, c, []string{all[0].ID})
		if err != nil {
			t.Fatal(err)
		}
		want := 5
		if limit > 0 {
			want = limit
		}
		if len(got) == 0 || len(got) > want {
			t.Fatalf("limit %d: %d hits", limit, len(got))
		}
		for i, h := range got {
			if h.ID == all[0].ID {
				t.Fatalf("limit %d: the skipped %s came back", limit, h.ID)
			}
			if i+1 < len(all) && h.ID != all[i+1].ID {
				t.Errorf("limit %d: hit %d is %s, the ranking's next is %s", limit, i, h.ID, all[i+1].ID)
			}
		}
	}
}
