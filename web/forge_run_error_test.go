package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestForgeRunErrorsReadOnce: the simulator words a refused search once.
// Before, an empty search read "search 1: query: query is empty" — the
// deferred package's field prefix, meant for an API error's field, pasted
// into the sentence.
func TestForgeRunErrorsReadOnce(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	for path, want := range map[string]string{
		"/forge/run?agent=analyst&deferred=1&rq=&rq=":                       "search 1: query is empty",
		"/forge/run?agent=analyst&deferred=1&q=" + strings.Repeat("a", 600): "the query's size in bytes is 600, over the ceiling of 512",
	} {
		_, d := c.get(path)
		if got := strings.TrimSpace(d.Find(`[data-testid="run-error"]`).Text()); got != want {
			t.Errorf("%.60s: %q, want %q", path, got, want)
		}
	}
}
