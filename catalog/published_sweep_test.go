package catalog_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// publishedDir holds the tool lists of published MCP servers, listed
// live from their npm packages (SOURCES.md: package, version, licence).
const publishedDir = "testdata/published"

// judgedRefusals are the refusals of the published servers, each judged
// by hand (file and tool name → a field its reasons name, and after a "|"
// words the reason about that field says). A refusal not
// listed fails the sweep until someone judges it: either the importer is
// wrong, or it is listed here with why.
var judgedRefusals = map[string]string{
	// a contradiction: the server lists two tools under each of these
	// names, so a call by the name could reach either; both are refused
	"mcp-arr-server@1.7.3.tools.json lidarr_get_quality_profiles": "name|is the name of 2 tools",
	"mcp-arr-server@1.7.3.tools.json lidarr_get_root_folders":     "name|is the name of 2 tools",
	// a contradiction: the default of a string property is null, which
	// the schema's own type refuses
	"loopuman-mcp@1.5.3.tools.json post_social_contest": "inputSchema.hashtag.default",
	// a contradiction: "creationType" is required and its enum lists no
	// value, so no call of the tool can be valid
	"netlify-mcp@1.15.1.tools.json netlify-coding-rules": "inputSchema.creationType.enum",
	// a contradiction: "components" is required with at least one item,
	// and its items' enum lists no value, so no call can be valid
	"heroui-react-mcp@1.1.2.tools.json get_component_docs":          "inputSchema.components[].enum|lists no value",
	"heroui-react-mcp@1.1.2.tools.json get_component_source_code":   "inputSchema.components[].enum|lists no value",
	"heroui-react-mcp@1.1.2.tools.json get_component_source_styles": "inputSchema.components[].enum|lists no value",
	// not a contradiction, a limit: size. The flex message schema is a
	// tree (a flex box holds flex boxes), which imports, each repetition
	// pointing at the box it repeats; but every other reuse of a schema
	// (a bubble's header, hero, body and footer are each the same box, a
	// carousel's bubbles the same bubble) is expanded in place, and that
	// is some 215 KB (over 50,000 tokens for one tool), over the 128 KiB
	// contract ceiling
	"line-line-bot-mcp-server@0.5.0.tools.json push_flex_message":          "|bytes, over the ceiling of 131072",
	"line-line-bot-mcp-server@0.5.0.tools.json broadcast_flex_message":     "|bytes, over the ceiling of 131072",
	"softeria-ms-365-mcp-server@0.155.0.tools.json create-onenote-section": "|bytes, over the ceiling of 131072",
	// not a contradiction, a limit: size. One tool takes every page
	// operation and another every block operation, each operation's
	// payload a union of Notion's whole block and rich-text model: 137 KB
	// and 408 KB of contract (the blocks schema over 4,096 nodes), some
	// 35,000 and 100,000 tokens for one tool
	"notion-mcp-server@1.0.1.tools.json notion_pages":  "|bytes, over the ceiling of 131072",
	"notion-mcp-server@1.0.1.tools.json notion_blocks": "|bytes, over the ceiling of 131072",
	// a contradiction: each migration must hold "tag", which no property
	// defines (they define "new_tag"), and "migrations" is an object whose
	// schema describes items, an array keyword
	"cloudflare-mcp-server-cloudflare@0.2.0.tools.json worker_put": "inputSchema.migrations[].required",
	// not a contradiction, the console's rule on hidden text: a zero-width
	// space (U+200B) in a description, which a reviewer cannot see and the
	// model reads
	"larksuiteoapi-lark-mcp@0.5.1.tools.json im_v1_message_list": "params.params.properties.container_id.description",
	// not a contradiction, a limit: size. The description carries a whole
	// draw.io XML reference (styles, edge routing, layers, dark mode):
	// 34,728 bytes, some 8,000 tokens the model would read on every turn,
	// over the 16 KiB purpose ceiling. The server's other six tools import
	"drawio-mcp@1.6.1.tools.json open_drawio_xml": "description|bytes, over the ceiling of 16384",
	// a keyword on the wrong type: "Period" is declared a string but
	// carries an array's "items" (the enum of periods the author meant);
	// read as written, the enum would constrain nothing, so the contract
	// would not say what the server accepts
	"digitalocean-mcp@1.0.70.tools.json uptimecheck-alert-create": "inputSchema.Period.items",
	"digitalocean-mcp@1.0.70.tools.json uptimecheck-alert-update": "inputSchema.Period.items",
}

// sweepNamespace is a service name made from a file name.
func sweepNamespace(file string) string {
	base := strings.TrimSuffix(filepath.Base(file), ".tools.json")
	if i := strings.LastIndexByte(base, '@'); i > 0 {
		base = base[:i]
	}
	ns := regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(base), "_")
	ns = strings.Trim(ns, "_")
	if ns == "" || ns[0] < 'a' || ns[0] > 'z' {
		ns = "s" + ns
	}
	if len(ns) > catalog.MaxNamespaceLength {
		ns = ns[:catalog.MaxNamespaceLength]
	}
	return ns
}

