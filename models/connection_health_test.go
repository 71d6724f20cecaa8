package models_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestConnectionStatusFollowsTheLastContact: a
// connection's status is its last real contact — a failed one is an
// error with when and why, an answer after it is ok again — and a report
// older than the one recorded (another replica, a late goroutine)
// changes nothing; on both databases.
func TestConnectionStatusFollowsTheLastContact(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "web", URL: "http://127.0.0.1:1/mcp"}); err != nil {
				t.Fatal(err)
			}
			if err := store.RecordSync(ctx, "alice", "web", models.SyncResult{Tools: 2}); err != nil {
				t.Fatal(err)
			}
			health := func() models.ConnectionHealth {
				c, err := store.ConnectionByName(ctx, "web")
				if err != nil {
					t.Fatal(err)
				}
				return store.Health(c)
			}
			if h := health(); h.Status != models.ConnectionOK || h.At == nil {
				t.Fatalf("after a sync: %+v", h)
			}
			down := time.Now().Add(time.Second)
			if err := store.RecordContact(ctx, "web", down, "connection refused"); err != nil {
				t.Fatal(err)
			}
			h := health()
			if h.Status != models.ConnectionError || h.Why != "connection refused" || h.At == nil || !h.At.Equal(down.UTC().Truncate(time.Microsecond)) && h.At.Sub(down).Abs() > time.Millisecond {
				t.Errorf("after a failed contact: %+v", h)
			}
			if !strings.Contains(h.Fix, "console connection sync web") {
				t.Errorf("an error says what to do: %q", h.Fix)
			}
			// a report of an earlier answer, arriving late, is older news
			if err := store.RecordContact(ctx, "web", down.Add(-500*time.Millisecond), ""); err != nil {
				t.Fatal(err)
			}
			if h := health(); h.Status != models.ConnectionError {
				t.Errorf("an older answer overwrote a newer failure: %+v", h)
			}
			if err := store.RecordContact(ctx, "web", down.Add(2*time.Second), ""); err != nil {
				t.Fatal(err)
			}
			if h := health(); h.Status != models.ConnectionOK || h.Why != "" {
				t.Errorf("after the server answered again: %+v", h)
			}
		})
	}
}

// TestConnectionSecretsUnreadable: a connection
// whose sealed secrets the configured key does not open — a backup
// restored without its key, or with another — has the status "secrets
// unreadable" and says what to do, whatever its last contact said.
func TestConnectionSecretsUnreadable(t *testing.T) {
	ctx := context.Background()
	store := modelstest.Open(t, modelstest.Dialects(t)[0])
	store.SetSealKey([]byte("the-key-the-secrets-were-sealed-with-0001"))
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "web", URL: "http://127.0.0.1:1/mcp", Headers: map[string]string{"Authorization": "Bearer tok-123"}}); err != nil {
		t.Fatal(err)
	}
	if err := store.RecordSync(ctx, "alice", "web", models.SyncResult{Tools: 2}); err != nil {
		t.Fatal(err)
	}
	c, err := store.ConnectionByName(ctx, "web")
	if err != nil {
		t.Fatal(err)
	}
	if h := store.Health(c); h.Status != models.ConnectionOK {
		t.Fatalf("with its key: %+v", h)
	}
	for _, key := range [][]byte{[]byte("another-key-of-at-least-thirty-two-bytes"), nil} {
		store.SetSealKey(key)
		h := store.Health(c)
		if h.Status != models.ConnectionUnreadable || h.Why == "" || !strings.Contains(h.Fix, "CONSOLE_SECRETS_KEY") {
			t.Errorf("key %q: %+v", key, h)
		}
		if strings.Contains(h.Why+h.Fix, "tok-123") {
			t.Errorf("the status shows the secret: %+v", h)
		}
	}
}
