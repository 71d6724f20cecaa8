package replicas

import (
	"os"
	"testing"

	"github.com/agentforge/console/cmd/console/consolebuild"
)

// built is the console this package's tests start, built from this tree
// once for the package.
var built = consolebuild.New("..")

// TestMain removes the package's console build when its tests end.
func TestMain(m *testing.M) {
	code := m.Run()
	built.Remove()
	os.Exit(code)
}

// consoleBinary is the console built from this tree, once per package;
// every test starts its own processes of it.
func consoleBinary(t *testing.T) string { return built.Binary(t) }
