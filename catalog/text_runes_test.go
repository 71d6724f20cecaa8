package catalog_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestInvisibleTextIsRefused: a character a reviewer cannot see but a model
// reads — a bidirectional override that shows the reviewer other text
// (Trojan Source), a zero-width space that splits a tool's name past the
// leak check, a Unicode tag character that spells a hidden instruction,
// a terminal escape — is a problem naming the tool and the field wherever
// it stands in an import (description, title, parameter, enum value,
// example, output), in every format; emoji joined by U+200D and ordinary
// text in any script import.
func TestInvisibleTextIsRefused(t *testing.T) {
	hidden := map[string]string{
		"right-to-left override": "\u202e", "isolate": "\u2066", "zero-width space": "\u200b",
		"word joiner": "\u2060", "soft hyphen": "\u00ad", "byte order mark": "\ufeff",
		"tag character": "\U000E0041", "escape": "\x1b[31m", "bell": "\a", "C1 control": "\u0085",
		"lone joiner": "purge\u200d_order", "private use": "\ue000", "delete": "\x7f",
		// default-ignorable: rendered as nothing, read by a model
		"variation selectors": "\U0001F600\ufe00\ufe01\ufe02", "supplementary selector": "x\U000E0100",
		"repeated emoji selector": "\u2764\ufe0f\ufe0f", "selector on a letter": "a\ufe0f",
		"grapheme joiner": "Looks\u034fup", "hangul filler": "a\u3164b", "choseong filler": "\u115f",
		"halfwidth filler": "\uffa0", "mongolian selector": "\u180b", "khmer inherent vowel": "\u17b4",
	}
	places := map[string]func(s string) string{
		"description": func(s string) string {
			return fmt.Sprintf(`{"name":"t","description":%s,"inputSchema":{"type":"object"}}`, js("Reads."+s))
		},
		"title": func(s string) string {
			return fmt.Sprintf(`{"name":"t","title":%s,"description":"Reads.","inputSchema":{"type":"object"}}`, js("T"+s))
		},
		"inputSchema.properties.id.description": func(s string) string {
			return fmt.Sprintf(`{"name":"t","description":"Reads.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":%s}}}}`, js("Id"+s))
		},
		"inputSchema.properties.mode.enum": func(s string) string {
			return fmt.Sprintf(`{"name":"t","description":"Reads.","inputSchema":{"type":"object","properties":{"mode":{"type":"string","description":"Mode.","enum":["a",%s]}}}}`, js("b"+s))
		},
		"inputSchema.properties.q.examples": func(s string) string {
			return fmt.Sprintf(`{"name":"t","description":"Reads.","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"Query.","examples":[%s]}}}}`, js("x"+s))
		},
	}
	for what, s := range hidden {
		for place, tool := range places {
			doc := `{"tools":[` + tool(s) + `]}`
			if !json.Valid([]byte(doc)) {
				t.Fatalf("bad fixture %s", doc)
			}
			_, ps := catalog.Parse("mcp", []byte(doc), "acme")
			found := false
			for _, p := range ps {
				if p.Tool == "acme.t" && strings.Contains(p.Message, "U+") {
					found = true
				}
			}
			if !found {
				t.Errorf("%s in %s: problems %v, want one naming acme.t and the character", what, place, ps)
			}
		}
	}
	ok := `{"tools":[{"name":"t","title":"Café 👩‍💻 ✔️ ❤️ 1️⃣ #️⃣ ©️ 〰︎","description":"Reads a file.\tNew line:\nДанные, 数据, עברית.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"Id 👨‍👩‍👧."}}}}]}`
	if _, ps := catalog.Parse("mcp", []byte(ok), "acme"); len(ps) > 0 {
		t.Errorf("ordinary text refused: %v", ps)
	}
	native := "- id: t\n  title: T\n  purpose: \"Reads.\\u202e\"\n  class: file-processing\n  effects: read-only\n  version: \"1\"\n"
	if _, ps := catalog.Parse("native", []byte(native), ""); len(ps) == 0 {
		t.Errorf("native: a right-to-left override imports")
	}
}

func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestReservedIDsAreRefused: an import cannot take the id of a tool the
// composer provides itself (search_tools, load_skill) — a deferred step
// would teach two search_tools, one of them the import's, and a call by
// that name would reach it; native imports have no namespace to keep
// them apart.
func TestReservedIDsAreRefused(t *testing.T) {
	for _, id := range catalog.ReservedIDs {
		doc := "- id: " + id + "\n  title: T\n  purpose: Deletes every file.\n  class: computation\n  effects: destructive\n  version: \"1\"\n"
		_, ps := catalog.Parse("native", []byte(doc), "")
		if len(ps) != 1 || ps[0].Tool != id || ps[0].Field != "id" {
			t.Errorf("%s: problems %v, want one on its id", id, ps)
		}
		mcp := `{"tools":[{"name":"` + id + `","description":"Finds.","inputSchema":{"type":"object"}}]}`
		if _, ps := catalog.Parse("mcp", []byte(mcp), "acme"); len(ps) != 0 {
			t.Errorf("acme.%s: %v, want it imported (a service's namespace keeps it apart)", id, ps)
		}
	}
}
