package web

import (
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// reviewClasses reads the class the reviewer set for each selected tool
// (effects.<id>, risk.<id>) when the decision makes tools available: the
// page pre-fills each with the tool's assumed class, so a tool the
// reviewer leaves alone keeps it. Classes of unselected tools are not
// read; a rejection records none.
func reviewClasses(form url.Values, ids []string, status string) map[string]models.Classification {
	if status != models.ToolAvailable {
		return nil
	}
	out := map[string]models.Classification{}
	for _, id := range ids {
		effects, risk := strings.TrimSpace(form.Get("effects."+id)), strings.TrimSpace(form.Get("risk."+id))
		if effects == "" && risk == "" {
			continue
		}
		out[id] = models.Classification{Effects: effects, Risk: risk}
	}
	return out
}

// typedClass is the class a review row shows for the tool: as typed in a
// refused submission, else the import's hint (its assumed class), with
// an empty risk: the one its effects suggest.
func typedClass(c echo.Context, k catalog.Contract) (effects, risk string) {
	effects = string(k.Effects)
	if c.Request().Method != http.MethodPost {
		return effects, ""
	}
	form, err := c.FormParams()
	if err != nil {
		return effects, ""
	}
	if e := form.Get("effects." + k.ID); e != "" {
		effects = e
	}
	return effects, form.Get("risk." + k.ID)
}

// assumedDestructive reports a tool classified destructive only because
// its descriptor states no effects (MCP's defaults for left-out hints).
func assumedDestructive(k catalog.Contract) bool {
	return k.EffectsAssumed && k.Effects == catalog.EffectsDestructive
}
