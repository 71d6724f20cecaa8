package runtime_test

import (
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// sealedStore is a store on the first test dialect with a seal key, as the
// connection tests need to keep a connection's secrets.
func sealedStore(t *testing.T) *models.Store {
	t.Helper()
	store := modelstest.Open(t, modelstest.Dialects(t)[0])
	store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	return store
}
