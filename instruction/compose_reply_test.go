package instruction_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// TestWorkedExamplesParse parses every round of the worked example under
// the protocol it is shown with, for each kind of roster.
func TestWorkedExamplesParse(t *testing.T) {
	cat := builtinCatalog(t)
	cases := map[string]struct {
		roster   []*catalog.Entry
		wantTool string
		wantCode bool
	}{
		"exec":            {entries(t, cat, "exec", "workspace_write"), "", true},
		"workspace_write": {entries(t, cat, "read_file", "workspace_write"), "workspace_write", false},
		"another tool":    {entries(t, cat, "load_table", "web_fetch", "read_file"), "web_fetch", false},
		"no tool":         {nil, "", false},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			c := compose(t, instruction.Input{Roster: tc.roster})
			var sawTool, sawCode bool
			for _, r := range c.Example.Rounds {
				if !strings.Contains(c.Text(), r.Reply) {
					t.Errorf("example round not in the text: %q", r.Reply)
				}
				reply, err := instruction.ParseReply(r.Reply, c.Protocol)
				if err != nil {
					t.Fatalf("example does not parse under its protocol: %v\n%s", err, r.Reply)
				}
				for _, b := range reply.Blocks {
					if b.Channel == instruction.ChannelAction {
						sawTool = sawTool || b.Tool == tc.wantTool
						if !contains(c.Roster(), b.Tool) {
							t.Errorf("example calls %s, which is not in the roster", b.Tool)
						}
					}
					sawCode = sawCode || b.Channel == instruction.ChannelCode
				}
			}
			if tc.wantTool != "" && !sawTool {
				t.Errorf("example does not use %s", tc.wantTool)
			}
			if sawCode != tc.wantCode {
				t.Errorf("code rounds = %v, want %v", sawCode, tc.wantCode)
			}
		})
	}
}

func TestParseReply(t *testing.T) {
	three := instruction.Protocol{Channels: []string{"thinking", "action", "final"}}
	four := instruction.Protocol{Channels: []string{"thinking", "action", "final", "code"}}
	cases := []struct {
		name  string
		reply string
		p     instruction.Protocol
		ok    bool
	}{
		{"action", `<thinking>t</thinking><action tool="read_file">{"path":"a"}</action>`, three, true},
		{"final only", `<final>done</final>`, three, true},
		{"code under 4", "<thinking>t</thinking>\n<code>\nprint(1)\n</code>", four, true},
		{"code under 3 rejected", "<thinking>t</thinking>\n<code>\nprint(1)\n</code>", three, false},
		{"text outside", `hello <final>x</final>`, three, false},
		{"two steps", `<action tool="a">{}</action><action tool="b">{}</action>`, three, false},
		{"action not json", `<action tool="a">nope</action>`, three, false},
		{"thinking last", `<final>x</final><thinking>t</thinking>`, three, false},
		{"unclosed", `<final>x`, three, false},
		{"no tool attr", `<action>{}</action>`, three, false},
		{"a service tool named as MCP allows", `<action tool="everything.get-sum">{"a":1,"b":2}</action>`, three, true},
		{"a camelCase service tool", `<action tool="atlassian.getJiraIssue">{}</action>`, three, true},
		{"a native id keeps its rule", `<action tool="Read-File">{}</action>`, three, false},
		{"a name with a space", `<action tool="svc.get sum">{}</action>`, three, false},
		{"a dotted service tool name", `<action tool="svc.admin.tools.list">{}</action>`, three, true},
		{"a trailing dot", `<action tool="svc.admin.">{}</action>`, three, false},
		{"empty", `  `, three, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := instruction.ParseReply(tc.reply, tc.p)
			if (err == nil) != tc.ok {
				t.Errorf("ParseReply ok=%v, want %v (err %v)", err == nil, tc.ok, err)
			}
		})
	}
}