// TestPublishedServersImportAsPublished: every published server's tool
// list imports tool by tool; the sweep reports each server's import rate
// and every refusal with its reason. At least 99% of the real tools
// import, and every refusal is one judged a real contradiction.
func TestPublishedServersImportAsPublished(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(publishedDir, "*.tools.json"))
	sources, err := os.ReadFile(filepath.Join(publishedDir, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, f := range files {
		if !strings.Contains(string(sources), "`"+filepath.Base(f)+"`") {
			t.Errorf("%s is not in SOURCES.md (package, version, licence)", filepath.Base(f))
		}
		listed++
	}
	if listed < 15 {
		t.Fatalf("found %d published servers", listed)
	}
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-58s %6s %8s %8s %8s %8s %8s\n", "server", "tools", "imported", "rejected", "no-desc", "non-std", "members")
	total, imported := 0, 0
	var refusals []string
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		o := catalog.ParseEach(catalog.FormatMCP, raw, sweepNamespace(f), false)
		if len(o.Problems) > 0 {
			t.Errorf("%s: refused whole: %v", filepath.Base(f), o.Problems)
			continue
		}
		n := len(o.Contracts) + len(o.Rejected)
		total += n
		imported += len(o.Contracts)
		kinds := map[string]int{}
		for _, w := range o.Warnings {
			switch {
			case strings.Contains(w.Message, "has no description"):
				kinds["desc"]++
			case strings.Contains(w.Message, "non-standard keyword"):
				kinds["nonstd"]++
			case strings.Contains(w.Message, "not a member of the format"):
				kinds["member"]++
			}
		}
		fmt.Fprintf(&table, "%-58s %6d %8d %8d %8d %8d %8d\n", filepath.Base(f), n, len(o.Contracts), len(o.Rejected), kinds["desc"], kinds["nonstd"], kinds["member"])
		for _, r := range o.Rejected {
			key := filepath.Base(f) + " " + r.Name
			refusals = append(refusals, key+": "+strings.ReplaceAll(r.Problems.Error(), "\n", "; "))
			field, judged := judgedRefusals[key]
			if !judged || !hasField(r.Problems, field) {
				t.Errorf("unjudged refusal %s: %v", key, r.Problems)
			}
		}
	}
	rate := float64(imported) / float64(max(total, 1))
	fmt.Fprintf(&table, "%d servers, %d tools: %d imported (%.2f%%), %d rejected\n", listed, total, imported, 100*rate, total-imported)
	sort.Strings(refusals)
	for _, r := range refusals {
		fmt.Fprintf(&table, "refused: %s\n", r)
	}
	t.Log(table.String())
	if rate < 0.99 {
		t.Errorf("%.2f%% of real tools import, want at least 99%%", 100*rate)
	}
}

func hasField(ps catalog.Problems, judged string) bool {
	field, words, _ := strings.Cut(judged, "|")
	for _, p := range ps {
		if p.Field == field && strings.Contains(p.Message, words) {
			return true
		}
	}
	return false
}

// TestBothLinearServersImport: the two Linear servers that used to import
// nothing import whole: @tacticlaunch/mcp-linear 1.4.3's 198
// tools, the 3 whose schemas use "contains" rendered in both forms with
// it, and mcp-server-linear 1.6.0's 24 tools with every non-standard
// "optional": true kept verbatim in both forms and its one top-level
// "examples" member kept for the reviewer.
func TestBothLinearServersImport(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(publishedDir, "tacticlaunch-mcp-linear@1.4.3.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	o := catalog.ParseEach(catalog.FormatMCP, raw, "linear", true)
	if len(o.Problems) > 0 || len(o.Contracts) != 198 {
		t.Fatalf("tacticlaunch: %d imported, problems %v", len(o.Contracts), o.Problems)
	}
	withContains := 0
	for _, c := range o.Contracts {
		full, compact := catalog.RenderFull(c), catalog.RenderCompact(c)
		if !strings.Contains(full, "contained item") {
			continue
		}
		withContains++
		for form, text := range map[string]string{"full": full, "compact": compact} {
			if !strings.Contains(text, `contained item (any, const "authorization_code")`) {
				t.Errorf("%s %s: the contains schema is not rendered:\n%s", c.ID, form, text)
			}
		}
		checkAccountedRaw(t, raw, c)
	}
	if withContains != 3 {
		t.Errorf("%d tools render contains, want 3", withContains)
	}

	raw, err = os.ReadFile(filepath.Join(publishedDir, "mcp-server-linear@1.6.0.tools.json"))
	if err != nil {
		t.Fatal(err)
	}
	o = catalog.ParseEach(catalog.FormatMCP, raw, "linear2", true)
	if len(o.Problems) > 0 || len(o.Contracts) != 24 {
		t.Fatalf("mcp-server-linear: %d imported, problems %v", len(o.Contracts), o.Problems)
	}
	optional, members := 0, 0
	for _, c := range o.Contracts {
		full, compact := catalog.RenderFull(c), catalog.RenderCompact(c)
		if nf, nc := strings.Count(full, `non-standard "optional": true`), strings.Count(compact, `non-standard "optional": true`); nf != nc {
			t.Errorf("%s: optional %d times in full, %d in compact", c.ID, nf, nc)
		} else {
			optional += nf
		}
		if c.Members["examples"] != nil {
			members++
		}
		checkAccountedRaw(t, raw, c)
	}
	if optional != 54 || members != 1 {
		t.Errorf("optional kept %d times (want 54), examples member on %d tools (want 1)", optional, members)
	}
	nonStd := 0
	for _, w := range o.Warnings {
		if strings.Contains(w.Message, "non-standard") {
			nonStd++
		}
	}
	if nonStd != 54 {
		t.Errorf("%d non-standard warnings, want 54", nonStd)
	}
}

// checkAccountedRaw holds a contract's renderings to the reference model
// of its tool's input schema in the document raw.
func checkAccountedRaw(t *testing.T, raw []byte, c catalog.Contract) {
	t.Helper()
	var doc struct {
		Tools []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, tool := range doc.Tools {
		if tool["name"] == c.Name() {
			checkAccounted(t, c, tool["inputSchema"].(map[string]any))
			return
		}
	}
	t.Errorf("%s not in the document", c.ID)
}
