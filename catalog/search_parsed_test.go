package catalog

import (
	"reflect"
	"testing"
)

// A kept reading is the reading: the same terms as
// parseTask's, the first time and from the cache, with the lexicon on and
// off (a reading depends on it, so the key does too), and past the
// cache's bound.
func TestKeptReadingIsTheReading(t *testing.T) {
	tasks := []string{"kick off the build and email the team", "don't delete anything, just list the files", "what's in report.pdf?"}
	for _, off := range []bool{false, true} {
		lexiconOff = off
		for _, q := range tasks {
			wt := parseTask(q)
			for range 2 {
				gt := parseTaskKept(q)
				if !reflect.DeepEqual(gt, wt) {
					t.Fatalf("lexicon off %v, %q: kept %v, read %v", off, q, gt, wt)
				}
			}
		}
	}
	lexiconOff = false
	for i := range maxParsed + 10 {
		parseTaskKept(string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)))
	}
	if n := len(parsed.m); n > maxParsed {
		t.Errorf("%d readings kept, bound %d", n, maxParsed)
	}
}
