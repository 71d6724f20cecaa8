package instruction

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/memo"
)

// Channels of the reply protocol.
const (
	ChannelThinking = "thinking"
	ChannelAction   = "action"
	ChannelFinal    = "final"
	ChannelCode     = "code"
)

// Protocol is the set of channels a reply may use.
type Protocol struct {
	Channels []string
}

// ChannelGate is one channel of the reply protocol and the capability that
// brings it.
type ChannelGate struct {
	Channel  string
	Requires Capability
}

// ChannelGates is the table from channel to capability, in protocol order:
// thinking and final always; action when there is a tool to call; code
// when exec is in the roster.
var ChannelGates = []ChannelGate{
	{ChannelThinking, CapAlways},
	{ChannelAction, CapTools},
	{ChannelFinal, CapAlways},
	{ChannelCode, CapExec},
}

// ProtocolFor derives the protocol from the gate: the channels of
// ChannelGates whose capability holds.
func ProtocolFor(g Gate) Protocol {
	p := Protocol{Channels: make([]string, 0, len(ChannelGates))}
	for _, cg := range ChannelGates {
		if g.Has(cg.Requires) {
			p.Channels = append(p.Channels, cg.Channel)
		}
	}
	return p
}

// Has reports whether the protocol has the channel.
func (p Protocol) Has(ch string) bool {
	for _, c := range p.Channels {
		if c == ch {
			return true
		}
	}
	return false
}

// Round is one exchange of a worked example: the agent's reply and the
// result the runtime returned ("" after a final summary).
type Round struct {
	Reply  string
	Result string
}

// WorkedExample is a short task solved under the protocol it is shown with.
type WorkedExample struct {
	Title  string
	User   string
	Rounds []Round
}

// workedExample picks the example that fits the roster: code rounds with
// exec; otherwise the workspace write tool; otherwise another present tool;
// otherwise no tool at all.
func workedExample(g Gate, roster []*catalog.Entry) exampleUnit {
	switch {
	case g.Has(CapExec):
		return execExample
	case g.Has(CapWorkspaceWrite):
		return writeExample
	}
	for _, e := range roster {
		if e.CodeOnly() || len(e.Contract().Examples) == 0 {
			continue
		}
		return toolExample(e)
	}
	return noToolExample
}

// The worked examples that do not depend on the roster's tools.
var (
	execExample = fixedExample(WorkedExample{
		Title: "a computation in the code channel",
		User:  "Which region had the highest revenue in sales.csv?",
		Rounds: []Round{{
			Reply:  "<thinking>The file may be large. A short program can total revenue per region and print only the top rows.</thinking>\n<code>\nimport pandas as pd\ndf = pd.read_csv(\"sales.csv\")\nprint(df.groupby(\"region\")[\"revenue\"].sum().sort_values(ascending=False).head(3))\n</code>",
			Result: "region\nEMEA    1204000\nAPAC     987500\nAMER     911300",
		}, {
			Reply: "<final>EMEA had the highest revenue, 1,204,000, ahead of APAC (987,500) and AMER (911,300). Computed from sales.csv; no files were changed.</final>",
		}},
	})
	writeExample = fixedExample(WorkedExample{
		Title: "saving a result for the user",
		User:  "Write up the three decisions from today's meeting as notes I can share: hire two analysts, move the launch to May, drop the legacy export.",
		Rounds: []Round{{
			Reply:  "<thinking>The user gave the decisions; I only need to save them where they can see them.</thinking>\n<action tool=\"workspace_write\">{\"path\": \"notes/decisions.md\", \"content\": \"# Decisions\\n\\n1. Hire two analysts.\\n2. Move the launch to May.\\n3. Drop the legacy export.\\n\"}</action>",
			Result: `{"path": "notes/decisions.md", "bytes": 96}`,
		}, {
			Reply: "<final>The three decisions are saved in notes/decisions.md, ready to share.</final>",
		}},
	})
	noToolExample = fixedExample(WorkedExample{
		Title: "an answer without tools",
		User:  "What should I weigh when naming a new internal project?",
		Rounds: []Round{{
			Reply: "<thinking>This needs judgment, not data; no step is required.</thinking>\n<final>Pick a name that is short, easy to say, unused by other teams, and free of the project's temporary details, so it still fits after the plan changes.</final>",
		}},
	})
)

// fixedExample renders a worked example once.
func fixedExample(ex WorkedExample) exampleUnit {
	return withMCP(exampleUnit{ex: ex, unit: catalog.NewUnit(renderExample(ex))})
}

// exampleUnit is a worked example with its rendered units: in the text
// protocol (unit) and for an MCP client (mcp).
type exampleUnit struct {
	ex   WorkedExample
	unit catalog.Unit
	mcp  catalog.Unit
}

// toolExamples memoizes each tool's worked example by contract digest
// (the example is a function of the contract alone), bounded.
var toolExamples = memo.NewBounded[string, exampleUnit](4096)

// toolExample is the worked example of one tool call, built from the
// tool's first example.
func toolExample(e *catalog.Entry) exampleUnit {
	return toolExamples.Get(e.Digest(), func() exampleUnit {
		c := e.Contract()
		ex := c.Examples[0]
		call := compactJSON(ex.Call)
		w := WorkedExample{
			Title: "one tool call",
			User:  fmt.Sprintf("Please help with this: %s", lowerFirst(strings.TrimSuffix(ex.Description, "."))),
			Rounds: []Round{{
				Reply:  fmt.Sprintf("<thinking>The %s tool fits this request; its entry in the catalog lists the arguments.</thinking>\n<action tool=%q>%s</action>", c.ID, c.ID, call),
				Result: "(the tool's result)",
			}, {
				Reply: "<final>Here is what I found, with the source of each point.</final>",
			}},
		}
		// the MCP form is written from the parts, not parsed back from the
		// tagged reply: an example's JSON may hold any text, a closing tag too
		m := fmt.Sprintf("## Worked example: %s\n\nUser: %s\n\nYou think: The %s tool fits this request; its entry in the catalog lists the arguments.\nYou call the tool %s with %s\n\nResult:\n%s\n\nYou reply: %s\n\n",
			w.Title, w.User, c.ID, c.ID, call, w.Rounds[0].Result, strings.TrimSuffix(strings.TrimPrefix(w.Rounds[1].Reply, "<final>"), "</final>"))
		return exampleUnit{ex: w, unit: catalog.NewUnit(renderExample(w)), mcp: catalog.NewUnit(m)}
	})
}

// renderExample writes a worked example as a protocol unit.
func renderExample(ex WorkedExample) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## Worked example: %s\n\nUser: %s\n\n", ex.Title, ex.User)
	for _, r := range ex.Rounds {
		fmt.Fprintf(&b, "You:\n%s\n\n", r.Reply)
		if r.Result != "" {
			fmt.Fprintf(&b, "Result:\n%s\n\n", r.Result)
		}
	}
	return b.String()
}

func compactJSON(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return s
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
