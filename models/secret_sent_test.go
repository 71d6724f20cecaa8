package models_test

import (
	"context"
	"slices"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSecretSendersAcrossConnections: the senders of a console secret
// are every key whose call sent it, to any connection, each once and
// oldest first; another secret's records and other actions are not
// theirs.
func TestSecretSendersAcrossConnections(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for _, e := range []models.Event{
			{Actor: "apikey:1 a", Action: "secret.sent", Subject: "connection:memory console-secret:f1"},
			{Actor: "apikey:2 b", Action: "secret.sent", Subject: "connection:notes console-secret:f1"},
			{Actor: "apikey:1 a", Action: "secret.sent", Subject: "connection:notes console-secret:f1"},
			{Actor: "apikey:3 c", Action: "secret.sent", Subject: "connection:memory console-secret:f2"},
			{Actor: "apikey:4 d", Action: "secret.echo", Subject: "connection:memory console-secret:f1"},
		} {
			if err := s.Audit(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		got, err := s.SecretSenders(ctx, "console-secret:f1")
		if err != nil || !slices.Equal(got, []string{"apikey:1 a", "apikey:2 b"}) {
			t.Errorf("senders %v, %v", got, err)
		}
		if got, err := s.SecretSenders(ctx, "console-secret:f3"); err != nil || len(got) != 0 {
			t.Errorf("senders of a secret nobody sent %v, %v", got, err)
		}
	})
}
