package main

import (
	"testing"

	"github.com/agentforge/console/cmd/console/consolebuild"
)

// built is the console the tests that need a real binary start, built
// from this tree once for the package.
var built = consolebuild.New(".")

// consoleBinary is the console built once per package, alone in its
// directory (a README example puts that directory on PATH).
func consoleBinary(t *testing.T) string { return built.Binary(t) }

// removeBuilt removes the package's console build when its tests end.
func removeBuilt() { built.Remove() }
