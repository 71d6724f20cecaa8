package main

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestMemoryLimitFromTheEnvironment: the default soft limit, the
// operator's MiB, 0 for none, GOMEMLIMIT left to the Go runtime, and a
// bad value refused naming the variable.
func TestMemoryLimitFromTheEnvironment(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
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
