package web

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestEveryGrantChangeOfTheListIsNoticed: over four grant changes (a
// grant taken away and given back, twice) in one session, the answer of
// the call after each change carries notifications/tools/list_changed
// exactly when the session's tool list moved since it was last given or
// told of it (its tools/list after the call is the judge): a session of
// a profile without search (every change moves the list), and a
// deferred one that searched first (a grant given back does not bring
// back an activation the move superseded, so its list does not move).
func TestEveryGrantChangeOfTheListIsNoticed(t *testing.T) {
	for _, deferred := range []bool{false, true} {
		name := "roster"
		if deferred {
			name = "deferred"
		}
		t.Run(name, func(t *testing.T) { everyGrantChangeNoticed(t, deferred) })
	}
}

func everyGrantChangeNoticed(t *testing.T, deferred bool) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	t.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, deferred)
	cs, changed := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	destructive := models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"}
	list := func() []string {
		t.Helper()
		lt, err := cs.ListTools(context.Background(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range lt.Tools {
			names = append(names, tl.Name)
		}
		slices.Sort(names)
		return names
	}
	echo := func() {
		t.Helper()
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "demo.echo", Arguments: map[string]any{"text": "hi"}})
		if err != nil || res.IsError {
			t.Fatalf("echo: %v %+v", err, res)
		}
	}
	// notices drains the notifications that arrived with the last answer
	notices := func() int {
		n := 0
		for {
			select {
			case <-changed:
				n++
			case <-time.After(300 * time.Millisecond):
				return n
			}
		}
	}
	if deferred {
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back, and store a fact in memory", "limit": 5}, nil); isErr {
			t.Fatalf("search: %s", text)
		}
	}
	notices()
	before := list()
	moves := 0
	for i, add := range []bool{false, true, false, true} {
		h.changeGrants(t, authority.Everyone, add, destructive)
		echo()
		told := notices()
		echo()
		again := notices()
		after := list()
		moved := !slices.Equal(after, before)
		if moved {
			moves++
		}
		if told != map[bool]int{true: 1}[moved] || again != 0 {
			t.Errorf("change %d (grant given: %v): %d notifications, then %d; the list moved: %v (%v → %v)", i+1, add, told, again, moved, before, after)
		}
		before = after
	}
	if want := map[bool]int{false: 4, true: 1}[deferred]; moves != want {
		t.Errorf("the four changes moved the list %d times, want %d", moves, want)
	}
}
