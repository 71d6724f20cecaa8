package web

// The grants editor's lines: read from the form, written back to it.

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// parseGrants reads the editor's lines: "KIND VALUE [requires-approval]";
// it returns the grants it could read and what is wrong with every line
// it could not.
func parseGrants(text string) ([]models.GrantSpec, []string) {
	var out []models.GrantSpec
	var bad []string
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		g := models.GrantSpec{}
		if len(f) == 3 && f[2] == "requires-approval" {
			g.RequiresApproval = true
			f = f[:2]
		}
		if len(f) != 2 {
			bad = append(bad, fmt.Sprintf("line %d: write KIND VALUE [requires-approval], e.g. effects read-only", i+1))
			continue
		}
		g.Kind, g.Value = f[0], f[1]
		out = append(out, g)
	}
	return out, bad
}

// withPickedGrants adds the grant lines chosen in the grants picker
// (grants_add: "tool ID", "service NAME") to the editor's text, each once.
func withPickedGrants(c echo.Context, text string) string {
	have := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) >= 2 {
			have[f[0]+" "+f[1]] = true
		}
	}
	for _, l := range withPicked(c, "grants", nil) {
		if !have[l] {
			have[l] = true
			if text != "" && !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			text += l + "\n"
		}
	}
	return text
}

func grantLines(gs []models.GrantSpec) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(g.Kind + " " + g.Value)
		if g.RequiresApproval {
			b.WriteString(" requires-approval")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func grantLabels(gs []models.GrantSpec) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.String()
	}
	return out
}
