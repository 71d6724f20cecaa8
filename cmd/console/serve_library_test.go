package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction"
)

// TestServeStopsOnABrokenLibrary: a start whose instruction library
// cannot be built stops with that error (it no longer waits for the
// first composition to fail with a 500); the built-in library builds.
func TestServeStopsOnABrokenLibrary(t *testing.T) {
	if err := instruction.CheckLibrary(); err != nil {
		t.Fatalf("the built-in library: %v", err)
	}
	broken := errors.New("block protocol.intro: no variant for tier compact")
	checkLibrary = func() error { return broken }
	t.Cleanup(func() { checkLibrary = instruction.CheckLibrary })
	dir := t.TempDir()
	t.Setenv("DATABASE_URL", filepath.Join(dir, "s.db"))
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _ := os.Create(filepath.Join(dir, "out"))
	defer out.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	err := run(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, out, out)
	if !errors.Is(err, broken) || !strings.Contains(err.Error(), "instruction library") {
		t.Fatalf("serve with a broken library: %v, want it to stop with the library's error", err)
	}
}
