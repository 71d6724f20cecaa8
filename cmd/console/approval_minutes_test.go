package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestApprovalMinutesZeroIsRefused: --minutes 0
// given on the command line was taken as "one call" (the flag's absence);
// the Approvals page refuses 0. The CLI now refuses it too, naming
// --minutes, before it opens anything.
func TestApprovalMinutesZeroIsRefused(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for _, m := range []string{"0", "-5", "99999"} {
		_, err := runCLI(t, db, "approval", "approve", "apr-x", "--reason", "ok", "--minutes", m, "--as", "admin")
		var ee *exitError
		if err == nil || !strings.Contains(err.Error(), "--minutes") || !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("--minutes %s: %v, want a usage error naming --minutes", m, err)
		}
	}
}
