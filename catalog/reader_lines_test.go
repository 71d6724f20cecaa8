package catalog_test

import (
	"fmt"
	"strings"
)

// splitFacts reads "(a, b "x, y", c)" starting at s[0]=='(' and returns the
// facts and the rest after ')'. Commas inside JSON strings do not split.
func splitFacts(s string) ([]string, string, error) {
	if !strings.HasPrefix(s, "(") {
		return nil, s, fmt.Errorf("no facts in %q", s)
	}
	var facts []string
	var cur strings.Builder
	inStr, esc := false, false
	for i := 1; i < len(s); i++ {
		ch := s[i]
		switch {
		case inStr:
			cur.WriteByte(ch)
			if esc {
				esc = false
			} else if ch == '\\' {
				esc = true
			} else if ch == '"' {
				inStr = false
			}
		case ch == '"':
			inStr = true
			cur.WriteByte(ch)
		case ch == ')':
			facts = append(facts, cur.String())
			return facts, s[i+1:], nil
		case ch == ',' && i+1 < len(s) && s[i+1] == ' ':
			facts = append(facts, cur.String())
			cur.Reset()
			i++
		default:
			cur.WriteByte(ch)
		}
	}
	return nil, "", fmt.Errorf("unterminated facts in %q", s)
}

// nodeLine reads `label (facts): text` after indentation and bullet.
func nodeLine(s string, named bool) (label string, facts []string, text string, err error) {
	switch {
	case named && strings.HasPrefix(s, "`"):
		end := strings.IndexByte(s[1:], '`')
		if end < 0 {
			return "", nil, "", fmt.Errorf("unterminated name in %q", s)
		}
		label, s = s[1:end+1], s[end+2:]
	case strings.HasPrefix(s, `"`): // a name outside the bare set, as a JSON string
		end := 1
		for ; end < len(s) && s[end] != '"'; end++ {
			if s[end] == '\\' {
				end++
			}
		}
		if end >= len(s) {
			return "", nil, "", fmt.Errorf("unterminated quoted name in %q", s)
		}
		label, s = s[:end+1], s[end+1:]
	case plainLabel.MatchString(s):
		label = plainLabel.FindString(s)
		s = s[len(label):]
	case !named && nameRe.MatchString(s):
		label = nameRe.FindString(s)
		s = s[len(label):]
	default:
		return "", nil, "", fmt.Errorf("no label in %q", s)
	}
	if strings.HasPrefix(s, " (") {
		if facts, s, err = splitFacts(s[1:]); err != nil {
			return
		}
	}
	switch {
	case s == "":
	case strings.HasPrefix(s, ": "):
		text = s[2:]
	default:
		err = fmt.Errorf("unexpected %q after the facts of %s", s, label)
	}
	return
}

func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// continuation reports whether the line continues the previous text, and
// its content.
func continuation(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if t == "|" {
		return "", true
	}
	if strings.HasPrefix(t, "| ") {
		return t[2:], true
	}
	return "", false
}

// returnsPath is the node of the result object; its fields are below it
// ("(returns)/content"). No parameter name can hold a parenthesis.
const returnsPath = "(returns)"

// withReturns sets the returns text from the result node, whose text the
// continuation lines extended.
func withReturns(rc *readContract) *readContract {
	if n := rc.nodes[returnsPath]; n != nil {
		rc.returns = n.text
	}
	return rc
}

// headerNode reads the rest of a section header after its word:
// " (facts): text", ": text", ":" or " (facts):".
func headerNode(rest string) (*readNode, error) {
	var facts []string
	if strings.HasPrefix(rest, " (") {
		var err error
		if facts, rest, err = splitFacts(rest[1:]); err != nil {
			return nil, err
		}
	}
	if rest != ":" && !strings.HasPrefix(rest, ": ") {
		return nil, fmt.Errorf("no colon")
	}
	return &readNode{facts: facts, text: strings.TrimPrefix(strings.TrimPrefix(rest, ":"), " ")}, nil
}

// normText is how a description is expected to read back: line breaks
// unified, trailing spaces and surrounding blank lines dropped.
func normText(s string) string {
	r := strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n", "\u0085", "\n", "\v", "\n", "\f", "\n")
	lines := strings.Split(r.Replace(s), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	// rendering removes the indentation the lines after the first share
	lines = strings.Split(strings.TrimSpace(strings.Join(lines, "\n")), "\n")
	shared, set := "", false
	for _, l := range lines[1:] {
		if l == "" {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
		if !set {
			shared, set = lead, true
		}
		for !strings.HasPrefix(lead, shared) {
			shared = shared[:len(shared)-1]
		}
	}
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], shared)
	}
	return strings.Join(lines, "\n")
}
