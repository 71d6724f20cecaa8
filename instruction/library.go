package instruction

import "sync"

// built is the package's library, built once, when first used: not at
// start, which keeps the console's cold start short.
var built = sync.OnceValues(newLibrary)

// lib is the library; one that fails to build panics (CheckLibrary is
// how a start finds that out first).
func lib() *library {
	l, err := built()
	if err != nil {
		panic(err)
	}
	return l
}

// CheckLibrary builds the library the compositions use (the blocks and
// the synthetic catalog), once, and returns why it cannot be built. A
// server calls it as it starts, so a broken library stops the start
// instead of failing every composition.
func CheckLibrary() error {
	_, err := built()
	return err
}
