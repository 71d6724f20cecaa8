package main

import (
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"
)

// logLevels are the values of --log-level (CONSOLE_LOG_LEVEL), in order.
var logLevels = []struct {
	name  string
	level slog.Level
}{{"debug", slog.LevelDebug}, {"info", slog.LevelInfo}, {"warn", slog.LevelWarn}, {"error", slog.LevelError}}

// logLevel is the slog level name (the --log-level flag, or
// CONSOLE_LOG_LEVEL when the flag was not given) asks for; another value
// is an error naming where it came from and the values that work.
func logLevel(fs *flag.FlagSet, name string) (slog.Level, error) {
	v := strings.ToLower(strings.TrimSpace(name))
	names := make([]string, len(logLevels))
	for i, l := range logLevels {
		if l.name == v {
			return l.level, nil
		}
		names[i] = l.name
	}
	source := "CONSOLE_LOG_LEVEL"
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "log-level" {
			source = "--log-level"
		}
	})
	return 0, fmt.Errorf("%s: %q is not a log level: use one of %s", source, name, strings.Join(names, ", "))
}

// envInt is the positive whole number in variable k (def when unset); a
// value that is not one is recorded in badEnv and def is used meanwhile.
func envInt(k string, def int) int {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return n
	}
	badEnv = append(badEnv, fmt.Errorf("%s: %q is not a positive whole number", k, v))
	return def
}

// badEnv are the variables envInt and envSwitch read that hold no value
// they accept; serve refuses to start naming the first (takeBadEnv)
// rather than silently use a default (a required second approval read
// as "abc" must not become one).
var badEnv []error

// takeBadEnv is the first bad variable read since the last call, or nil.
func takeBadEnv() error {
	defer func() { badEnv = nil }()
	if len(badEnv) == 0 {
		return nil
	}
	return badEnv[0]
}

// envSwitch reads an on/off variable: "1" or "true" is on, "", "0" or
// "false" off; anything else is recorded in badEnv.
func envSwitch(k string) bool {
	switch v := os.Getenv(k); v {
	case "1", "true":
		return true
	case "", "0", "false":
		return false
	default:
		badEnv = append(badEnv, fmt.Errorf("%s: %q is not 1 or 0", k, v))
		return false
	}
}

// envDuration is the duration in variable k (def when unset); a value
// that is not a positive duration is an error naming k.
func envDuration(k string, def time.Duration) (time.Duration, error) {
	v := os.Getenv(k)
	if v == "" {
		return def, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d <= 0 {
		return def, fmt.Errorf("%s: %q is not a positive duration (as 30s or 2m)", k, v)
	}
	return d, nil
}

// envOr is variable k, or def when it is unset.
func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
