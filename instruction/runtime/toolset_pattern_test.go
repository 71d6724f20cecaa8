package runtime

import (
	"strings"
	"testing"
)

// TestAConversationSetOfAPatternSaysWhatItTakes: a conversation's tools
// (?tools=, --tools with --agent, a run's or check's tools) of
// "pdfreader.*" was refused as an unknown tool id. It is refused as a
// pattern, naming the field, the accepted form with one of the agent's
// declared tools of that service as the example, and that leaving the list out
// keeps every tool the agent has.
func TestAConversationSetOfAPatternSaysWhatItTakes(t *testing.T) {
	catalog := map[string]bool{"pdfreader.read_pdf": true, "pdfreader.find": true, "secret.tool": true}
	known := func(id string) bool { return catalog[id] }
	for _, c := range []struct {
		pick, without []string
		field, want   string
	}{
		{[]string{"pdfreader.*"}, nil, "tools", `"pdfreader.*" is a pattern, not a tool id: tools takes the tool ids one by one (as pdfreader.find); without tools, the conversation keeps every tool the agent has`},
		{nil, []string{"pdfreader.*"}, "without", `"pdfreader.*" is a pattern, not a tool id: without takes the tool ids one by one (as pdfreader.find)`},
		// a service the agent lacks names no example: no oracle for the catalog
		{[]string{"secret.*"}, nil, "tools", `"secret.*" is a pattern, not a tool id: tools takes the tool ids one by one; without tools`},
	} {
		err := CheckAgentToolSet(known, "kb", []string{"pdfreader.find"}, []string{"pdfreader"}, c.pick, c.without)
		if err == nil || !strings.HasPrefix(err.Error(), c.field+": ") || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "unknown") {
			t.Errorf("%v / %v: %v, want %s: …%s", c.pick, c.without, err, c.field, c.want)
		}
	}
}
