package instruction

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/plural"
)

// Block kinds a reply is made of.

// ReplyBlock is one channel block of a parsed reply.
type ReplyBlock struct {
	Channel string
	Tool    string // for action blocks
	Body    string
}

// Reply is a parsed reply.
type Reply struct {
	Blocks []ReplyBlock
}

var openTag = regexp.MustCompile(`^<(thinking|action|final|code)(?:\s+tool="(` + catalog.ToolIDPattern + `)")?>`)

// ParseReply parses a reply under a protocol. It accepts both protocol
// shapes (with and without the code channel) and rejects a channel the
// protocol does not have, text outside channels, more than one step, a
// thinking block out of place, and an action whose body is not a JSON
// object.
func ParseReply(text string, p Protocol) (Reply, error) {
	var r Reply
	rest := strings.TrimSpace(text)
	if rest == "" {
		return r, fmt.Errorf("empty reply")
	}
	for rest != "" {
		m := openTag.FindStringSubmatch(rest)
		if m == nil {
			return r, fmt.Errorf("text outside a channel: %q", clip(rest))
		}
		ch, tool := m[1], m[2]
		if !p.Has(ch) {
			return r, fmt.Errorf("channel %q is not part of this %d-channel protocol", ch, len(p.Channels))
		}
		if ch == ChannelAction && tool == "" {
			return r, fmt.Errorf("action without a tool attribute")
		}
		if ch != ChannelAction && tool != "" {
			return r, fmt.Errorf("%s channel takes no tool attribute", ch)
		}
		rest = rest[len(m[0]):]
		end := strings.Index(rest, "</"+ch+">")
		if end < 0 {
			return r, fmt.Errorf("unclosed %s channel", ch)
		}
		body := strings.TrimSpace(rest[:end])
		rest = strings.TrimSpace(rest[end+len(ch)+3:])
		if ch == ChannelAction {
			var obj map[string]any
			if err := json.Unmarshal([]byte(body), &obj); err != nil {
				return r, fmt.Errorf("action %s: body is not a JSON object: %v", tool, err)
			}
		}
		if body == "" {
			return r, fmt.Errorf("empty %s channel", ch)
		}
		r.Blocks = append(r.Blocks, ReplyBlock{Channel: ch, Tool: tool, Body: body})
	}
	return r, r.check()
}

// check enforces the order: optional thinking first, then exactly one step
// or one final.
func (r Reply) check() error {
	steps, finals := 0, 0
	for i, b := range r.Blocks {
		switch b.Channel {
		case ChannelThinking:
			if i != 0 {
				return fmt.Errorf("thinking must come first")
			}
		case ChannelFinal:
			finals++
		default:
			steps++
		}
	}
	if steps+finals != 1 {
		return fmt.Errorf("a reply holds exactly one step or one final summary, got %s and %s", plural.Count(steps, "step"), plural.Count(finals, "final"))
	}
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
