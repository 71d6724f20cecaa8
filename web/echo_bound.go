package web

import (
	"fmt"
	"net/http"
	"unicode/utf8"

	"github.com/agentforge/console/models"
)

// clipEcho bounds text a response or a log line echoes back: at most n
// bytes, cut on a rune boundary, with an ellipsis when cut.
func clipEcho(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - len("…")
	if cut < 0 {
		cut = 0
	}
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// maxSlug is the longest agent or profile slug the slug rule allows.
const maxSlug = models.MaxSlug

// checkSlugs refuses an agent or profile slug longer than its column
// before any lookup: no such slug can exist, and none is echoed.
func checkSlugs(agent, profile string) error {
	if len(agent) > maxSlug {
		return apiErr(http.StatusBadRequest, "bad_request", "agent", fmt.Sprintf("agent is a slug of at most %d bytes", maxSlug))
	}
	if len(profile) > maxSlug {
		return apiErr(http.StatusBadRequest, "bad_request", "profile", fmt.Sprintf("profile is a slug of at most %d bytes", maxSlug))
	}
	return nil
}
