package main

import (
	"os"
	"testing"
)

// TestMain lets a test run this package's test binary as the console
// command itself (CONSOLE_TEST_AS_COMMAND=1), so a shell line from the
// README — a crontab entry — runs exactly as written.
func TestMain(m *testing.M) {
	if os.Getenv("CONSOLE_TEST_AS_COMMAND") == "1" {
		main()
		os.Exit(0)
	}
	code := m.Run()
	removeBuilt()
	os.Exit(code)
}
