package models_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/agentforge/console/models"
)

// fail makes n failed attempts for an account from an address.
func fail(t *testing.T, s *models.Store, user, ip string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if _, _, err := s.BeginAttempt(context.Background(), user, ip); err != nil {
			t.Fatal(err)
		}
	}
}

// Five wrong passwords from each of 21 addresses
// locked the owner out from any address for 15 minutes, renewable; an
// IPv6 /64 supplied unlimited addresses.
func TestOwnerIsNeverLockedOutByOtherAddresses(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for i := 0; i < 21; i++ {
			fail(t, s, "admin", fmt.Sprintf("203.0.113.%d", i+1), 5)
		}
		if _, ok, err := s.BeginAttempt(ctx, "admin", "198.51.100.7"); err != nil || !ok {
			t.Fatalf("the owner's own address, without recent failures, is refused: %v %v", ok, err)
		}
		if _, ok, _ := s.BeginAttempt(ctx, "admin", "203.0.113.3"); ok {
			t.Error("an attacking address gets more attempts past the account's ceiling")
		}
		// an IPv6 /64 is one address: its 21 addresses share one budget
		for i := 0; i < models.MaxFailuresPerIP; i++ {
			fail(t, s, fmt.Sprintf("user%d", i), fmt.Sprintf("2001:db8:1:2::%x", i+1), 1)
		}
		if _, ok, _ := s.BeginAttempt(ctx, "someone", "2001:db8:1:2:ffff::1"); ok {
			t.Error("a fresh address in a /64 that spent its budget is not refused")
		}
		if _, ok, _ := s.BeginAttempt(ctx, "someone", "2001:db8:1:3::1"); !ok {
			t.Error("another /64 is refused")
		}
	})
}

func TestThrottleAddress(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.9":          "203.0.113.9",
		"::ffff:203.0.113.9":   "203.0.113.9",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2::1%eth0": "2001:db8:1:2::/64",
		"not an address":       "not an address",
	} {
		if got := models.ThrottleAddress(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
