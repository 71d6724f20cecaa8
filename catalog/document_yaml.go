package catalog

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// ReadYAML reads a YAML document under the limits (see ReadDocument).
//
// It counts the structural marks first ('[', '{', ',', '-', ':', '?',
// '*' and line breaks, wherever they stand, quoted or not): every node
// the parser can build needs one, so the count bounds the parser's work
// from above before it starts. The parser (go.yaml.in/yaml/v3, the YAML
// organisation's maintained yaml.v3, which keeps aliases as references)
// then builds the node tree, and the walk into plain values counts depth
// and values, each alias as everything it expands to.
func ReadYAML(ctx context.Context, data []byte, lim DocumentLimits) (any, error) {
	if err := checkSize(data, lim); err != nil {
		return nil, err
	}
	if line, col, bad := badUTF8(data); bad {
		return nil, &DocumentError{Rule: "utf-8", Path: fmt.Sprintf("line %d, column %d", line, col), Message: "holds bytes that are not UTF-8 text"}
	}
	if n := yamlMarks(data, lim.Marks); n > lim.Marks {
		return nil, &DocumentError{Rule: "marks", Message: fmt.Sprintf("the document has more than %d structural marks (list and mapping indicators, commas, line breaks), the ceiling before parsing", lim.Marks)}
	}
	if err := ctx.Err(); err != nil {
		return nil, &DocumentError{Rule: "cancelled", Message: fmt.Errorf("%w (%v)", ErrDocumentCancelled, err).Error()}
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, &DocumentError{Rule: "syntax", Message: "is not valid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	r := &yamlReader{b: budget{ctx: ctx, lim: lim}}
	if root.Kind == 0 { // an empty document
		return nil, nil
	}
	return r.value(&root, 0)
}

// yamlMarks counts the structural marks of a YAML text, stopping once past
// the ceiling.
func yamlMarks(data []byte, ceiling int) int {
	n := 0
	for _, c := range data {
		switch c {
		case '[', '{', ',', '-', ':', '?', '*', '\n':
			if n++; n > ceiling {
				return n
			}
		}
	}
	return n
}

type yamlReader struct {
	b    budget
	path segments
}

func (r *yamlReader) refuse(n *yaml.Node, rule, format string, args ...any) error {
	return &DocumentError{Rule: rule, Path: r.path.String(), Message: fmt.Sprintf(format, args...) + fmt.Sprintf(" (line %d, column %d)", n.Line, n.Column)}
}

func (r *yamlReader) value(n *yaml.Node, depth int) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return r.value(n.Content[0], depth)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, r.refuse(n, "syntax", "an alias to no anchor")
		}
		return r.value(n.Alias, depth)
	}
	if err := r.b.value(r.path.String, depth+1); err != nil {
		return nil, err
	}
	switch n.Kind {
	case yaml.SequenceNode:
		l := make([]any, 0, len(n.Content))
		for i, e := range n.Content {
			r.path = append(r.path, segment{index: i})
			v, err := r.value(e, depth+1)
			if err != nil {
				return nil, err
			}
			l = append(l, v)
			r.path = r.path[:len(r.path)-1]
		}
		return l, nil
	case yaml.MappingNode:
		return r.mapping(n, depth)
	case yaml.ScalarNode:
		if len(n.Value) > r.b.lim.Text {
			return nil, r.refuse(n, "text", "a text of %d bytes, over the ceiling of %d", len(n.Value), r.b.lim.Text)
		}
		return scalar(n), nil
	}
	return nil, r.refuse(n, "syntax", "a node of an unknown kind")
}

func (r *yamlReader) mapping(n *yaml.Node, depth int) (any, error) {
	m := make(map[string]any, len(n.Content)/2)
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		for kn.Kind == yaml.AliasNode && kn.Alias != nil {
			kn = kn.Alias
		}
		if kn.Kind != yaml.ScalarNode {
			return nil, r.refuse(kn, "key", "a key must be text, not a list or a mapping")
		}
		if kn.ShortTag() == "!!merge" {
			merges = append(merges, vn)
			continue
		}
		k := kn.Value
		if len(k) > r.b.lim.Text {
			return nil, r.refuse(kn, "text", "a key of %d bytes, over the ceiling of %d", len(k), r.b.lim.Text)
		}
		r.path = append(r.path, segment{key: k, index: -1})
		if _, dup := m[k]; dup {
			return nil, r.refuse(kn, "duplicate key", "the key %q appears more than once in one mapping", k)
		}
		if err := r.b.value(r.path.String, depth+2); err != nil { // the key
			return nil, err
		}
		v, err := r.value(vn, depth+1)
		if err != nil {
			return nil, err
		}
		m[k] = v
		r.path = r.path[:len(r.path)-1]
	}
	// "<<: *base" (or a list of them) adds the keys the mapping lacks, the
	// first source winning
	for _, src := range merges {
		sources := []*yaml.Node{src}
		if src.Kind == yaml.SequenceNode {
			sources = src.Content
		}
		for _, s := range sources {
			v, err := r.value(s, depth)
			if err != nil {
				return nil, err
			}
			mm, ok := v.(map[string]any)
			if !ok {
				return nil, r.refuse(s, "key", "a merge (<<) must name a mapping")
			}
			for k, e := range mm {
				if _, has := m[k]; !has {
					m[k] = e
				}
			}
		}
	}
	return m, nil
}

// scalar resolves a scalar as YAML 1.2's core schema does, into the
// values JSON has: numbers as float64, a timestamp or binary as its text.
func scalar(n *yaml.Node) any {
	v := n.Value
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		switch strings.ToLower(v) {
		case "true", "yes", "on", "y":
			return true
		}
		return false
	case "!!int":
		if i, err := strconv.ParseInt(v, 0, 64); err == nil {
			return float64(i)
		}
		if u, err := strconv.ParseUint(strings.TrimPrefix(v, "+"), 0, 64); err == nil {
			return float64(u)
		}
		var f float64
		if n.Decode(&f) == nil {
			return f
		}
	case "!!float":
		switch strings.ToLower(strings.TrimPrefix(v, "+")) {
		case ".inf":
			return math.Inf(1)
		case "-.inf":
			return math.Inf(-1)
		case ".nan":
			return math.NaN()
		}
		if f, err := strconv.ParseFloat(strings.ReplaceAll(v, "_", ""), 64); err == nil {
			return f
		}
	}
	return v
}
