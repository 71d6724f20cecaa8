// Package startgc holds Go's garbage collector off while the console
// starts. A start allocates a few megabytes of tables in package
// initialisation and while it opens and migrates its database, and with
// Go's first heap goal of 4 MB the collector ran twice before the first
// healthy answer, each time taking CPU from the start for nothing: the
// tables it scanned stay live. The package has no imports but the
// runtime's, so it is initialised before the libraries whose
// initialisation allocates (packages are initialised in import path
// order once their imports are).
//
// The hold ends when Release is called (the serve command: once its first
// request is answered; every other command: as it begins) and at the
// latest after a second, whatever the process does (a test binary that
// links the package). A soft memory limit set meanwhile
// (debug.SetMemoryLimit) still makes the collector run near it.
package startgc

import (
	"runtime/debug"
	"sync"
	"time"
)

// holdAtMost bounds the hold in any process.
const holdAtMost = time.Second

var (
	mu       sync.Mutex
	released bool
	// percent is the pace the collector gets back: the one it had (GOGC,
	// or Go's default), or the one SetPercent asked for meanwhile
	percent int
)

func init() {
	percent = debug.SetGCPercent(-1)
	time.AfterFunc(holdAtMost, Release)
}

// SetPercent sets the collector's pace (as debug.SetGCPercent): at once
// when the hold has ended, else when it ends.
func SetPercent(p int) {
	mu.Lock()
	defer mu.Unlock()
	percent = p
	if released {
		debug.SetGCPercent(p)
	}
}

// Release ends the hold. Later calls do nothing.
func Release() {
	mu.Lock()
	defer mu.Unlock()
	if !released {
		released = true
		debug.SetGCPercent(percent)
	}
}
