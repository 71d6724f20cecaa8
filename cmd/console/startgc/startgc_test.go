package startgc_test

import (
	"runtime/debug"
	"testing"

	"github.com/agentforge/console/cmd/console/startgc"
)

// paceAtInit is the collector's pace as the packages importing startgc
// are initialised (read and put back).
var paceAtInit = debug.SetGCPercent(debug.SetGCPercent(-1))

// TestTheCollectorIsHeldOffAtInit: once the package is initialised, the
// collector is off (a negative pace) for the packages initialised after
// it.
func TestTheCollectorIsHeldOffAtInit(t *testing.T) {
	if paceAtInit >= 0 {
		t.Errorf("pace during initialisation %d, want the collector off (-1)", paceAtInit)
	}
}

// TestReleaseGivesThePaceAsked: the pace asked for during the hold is the
// one set when it ends, and one asked for after it is set at once.
func TestReleaseGivesThePaceAsked(t *testing.T) {
	t.Cleanup(func() { debug.SetGCPercent(100) })
	startgc.SetPercent(250)
	startgc.Release()
	if got := debug.SetGCPercent(250); got != 250 {
		t.Errorf("pace after the release %d, want 250", got)
	}
	startgc.Release()
	if got := debug.SetGCPercent(250); got != 250 {
		t.Errorf("a second release changed the pace to %d", got)
	}
	startgc.SetPercent(300)
	if got := debug.SetGCPercent(100); got != 300 {
		t.Errorf("pace asked after the release %d, want 300 at once", got)
	}
}
