package web

import (
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
