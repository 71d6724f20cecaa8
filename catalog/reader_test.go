package catalog_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// This file is the tests' independent reader of the two rendered forms. It
// recovers the structure a careful model would read: every parameter node
// by path, its facts and its description, plus purpose, returns and
// constraints. If the layout were ambiguous (a description's "- " line read
// as a sibling parameter, a separator inside a description read as a
// boundary) the reader would recover a different tree than the contract's.

// readNode is one rendered parameter node.
type readNode struct {
	facts []string
	text  string
}

// readContract is what the reader recovers from one rendering.
type readContract struct {
	id, title, class, effects string
	purpose                   string
	nodes                     map[string]*readNode // "" is the argument object itself
	order                     []string
	returns                   string
	constraints               []string
	examples                  []string
}

var plainLabel = regexp.MustCompile(`^(each item|each other item|item [0-9]+|other properties|property names|variant [0-9]+|option [0-9]+|part [0-9]+|contained item|pattern property [0-9]+|dependent schema [0-9]+|if clause|then clause|else clause|must not match|unevaluated properties|unevaluated items|content schema)`)
var nameRe = regexp.MustCompile("^[A-Za-z0-9_.$@-]+")

// readRendering parses one contract's rendering in the given form.
func readRendering(form, text string) (*readContract, error) {
	rc := &readContract{nodes: map[string]*readNode{}}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var target *string // where continuation lines go
	var stack []string // node paths by depth
	i := 0
	appendCont := func(s string) {
		*target += "\n" + s
	}
	addNode := func(depth int, label string, facts []string, t string) error {
		if depth < 0 || depth > len(stack) {
			return fmt.Errorf("line %d: depth %d jumps past its parent", i+1, depth)
		}
		stack = stack[:depth]
		path := label
		if depth > 0 {
			path = stack[depth-1] + "/" + label
		}
		if _, dup := rc.nodes[path]; dup {
			return fmt.Errorf("line %d: node %s appears twice", i+1, path)
		}
		n := &readNode{facts: facts, text: t}
		rc.nodes[path] = n
		rc.order = append(rc.order, path)
		stack = append(stack, path)
		target = &n.text
		return nil
	}
	if form == "full" {
		m := regexp.MustCompile(`^### ([A-Za-z0-9_.-]+) — (.*)$`).FindStringSubmatch(lines[0])
		if m == nil {
			return nil, fmt.Errorf("bad banner %q", lines[0])
		}
		rc.id, rc.title = m[1], m[2]
		m = regexp.MustCompile(`^Class: (\S+) · Effects: (\S+)$`).FindStringSubmatch(lines[1])
		if m == nil || lines[2] != "" {
			return nil, fmt.Errorf("bad class line %q", lines[1])
		}
		rc.class, rc.effects = m[1], m[2]
		rc.purpose = lines[3]
		target = &rc.purpose
		section := ""
		for i = 4; i < len(lines); i++ {
			line := lines[i]
			if c, ok := continuation(line); ok {
				if target == nil {
					return nil, fmt.Errorf("line %d: continuation without text", i+1)
				}
				appendCont(c)
				continue
			}
			switch {
			case line == "":
				target = nil
				continue
			case line == "Parameters: none.":
				section = ""
				continue
			case strings.HasPrefix(line, "Parameters") && section != "Parameters" && indentOf(line) == 0 && !strings.HasPrefix(line, "- "):
				section = "Parameters"
				n, err := headerNode(strings.TrimPrefix(line, "Parameters"))
				if err != nil {
					return nil, fmt.Errorf("line %d: bad parameters header %q: %v", i+1, line, err)
				}
				rc.nodes[""] = n
				rc.order = append(rc.order, "")
				target = &n.text
				stack = nil
				continue
			case strings.HasPrefix(line, "Returns") && indentOf(line) == 0:
				section = "Returns"
				n, err := headerNode(strings.TrimPrefix(line, "Returns"))
				if err != nil {
					return nil, fmt.Errorf("line %d: bad returns header %q: %v", i+1, line, err)
				}
				rc.nodes[returnsPath] = n
				rc.order = append(rc.order, returnsPath)
				target = &n.text
				stack = []string{returnsPath}
				continue
			case line == "Constraints:" || line == "Examples:":
				section = strings.TrimSuffix(line, ":")
				target = nil
				continue
			}
			switch section {
			case "Parameters", "Returns":
				ind := indentOf(line)
				body := line[ind:]
				if ind%2 != 0 || !strings.HasPrefix(body, "- ") {
					return nil, fmt.Errorf("line %d: bad parameter line %q", i+1, line)
				}
				label, facts, t, err := nodeLine(body[2:], true)
				if err != nil {
					return nil, fmt.Errorf("line %d: %v", i+1, err)
				}
				depth := ind / 2
				if section == "Returns" {
					depth++ // below the result object
				}
				if err := addNode(depth, label, facts, t); err != nil {
					return nil, err
				}
			case "Constraints":
				if !strings.HasPrefix(line, "- ") {
					return nil, fmt.Errorf("line %d: bad constraint %q", i+1, line)
				}
				rc.constraints = append(rc.constraints, line[2:])
				target = &rc.constraints[len(rc.constraints)-1]
			case "Examples":
				if strings.HasPrefix(line, "- ") {
					rc.examples = append(rc.examples, line[2:])
					target = &rc.examples[len(rc.examples)-1]
				} else if !strings.HasPrefix(line, "  "+rc.id+" ") {
					return nil, fmt.Errorf("line %d: bad example call %q", i+1, line)
				} else {
					target = nil
				}
			default:
				return nil, fmt.Errorf("line %d: unexpected %q", i+1, line)
			}
		}
		return withReturns(rc), nil
	}
	// compact
	head := lines[0]
	m := regexp.MustCompile(`^- ([A-Za-z0-9_.-]+) `).FindStringSubmatch(head)
	if m == nil {
		return nil, fmt.Errorf("bad compact head %q", head)
	}
	rc.id = m[1]
	rest := head[len(m[0]):]
	dec := json.NewDecoder(strings.NewReader(rest))
	if err := dec.Decode(&rc.title); err != nil {
		return nil, fmt.Errorf("compact head title: %v in %q", err, head)
	}
	rest = rest[dec.InputOffset():]
	m = regexp.MustCompile(`^ \(([a-z-]+), ([a-z-]+)\):(?: |$)`).FindStringSubmatch(rest) // a tool without a description ends the line at the colon
	if m == nil {
		return nil, fmt.Errorf("bad compact class/effects in %q", head)
	}
	rc.class, rc.effects = m[1], m[2]
	rc.purpose = rest[len(m[0]):]
	target = &rc.purpose
	inParams, inReturns := false, false
	for i = 1; i < len(lines); i++ {
		line := lines[i]
		if c, ok := continuation(line); ok {
			if target == nil {
				return nil, fmt.Errorf("line %d: continuation without text", i+1)
			}
			appendCont(c)
			continue
		}
		ind := indentOf(line)
		body := line[ind:]
		if ind == 2 {
			inParams, inReturns = false, false
			switch {
			case strings.HasPrefix(body, "params"):
				inParams = true
				r := strings.TrimPrefix(body, "params")
				var facts []string
				if strings.HasPrefix(r, " (") {
					var err error
					if facts, r, err = splitFacts(r[1:]); err != nil {
						return nil, err
					}
				}
				if r != ":" && !strings.HasPrefix(r, ": ") {
					return nil, fmt.Errorf("line %d: bad params header %q", i+1, line)
				}
				n := &readNode{facts: facts, text: strings.TrimPrefix(strings.TrimPrefix(r, ":"), " ")}
				rc.nodes[""] = n
				rc.order = append(rc.order, "")
				target = &n.text
				stack = nil
			case strings.HasPrefix(body, "returns"):
				n, err := headerNode(strings.TrimPrefix(body, "returns"))
				if err != nil {
					return nil, fmt.Errorf("line %d: bad returns header %q: %v", i+1, line, err)
				}
				inReturns = true
				rc.nodes[returnsPath] = n
				rc.order = append(rc.order, returnsPath)
				target = &n.text
				stack = []string{returnsPath}
			case body == "constraints:":
				target = nil
			case strings.HasPrefix(body, "- "):
				rc.constraints = append(rc.constraints, strings.TrimPrefix(body, "- "))
				target = &rc.constraints[len(rc.constraints)-1]
			default:
				return nil, fmt.Errorf("line %d: unexpected %q", i+1, line)
			}
			continue
		}
		if !(inParams || inReturns) || ind < 3 {
			return nil, fmt.Errorf("line %d: bad compact line %q", i+1, line)
		}
		label, facts, t, err := nodeLine(body, false)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", i+1, err)
		}
		depth := ind - 3 // three spaces, one more a level
		if inReturns {
			depth++ // below the result object
		}
		if err := addNode(depth, label, facts, t); err != nil {
			return nil, err
		}
	}
	return withReturns(rc), nil
}
