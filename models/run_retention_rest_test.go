package models

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A retention pass's rest between two days ends with its context: a pass
// cancelled while resting returns at once with the context's error, not
// after the rest.
func TestRetentionRestEndsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	done := make(chan error, 1)
	go func() { done <- rest(ctx, time.Hour) }()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("rest after cancel: %v, want context.Canceled", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("rest of an hour did not end with its cancelled context")
	}
	if err := rest(context.Background(), 0); err != nil {
		t.Fatalf("rest(0): %v", err)
	}
}
