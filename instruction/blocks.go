package instruction

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
)

//go:embed blocks/*.md
var blockFiles embed.FS

// Block is one variant of an instruction block: its text for some tiers,
// the capability it requires and the rule ids it carries.
type Block struct {
	ID       string
	Requires Capability
	Tiers    []string
	Rules    []string
	Unit     catalog.Unit
}

// blockSet holds every block variant keyed by (id, tier).
type blockSet map[string]map[string]Block

// loadBlocks parses the embedded block files. It is called once; a broken
// file is a build defect caught by tests.
func loadBlocks() (blockSet, error) {
	set := blockSet{}
	entries, err := fs.Glob(blockFiles, "blocks/*.md")
	if err != nil {
		return nil, err
	}
	sort.Strings(entries)
	for _, name := range entries {
		raw, err := blockFiles.ReadFile(name)
		if err != nil {
			return nil, err
		}
		b, err := parseBlock(string(raw))
		if err != nil {
			return nil, fmt.Errorf("instruction: %s: %w", name, err)
		}
		if set[b.ID] == nil {
			set[b.ID] = map[string]Block{}
		}
		for _, t := range b.Tiers {
			if _, dup := set[b.ID][t]; dup {
				return nil, fmt.Errorf("instruction: %s: second variant of %s for tier %s", name, b.ID, t)
			}
			set[b.ID][t] = b
		}
	}
	return set, nil
}

func parseBlock(raw string) (Block, error) {
	var b Block
	rest, ok := strings.CutPrefix(raw, "---\n")
	if !ok {
		return b, fmt.Errorf("missing front matter")
	}
	head, body, ok := strings.Cut(rest, "\n---\n")
	if !ok {
		return b, fmt.Errorf("unterminated front matter")
	}
	for _, line := range strings.Split(head, "\n") {
		k, v, _ := strings.Cut(line, ":")
		v = strings.TrimSpace(v)
		switch strings.TrimSpace(k) {
		case "id":
			b.ID = v
		case "requires":
			b.Requires = Capability(v)
		case "tiers":
			b.Tiers = list(v)
		case "rules":
			b.Rules = list(v)
		default:
			return b, fmt.Errorf("unknown front matter key %q", k)
		}
	}
	if _, known := capabilities[b.Requires]; !known {
		return b, fmt.Errorf("requires %q is not a capability of the gate", b.Requires)
	}
	for _, t := range b.Tiers {
		if !validTier(t) {
			return b, fmt.Errorf("unknown tier %q", t)
		}
	}
	text := strings.TrimLeft(body, "\n")
	text = strings.TrimRight(text, "\n") + "\n\n"
	if b.ID == "" || len(b.Tiers) == 0 || strings.TrimSpace(text) == "" {
		return b, fmt.Errorf("id, tiers and text are required")
	}
	b.Unit = catalog.NewUnit(text)
	return b, nil
}

func list(v string) []string {
	v = strings.Trim(v, "[]")
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// variant finds the block's text for a tier.
func (s blockSet) variant(id, tier string) (Block, bool) {
	b, ok := s[id][tier]
	return b, ok
}
