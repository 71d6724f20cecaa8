package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestNamesAreOneLine: a name (a key's, an agent's) holding a line feed,
// carriage return, tab or a line or paragraph separator is refused naming
// name, nothing written: in a listing one a row it would forge rows.
func TestNamesAreOneLine(t *testing.T) {
	ctx := context.Background()
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectSQLite})
	for i, name := range []string{"deploy\nid 9 admin", "dep\rloy", "de\tploy", "deploy\u2028x", "deploy\u2029x"} {
		_, _, err := s.CreateScopedAPIKey(ctx, "ops", name, models.ScopeRuntime)
		var ve *models.ValidationError
		if !errors.As(err, &ve) || !strings.Contains(ve.Fields["name"], "one line") {
			t.Errorf("key name %q: %v, want a refusal naming name", name, err)
		}
		slug := "ag-" + string(rune('a'+i))
		_, err = s.CreateAgent(ctx, "ops", models.AgentInput{Slug: slug, Name: name, Description: "d"}, nil)
		if !errors.As(err, &ve) || ve.Fields["name"] == "" {
			t.Errorf("agent name %q: %v, want a refusal naming name", name, err)
		}
	}
	keys, err := s.APIKeys(ctx)
	if err != nil || len(keys) != 0 {
		t.Errorf("refused names wrote %d keys (%v)", len(keys), err)
	}
	if _, _, err := s.CreateScopedAPIKey(ctx, "ops", "deploy key", models.ScopeRuntime); err != nil {
		t.Errorf("a one-line name: %v", err)
	}
}
