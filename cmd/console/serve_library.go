package main

import (
	"fmt"

	"github.com/agentforge/console/instruction"
)

// checkLibrary builds the instruction library (a test replaces it).
var checkLibrary = instruction.CheckLibrary

// checkLibraryAfterListen builds the instruction library once the server
// listens: the build stays off the path to the first answer (the cold
// start), and a library that cannot be built stops the start (its error
// sent on errc) instead of failing every composition with a 500.
func checkLibraryAfterListen(errc chan<- error) {
	go func() {
		if err := checkLibrary(); err != nil {
			errc <- fmt.Errorf("the instruction library cannot be built: %w", err)
		}
	}()
}
