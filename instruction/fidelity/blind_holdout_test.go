package fidelity_test

import (
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// holdoutSeed seeds the held-out third of the round-5/6 items: an item is held out when the first byte of
// sha256(holdoutSeed + ":" + corpus + ":" + id) is divisible by 3 — 246 of
// the 726 items.
const holdoutSeed = "leak29-holdout-2026"

// holdoutSeedLate seeds the held-out third of the items of round 7 on
// (blind7, blind8 and later rounds), drawn anew when rounds 7 and 8 joined
// the tuning pool and before any change was tuned on them: the same rule, another seed, so the earlier rounds keep their
// held-out part.
const holdoutSeedLate = "leak29-holdout-r78-2026-12-04"

// holdoutRound is the round a corpus belongs to ("blind7-hard" is 7; a
// corpus of the first round, "blind-…", or one not named for a round is
// 0).
func holdoutRound(corpus string) int {
	rest, ok := strings.CutPrefix(corpus, "blind")
	if !ok {
		return 0
	}
	n := 0
	for _, r := range rest {
		if r < '0' || r > '9' {
			break
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// heldOut says whether an item is in the held-out third of its corpus.
func heldOut(corpus, id string) bool {
	seed := holdoutSeed
	if holdoutRound(corpus) >= 7 {
		seed = holdoutSeedLate
	}
	sum := sha256.Sum256([]byte(seed + ":" + corpus + ":" + id))
	return sum[0]%3 == 0
}

// inHoldoutSelection says whether an item is measured under
// FIDELITY_HOLDOUT: "tune" measures only the items not held out (the ones
// whose misses a rule may be tuned on), "held" only the held-out ones;
// unset measures every item.
func inHoldoutSelection(corpus, id string) bool {
	mode := os.Getenv("FIDELITY_HOLDOUT")
	if mode == "" {
		return true
	}
	return heldOut(corpus, id) == (mode == "held")
}

// TestHoldoutThirdsArePinned keeps the held-out thirds where they were
// drawn: 246 of round 5/6's 726 items (holdoutSeed), 260 of round 7/8's
// 751, 134 of round 11's 376, 137 of round 12's 438, 151 of round 13's 467, 162 of round 14's 449, 148 of round 15's 478, 152 of round 16's 447, 146 of round 17's 438, 146 of round 18's 466, 135 of round 19's 434 and 158 of round 20's 452 (holdoutSeedLate,
// drawn when each round joined the pool and before any change was tuned on
// it). A changed seed or rule would move items
// someone tuned on into the part that judges them.
func TestHoldoutThirdsArePinned(t *testing.T) {
	for _, c := range []struct {
		dirs      []string
		held, all int
	}{
		{[]string{"testdata/blind5", "testdata/blind6"}, 246, 726},
		{[]string{"testdata/blind7", "testdata/blind8"}, 260, 751},
		{[]string{"testdata/blind11"}, 134, 376},
		{[]string{"testdata/blind12"}, 137, 438},
		{[]string{"testdata/blind13"}, 151, 467},
		{[]string{"testdata/blind14"}, 162, 449},
		{[]string{"testdata/blind15"}, 148, 478},
		{[]string{"testdata/blind16"}, 152, 447},
		{[]string{"testdata/blind17"}, 146, 438},
		{[]string{"testdata/blind18"}, 146, 466},
		{[]string{"testdata/blind19"}, 135, 434},
		{[]string{"testdata/blind20"}, 158, 452},
		{[]string{"testdata/blind21"}, 119, 388},
		{[]string{"testdata/blind22"}, 126, 389},
		{[]string{"testdata/blind23"}, 125, 389},
		{[]string{"testdata/blind24"}, 136, 389},
		{[]string{"testdata/blind25"}, 127, 389},
		{[]string{"testdata/blind26"}, 117, 397},
	} {
		held, all := 0, 0
		for _, dir := range c.dirs {
			for _, corpus := range loadLeakCorpora(t, filepath.Join(dir, "*.json")) {
				for _, it := range corpus.Items {
					all++
					if heldOut(corpus.Corpus, it.ID) {
						held++
					}
				}
			}
		}
		if held != c.held || all != c.all {
			t.Errorf("%v: %d of %d items held out, want %d of %d", c.dirs, held, all, c.held, c.all)
		}
	}
}
