package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// built is the console the tests that need a real binary start (a
// signal, two servers, a README shell line on PATH), built from this tree
// once for the package: each of them linked its own.
var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// consoleBinary is the console built once per package, alone in its
// directory (a README example puts that directory on PATH).
func consoleBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "console-build-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "console")
		built.out, built.err = exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput()
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return built.bin
}

// removeBuilt removes the package's console build when its tests end.
func removeBuilt() {
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
}
