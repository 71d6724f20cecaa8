// Package consolebuild builds the console from this tree once for a test
// package whose tests start real console processes (a signal, two
// servers, a README shell line on PATH): a link of the whole console is
// seconds of CPU, and each such test used to link its own.
package consolebuild

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// Build is one package's console build: made by the first test that asks
// for it, removed by Remove when the package's tests end.
type Build struct {
	pkg  string
	once sync.Once
	dir  string
	bin  string
	err  error
	out  []byte
}

// New is a build of the console package at pkg, a path relative to the
// test package's directory ("." or "..").
func New(pkg string) *Build { return &Build{pkg: pkg} }

// Binary is the path of the console built once for the package, alone in
// its directory (a README example puts that directory on PATH).
func (b *Build) Binary(t testing.TB) string {
	t.Helper()
	b.once.Do(func() {
		if b.dir, b.err = os.MkdirTemp("", "console-build-"); b.err != nil {
			return
		}
		b.bin = filepath.Join(b.dir, "console")
		b.out, b.err = exec.Command("go", "build", "-o", b.bin, b.pkg).CombinedOutput()
	})
	if b.err != nil {
		t.Fatalf("go build: %v\n%s", b.err, b.out)
	}
	return b.bin
}

// Remove deletes the build, if one was made.
func (b *Build) Remove() {
	if b.dir != "" {
		os.RemoveAll(b.dir)
	}
}
