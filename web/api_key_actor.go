package web

import (
	"context"
	"fmt"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// keyCreator is the person who created the runtime key k ("" for none).
func keyCreator(k *models.APIKey) string {
	if k == nil {
		return ""
	}
	return k.CreatedBy
}

// keyActor names the API key a runtime change is audited under.
func keyActor(c echo.Context) string {
	k, _ := c.Get(keyAPIKey).(*models.APIKey)
	return apiKeyActor(k)
}

// apiKeyActor is the audit actor of a runtime key k ("apikey" when
// unknown).
func apiKeyActor(k *models.APIKey) string {
	if k == nil {
		return "apikey"
	}
	return fmt.Sprintf("apikey:%d %s", k.ID, k.Name)
}

// keyIDOf is the id of the runtime key k (0 for none).
func keyIDOf(k *models.APIKey) uint {
	if k == nil {
		return 0
	}
	return k.ID
}

// requestKey is the runtime key a request is made with (nil: none).
func requestKey(c echo.Context) *models.APIKey {
	k, _ := c.Get(keyAPIKey).(*models.APIKey)
	return k
}

// heldFor is the approval row as a check through the runtime key key
// may present it: nil (as an unknown reference) when it is another key's
// request (models.Store.ApprovalHoldsFor: subjects are vouched per key,
// so an approval holds for the keys that asked for it).
func (s *Server) heldFor(ctx context.Context, row *models.Approval, key uint) (*models.Approval, error) {
	if row == nil || key == 0 {
		return row, nil
	}
	holds, err := s.store.ApprovalHoldsFor(ctx, row, key)
	if err != nil || !holds {
		return nil, err
	}
	return row, nil
}
