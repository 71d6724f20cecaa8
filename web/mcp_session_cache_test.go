package web

import (
	"errors"
	"reflect"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSessionStatesDecodeAsStored: the kept state of a session is the one
// decodeSessionState gives for its stored texts, decoded afresh when any
// of them moved (a receipt added, a tool shown, another set), and a
// session whose state cannot be read is refused every time, never served
// from an earlier read.
func TestSessionStatesDecodeAsStored(t *testing.T) {
	var ss sessionStates
	g := &models.GatewaySession{ID: "s1", PickTools: `["a.x","a.y"]`, Receipts: `[["r1"]]`, Shown: `["a.x"]`}
	check := func(what string) gwSessionState {
		t.Helper()
		want, err := decodeSessionState(g)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			got, err := ss.decode(g)
			if err != nil || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: kept state %+v (%v), want %+v", what, got, err, want)
			}
		}
		return want
	}
	first := check("first read")
	if len(ss.m) != 1 {
		t.Fatalf("%d states kept after one session's reads, want 1", len(ss.m))
	}
	moved := *g
	moved.Receipts = `[["r1"],["r2"]]`
	g = &moved
	if st := check("a receipt added"); len(st.groups) != 2 || len(first.groups) != 1 {
		t.Fatalf("groups %d after the search, %d before", len(st.groups), len(first.groups))
	}
	g.Shown = `["a.x","a.y"]`
	check("a tool shown")
	g.PickWithout = `["a.y"]`
	check("another set")
	bad := *g
	bad.Receipts = `[["r1"]] trailing`
	for range 2 {
		var se *SessionStateError
		if _, err := ss.decode(&bad); !errors.As(err, &se) || se.Field != "receipts" {
			t.Fatalf("an unreadable receipts field: %v, want a SessionStateError naming receipts", err)
		}
	}
}
