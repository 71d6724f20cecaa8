package replicas

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the console this package's tests start, built from this tree
// once for the package (a link of the whole console is seconds of CPU;
// each test built its own).
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// TestMain removes the package's console build when its tests end.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// consoleBinary is the console built from this tree, once per package;
// every test starts its own processes of it.
func consoleBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "replicas-console-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "console")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, "..").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("build: %v\n%s", built.err, built.out)
	}
	return built.bin
}
