package web

import (
	"strings"

	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/views"
)

// missOf is a missed expect entry as the totals list it: an entry with
// alternatives ("a|b") names every one of them and says where the best
// placed stands, so a reader does not take the first for the only tool
// that would have done.
func missOf(task string, tr eval.ToolResult, k int) views.SelectionMiss {
	alts := eval.Alternatives(tr.Expect)
	if len(alts) < 2 {
		return views.SelectionMiss{Task: task, Tool: tr.Tool, Where: missWhere(tr, k)}
	}
	return views.SelectionMiss{Task: task, Tool: strings.Join(alts, " | "),
		Where: "(either would do): the best placed, " + tr.Tool + ", " + missWhere(tr, k)}
}
