package models

import (
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestAToolGrantOfAPatternSaysToGrantTheService: `console grant add
// everyone --tools 'memory.*'` was refused as an unknown tool. A tool
// grant names one tool; a pattern is refused saying so, with the service
// grant that gives every tool of the service (--service memory).
func TestAToolGrantOfAPatternSaysToGrantTheService(t *testing.T) {
	known := map[string]bool{"memory.create_entities": true, "memory.read_graph": true, "exec": true}
	ps := GrantProblems([]GrantSpec{{Kind: authority.KindTool, Value: "memory.*"}}, known, nil)
	if len(ps) != 1 || ps[0].Field != "tools" || strings.Contains(ps[0].Message, "unknown") ||
		!strings.Contains(ps[0].Message, `"memory.*" is a pattern, not a tool id`) || !strings.Contains(ps[0].Message, "memory.create_entities") ||
		!strings.Contains(ps[0].Message, "service grant") || !strings.Contains(ps[0].Message, "--service memory") {
		t.Errorf("a tool grant of memory.*: %+v, want it told a tool grant names one tool and to grant the service memory", ps)
	}
}
