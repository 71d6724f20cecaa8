package eval

import (
	"strings"

	"github.com/agentforge/console/instruction"
)

// placeScore orders places: first step, then search by rank, then beyond
// k by rank, then unreachable.
func placeScore(t ToolResult) int {
	switch t.Where {
	case FirstStep:
		return 1 << 20
	case Search:
		return 1<<19 - t.Rank
	case BeyondK:
		return 1<<18 - t.Rank
	}
	return 0
}

// locate finds the best place of an expect entry's alternatives: first
// step beats search, a better rank beats a worse one. A helper that
// arrives with exec is where exec is.
func locate(expect string, in instruction.Input, reach Reach, rank hitRanks, k int) ToolResult {
	best := ToolResult{Expect: expect, Where: Unreachable}
	score := placeScore
	for i, id := range Alternatives(expect) {
		if slug, ok := strings.CutPrefix(id, SkillPrefix); ok {
			if t := locateSkill(expect, id, slug, in, reach, rank, k); i == 0 || score(t) > score(best) {
				best = t
			}
			continue
		}
		t := ToolResult{Expect: expect, Tool: id, Where: Unreachable}
		at := id
		if via, ok := reach.Via[id]; ok {
			at, t.Via = via, via
		}
		t.Rank = rank.of(at)
		switch {
		case reach.First[id]:
			t.Where = FirstStep
		case reach.Searchable[at] && t.Rank > 0 && t.Rank <= k:
			t.Where = Search
		case reach.Searchable[at]:
			t.Where = BeyondK
		}
		if i == 0 || score(t) > score(best) {
			best = t
		}
	}
	return best
}

// locateSkill places an expected skill. The composer lists a skill when
// every tool it requires is in the roster; in deferred mode, when they
// are all on the first step, else once search has activated the rest
// (each must then be in the task's top k; the skill's rank is the worst
// of theirs). A skill the input lacks, or whose tools the roster lacks,
// is unreachable.
func locateSkill(expect, id, slug string, in instruction.Input, reach Reach, rank hitRanks, k int) ToolResult {
	t := ToolResult{Expect: expect, Tool: id, Where: Unreachable}
	var required []string
	found := false
	for _, s := range in.Skills {
		if s.Slug == slug {
			required, found = s.RequiredTools, true
			break
		}
	}
	if !found {
		return t
	}
	inRoster := make(map[string]bool, len(in.Roster))
	for _, e := range in.Roster {
		inRoster[e.ID()] = true
	}
	for _, r := range required {
		if !inRoster[r] {
			t.Missing = append(t.Missing, r)
		}
	}
	if len(t.Missing) > 0 {
		return t
	}
	worst := 0
	for _, r := range required {
		if reach.First[r] {
			continue
		}
		at := r
		if via, ok := reach.Via[r]; ok {
			at = via
		}
		n := rank.of(at)
		if n == 0 || !reach.Searchable[at] {
			t.Where = BeyondK
			return t
		}
		if n > worst {
			worst = n
		}
	}
	switch {
	case worst == 0:
		t.Where = FirstStep
	case worst <= k:
		t.Where, t.Rank = Search, worst
	default:
		t.Where, t.Rank = BeyondK, worst
	}
	return t
}

// Reach is what a composition input puts within the agent's reach:
// the tools the first step's catalog lists, the tools search can return,
// and the code-only helpers that arrive with another tool (exec) when
// search activates it.
type Reach struct {
	First      map[string]bool
	Searchable map[string]bool
	Via        map[string]string
}

// ReachOf follows the composer's rules (the composition rules and the deferred-run rules). Without
// deferred mode every roster tool is listed, code-only helpers only with
// exec in the roster (the gate's CapExec). In deferred mode the first step
// lists the always-on and pinned tools, and the helpers only when exec is
// among them; search reaches every other tool but never a helper, which
// arrives with exec when search activates it.
func ReachOf(in instruction.Input) Reach {
	r := Reach{First: map[string]bool{}, Searchable: map[string]bool{}, Via: map[string]string{}}
	hasExec := instruction.NewGate(instruction.Facts{Roster: in.Roster}).Has(instruction.CapExec)
	pinned := make(map[string]bool, len(in.Options.Pins))
	for _, p := range in.Options.Pins {
		pinned[p] = true
	}
	var helpers []string
	for _, e := range in.Roster {
		c := e.Contract()
		if c.CodeOnly {
			helpers = append(helpers, c.ID)
			continue
		}
		r.Searchable[c.ID] = true
		if !in.Options.Deferred || c.AlwaysOn || pinned[c.ID] {
			r.First[c.ID] = true
		}
	}
	if !hasExec {
		return r
	}
	for _, h := range helpers {
		if r.First["exec"] {
			r.First[h] = true
		} else {
			r.Via[h] = "exec"
		}
	}
	return r
}
