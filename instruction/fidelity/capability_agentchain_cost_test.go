package fidelity

import (
	"strings"
	"testing"
)

// TestAChainOfDeedsCostsLittle: a sentence of n verbs joined by "and",
// "then" or commas, whose subject is someone else or the agent, is read
// with each word asked about once a walk: the walks' cost grows with n
// and the chain's reach, never as 2^n (it did: 24 verbs took 30 s of
// one core). The count is of first looks, not of time.
func TestAChainOfDeedsCostsLittle(t *testing.T) {
	looks := 0
	onDeedLook = func() { looks++ }
	defer func() { onDeedLook = nil }()
	for _, subject := range []string{"The clerk", "The assistant"} {
		for _, joint := range []string{" and sends", ", sends", " and then sends"} {
			for _, n := range []int{24, 200} {
				looks = 0
				text := "Returns the list. " + subject + " sends" + strings.Repeat(joint, n) + " the report."
				capabilityMentions(text, tokenize(text))
				words := len(tokenize(text))
				if limit := 4 * words * maxChainReach; looks > limit {
					t.Errorf("%s, %d verbs joined by %q: %d looks, want at most %d (4 × %d words × reach %d)", subject, n, joint, looks, limit, words, maxChainReach)
				}
			}
		}
	}
}
