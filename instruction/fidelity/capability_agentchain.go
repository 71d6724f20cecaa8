package fidelity

import "strings"

// A procedure told of the agent in the third person chains its deeds: "the
// assistant restocks, then refreshes the price list", "books the court and,
// after that, emails both coaches". Each deed of the chain is the
// agent's, and a chain is a sequence of steps, where one deed alone ("the
// assistant pins them on the notice wall") may describe a person's
// habit.

// agentChained: the verb in the third person at i is joined by "and",
// "then" or a comma (a sequencer such as "after that" between) to an
// earlier deed of the agent's in its sentence; k is that deed's verb.
func agentChained(ts []token, i int) (int, bool) { return agentChainedIn(ts, i, nil) }

// agentChainedIn is agentChained within one walk back along a chain
// (see deedWalk).
func agentChainedIn(ts []token, i int, walk *deedWalk) (int, bool) {
	if i < 3 || ts[i].sentence || !strings.HasSuffix(ts[i].lower, "s") {
		return 0, false
	}
	if _, ok := thirdPersonBase(ts[i].lower); !ok {
		return 0, false
	}
	j, joined := i-1, ts[i].clause
	for j > 0 && (!ts[j+1].sentence || thenJoined(ts, j+1)) {
		w := ts[j].lower
		switch {
		case w == "and" || w == "then":
			joined = true
		case w == "that" && ts[j-1].lower == "after":
			j-- // "and, after that, emails"
		case sequencers[w]:
		default:
			if !joined && !ts[j+1].clause {
				return 0, false
			}
			joined = true
			return earlierAgentDeed(ts, j, walk)
		}
		if ts[j].sentence && !thenJoined(ts, j) {
			return 0, false
		}
		j--
	}
	return 0, false
}

// deedWalk is one walk back along a chain of deeds: whether each word
// already asked about is a deed of the agent's (each answer walks back in
// turn, so without it a sentence of n chained verbs would cost 2^n
// walks), and the first word the walk may reach.
type deedWalk struct {
	floor int
	known map[int]bool
}

// maxChainReach is how many words back from where a walk starts the
// deeds of its chain are looked for: a chain of deeds is told in one
// stretch of a sentence, and the bound keeps a walk's cost within a
// stretch whatever the sentence's length.
const maxChainReach = 48

// onDeedLook, when set (by tests), is called for each word a walk asks
// about the first time: the count of its calls is the walks' cost.
var onDeedLook func()

// earlierAgentDeed is the verb of the agent's deed that the clause ending
// at j belongs to: the nearest verb in the third person before it in the
// sentence, when the agent is its subject or it is chained in turn.
func earlierAgentDeed(ts []token, j int, walk *deedWalk) (int, bool) {
	if walk == nil {
		walk = &deedWalk{floor: j - maxChainReach, known: map[int]bool{}}
	}
	for k := j; k >= 2 && k >= walk.floor; k-- {
		ok, seen := walk.known[k]
		if !seen {
			if onDeedLook != nil {
				onDeedLook()
			}
			_, ok = agentDoesIn(ts, k, walk)
			walk.known[k] = ok
		}
		if ok {
			return k, true
		}
		if ts[k].sentence || finiteVerbs[ts[k].lower] || k < j && subjectPronouns[ts[k].lower] {
			return 0, false
		}
	}
	return 0, false
}

// agentStep: the deed of the agent's at i is a step of a procedure — a
// later step ("After the last guest leaves, the assistant turns off the
// heating") or one of a chain of deeds.
func agentStep(ts []token, i int) bool {
	if laterStep(ts, i) {
		return true
	}
	if _, ok := agentChained(ts, i); ok {
		return true
	}
	// a later deed chained to this one stands within a chain's reach of it
	for k := i + 1; k < len(ts) && (!ts[k].sentence || thenJoined(ts, k)) && k-i <= 2*maxChainReach; k++ {
		if from, ok := agentChained(ts, k); ok && from == i {
			return true
		}
	}
	return false
}

// thenJoined: the sentence opening at k opens with a bare "then" before a
// verb in the third person, and so goes on with the chain before it
// ("the assistant restocks the shelf → then emails the owner", an arrow
// ending a sentence).
func thenJoined(ts []token, k int) bool {
	if !ts[k].sentence || ts[k].lower != "then" || k+1 >= len(ts) || ts[k+1].sentence {
		return false
	}
	_, ok := thirdPersonBase(ts[k+1].lower)
	return ok && strings.HasSuffix(ts[k+1].lower, "s")
}
