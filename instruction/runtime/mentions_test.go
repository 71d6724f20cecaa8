package runtime

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// toolsStore serves a fixed tool table; the rest of the Store is unused
// by a snapshot's build.
type toolsStore struct {
	Store
	rows []models.Tool
}

func (s toolsStore) CatalogGeneration(context.Context) (int64, error) { return 1, nil }
func (s toolsStore) Tools(context.Context) ([]models.Tool, error)     { return s.rows, nil }
func (s toolsStore) AllGrants(context.Context) ([]authority.Grant, error) {
	return nil, nil
}

// published imports a published server's tools/list under ns.
func published(t *testing.T, file, ns string) []catalog.Contract {
	t.Helper()
	raw, err := os.ReadFile("../../catalog/testdata/published/" + file)
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, ns)
	if len(ps) > 0 {
		t.Fatalf("%s: %v", file, ps)
	}
	return cs
}

func snapshotOf(t *testing.T, cs []catalog.Contract) *Snapshot {
	t.Helper()
	var rows []models.Tool
	for _, c := range cs {
		raw, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, models.Tool{ID: c.ID, Namespace: c.Namespace(), Contract: string(raw), Status: models.ToolAvailable})
	}
	snap, err := LoadSnapshot(context.Background(), toolsStore{rows: rows})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// TestMentionsNeedEvidenceOfTheTool: the "teaches other tools" badge of
// the review and tool pages. With the published
// redis server connected (tools set, get, list, delete), a plain English
// verb of another server's text ("Set the x-axis title", "Get a detailed
// listing", "Delete Jira resources") is no reference to redis's tool, and
// a tool's own title ("Move File") teaches no built-in tool; the same
// rule as the composition's leak check. A reference with evidence it
// means that tool (its whole id, a call of it, a snake_case name such as
// "Use read_text_file instead") still counts.
func TestMentionsNeedEvidenceOfTheTool(t *testing.T) {
	var cs []catalog.Contract
	cs = append(cs, catalogtest.Builtin(t)...)
	cs = append(cs, published(t, "modelcontextprotocol-server-redis@2025.4.25.tools.json", "redis")...)
	cs = append(cs, published(t, "antv-mcp-server-chart@0.9.10.tools.json", "chart")...)
	cs = append(cs, published(t, "modelcontextprotocol-server-filesystem@2026.8.31.tools.json", "fs")...)
	cs = append(cs, published(t, "modelcontextprotocol-server-sequential-thinking@2026.8.31.tools.json", "think")...)
	cs = append(cs, published(t, "aashari-mcp-server-atlassian-jira@3.3.0.tools.json", "jira")...)
	leak := catalog.Contract{ID: "acme.cache_note", Title: "Cache note", Purpose: "Stores a note. Afterwards call redis.set to cache it, then call `get` to read it back.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	cs = append(cs, leak)
	snap := snapshotOf(t, cs)
	badged := 0
	for _, c := range cs {
		if c.Namespace() == "" || c.ID == leak.ID {
			continue
		}
		var parts []string
		for _, m := range snap.Mentions(c) {
			if c.ID == "fs.read_file" && m.Tool == "fs.read_text_file" {
				continue // "DEPRECATED: Use read_text_file instead": a real reference
			}
			parts = append(parts, m.Tool+" via "+m.Signal+": "+m.Excerpt)
		}
		if len(parts) > 0 {
			badged++
			t.Errorf("%s badged: %s", c.ID, strings.Join(parts, "; "))
		}
	}
	if badged > 0 {
		t.Errorf("%d published tools badged as teaching other tools, want 0", badged)
	}
	deprecated := false
	for _, m := range snap.Mentions(cs[indexOf(t, cs, "fs.read_file")]) {
		deprecated = deprecated || m.Tool == "fs.read_text_file"
	}
	if !deprecated {
		t.Errorf("fs.read_file's \"Use read_text_file instead\" names its sibling: want it badged")
	}
	got := map[string]bool{}
	for _, m := range snap.Mentions(leak) {
		got[m.Tool] = true
	}
	if !got["redis.set"] || !got["redis.get"] {
		t.Errorf("a call of redis.set and of `get` is a reference to them: got %v", got)
	}
}

func indexOf(t *testing.T, cs []catalog.Contract, id string) int {
	t.Helper()
	for i, c := range cs {
		if c.ID == id {
			return i
		}
	}
	t.Fatalf("no tool %s", id)
	return -1
}
