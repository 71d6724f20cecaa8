package models_test

import (
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestParseApprovalRequestTTL: the setting's default, a duration within
// its bounds, and bad values refused naming the variable.
func TestParseApprovalRequestTTL(t *testing.T) {
	if d, err := models.ParseApprovalRequestTTL(""); err != nil || d != models.DefaultApprovalRequestTTL {
		t.Errorf("unset: %v %v, want the default", d, err)
	}
	if d, err := models.ParseApprovalRequestTTL(" 90m "); err != nil || d != 90*time.Minute {
		t.Errorf("90m: %v %v", d, err)
	}
	for _, bad := range []string{"soon", "30s", "-1h", "1000h"} {
		if _, err := models.ParseApprovalRequestTTL(bad); err == nil || !strings.Contains(err.Error(), "CONSOLE_APPROVAL_REQUEST_TTL") {
			t.Errorf("%q: %v, want an error naming the variable", bad, err)
		}
	}
}
