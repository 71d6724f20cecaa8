package main

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/cmd/console/startgc"
)

// env is an environment of the given keys and values.
func env(kv ...string) func(string) string {
	return func(k string) string {
		for i := 0; i+1 < len(kv); i += 2 {
			if kv[i] == k {
				return kv[i+1]
			}
		}
		return ""
	}
}

// TestMemoryLimitFromTheEnvironment: the default soft limit, the
// operator's MiB, 0 for none, GOMEMLIMIT left to the Go runtime, and a
// bad value refused naming the variable.
func TestMemoryLimitFromTheEnvironment(t *testing.T) {
	cases := []struct {
		name  string
		env   func(string) string
		limit int64
		set   bool
	}{
		{"default", env(), defaultMemoryLimit, true},
		{"operator's MiB", env("CONSOLE_MEMORY_LIMIT_MB", "512"), 512 << 20, true},
		{"off", env("CONSOLE_MEMORY_LIMIT_MB", "0"), math.MaxInt64, true},
		{"GOMEMLIMIT wins", env("GOMEMLIMIT", "1GiB", "CONSOLE_MEMORY_LIMIT_MB", "64"), 0, false},
	}
	for _, c := range cases {
		limit, set, err := memoryLimit(c.env)
		if err != nil || limit != c.limit || set != c.set {
			t.Errorf("%s: %d %v %v, want %d %v", c.name, limit, set, err, c.limit, c.set)
		}
	}
	for _, bad := range []string{"lots", "-5", "1.5"} {
		_, _, err := memoryLimit(env("CONSOLE_MEMORY_LIMIT_MB", bad))
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "CONSOLE_MEMORY_LIMIT_MB") || !strings.Contains(err.Error(), bad) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}

// TestGCPaceFromTheEnvironment: the console's pace unless the operator set
// GOGC.
func TestGCPaceFromTheEnvironment(t *testing.T) {
	if pct, ok := gcPercent(env()); !ok || pct != defaultGCPercent {
		t.Errorf("default: %d %v, want %d", pct, ok, defaultGCPercent)
	}
	for _, v := range []string{"100", "off"} {
		if _, ok := gcPercent(env("GOGC", v)); ok {
			t.Errorf("GOGC=%s: the console sets its own pace over it", v)
		}
	}
}

// TestApplyMemoryLimitSetsTheRuntime: applying sets the Go runtime's soft
// limit and pace to the console's defaults, and leaves both alone when
// the operator set Go's own variables.
func TestApplyMemoryLimitSetsTheRuntime(t *testing.T) {
	// the start's hold on the collector ends first: the pace applies then
	startgc.Release()
	limit0, pct0 := debug.SetMemoryLimit(-1), debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetMemoryLimit(limit0); debug.SetGCPercent(pct0) })
	debug.SetMemoryLimit(math.MaxInt64)
	if err := applyMemoryLimit(env()); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != defaultMemoryLimit {
		t.Errorf("limit %d, want %d", got, int64(defaultMemoryLimit))
	}
	if got := debug.SetGCPercent(100); got != defaultGCPercent {
		t.Errorf("pace %d, want %d", got, defaultGCPercent)
	}
	debug.SetMemoryLimit(math.MaxInt64)
	if err := applyMemoryLimit(env("GOMEMLIMIT", "1GiB", "GOGC", "50")); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("with GOMEMLIMIT set: limit %d", got)
	}
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC set: pace %d", got)
	}
	if err := applyMemoryLimit(env("CONSOLE_MEMORY_LIMIT_MB", "lots")); err == nil {
		t.Error("a bad limit is applied")
	}
}

// TestReadmeStatesTheDefaultMemoryLimit: the configuration table states
// the default soft limit the console really sets (the default case above
// compares the code with itself and cannot catch a change).
func TestReadmeStatesTheDefaultMemoryLimit(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("`CONSOLE_MEMORY_LIMIT_MB` \\| (\\d+);").FindSubmatch(raw)
	if row == nil {
		t.Fatal("the README's configuration table has no CONSOLE_MEMORY_LIMIT_MB row with its default")
	}
	mib, _ := strconv.ParseInt(string(row[1]), 10, 64)
	if mib<<20 != defaultMemoryLimit {
		t.Errorf("README says %d MiB, the console sets %d MiB", mib, defaultMemoryLimit>>20)
	}
}
