package web

import (
	"net/url"
	"strings"
	"testing"
)

// TestImportTablesShowHiddenCharactersEscaped: a refused tool's name or
// field holding a direction override or a control character reaches the
// import's problems and rejected tables quoted with the character
// escaped, as the runs page shows a called name: raw, U+202E would
// reverse what the admin reads ("evil\u202Egnp.exe" reads "evilexe.png").
func TestImportTablesShowHiddenCharactersEscaped(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	document := `{"tools":[
	{"name":"read","description":"Reads a file.","inputSchema":{"type":"object"}},
	{"name":"evil\u202egnp.exe","description":"Opens a file.","inputSchema":{"type":"object"}},
	{"name":"open","description":"Opens a file.","inputSchema":{"type":"object","properties":{"pa\u202eth":{"type":"string","description":"A path."}}}}]}`
	for _, strict := range []string{"1", ""} {
		form := url.Values{"format": {"mcp"}, "namespace": {"files"}, "document": {document}}
		if strict != "" {
			form.Set("strict", strict)
		}
		_, page := admin.post("/catalog/import", form)
		table := `[data-testid="import-problems"]`
		if strict == "" {
			table = `[data-testid="import-rejected"]`
		}
		shown := page.Find(table).Text()
		if shown == "" {
			t.Fatalf("strict %q: no %s table:\n%s", strict, table, page.Find("main").Text())
		}
		if strings.ContainsRune(shown, '\u202e') {
			t.Errorf("strict %q: the table shows U+202E raw: %q", strict, shown)
		}
		for _, want := range []string{`evil\u202egnp.exe`, `pa\u202eth`} {
			if !strings.Contains(shown, want) {
				t.Errorf("strict %q: the table does not show %s escaped: %q", strict, want, shown)
			}
		}
	}
}
