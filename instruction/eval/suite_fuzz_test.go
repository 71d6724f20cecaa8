package eval

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
)

// FuzzParseSuite: any case file is read or refused within the per-input
// budget (catalogtest.WithinBudget).
func FuzzParseSuite(f *testing.F) {
	for _, s := range []string{
		"k: 5\ncases:\n  - {task: plot revenue, expect: [render_chart]}\n",
		`{"cases":[{"task":"x","expect":["a"]}]}`,
		"k: 5\ncases: " + strings.Repeat("[", 100) + strings.Repeat("]", 100),
		"x: &a [y, y, y]\nb: &b [*a, *a, *a]\ncases: [*b, *b]\n",
		"cases:\n  - task: x\n    task: y\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		catalogtest.WithinBudget(t, data, func() { ParseSuite(data) })
	})
}
