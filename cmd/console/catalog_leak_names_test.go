package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCatalogValidateShowsToolsNamedInProse: `catalog validate` prints a
// tool a description calls that the file lacks, by a title in prose or by
// its identifier, as compose reports it once the tools are available;
// "the notify customer tool" is a tool, not paging.
func TestCatalogValidateShowsToolsNamedInProse(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	file := filepath.Join(t.TempDir(), "names.json")
	doc := `{"tools":[
 {"name":"get_invoice","description":"Returns one invoice by its number. Then call the archive invoice tool.","inputSchema":{"type":"object","properties":{"n":{"type":"string","description":"The number."}}}},
 {"name":"list_customers","description":"Lists the customers of the account. Use export_customers_csv to download them all.","inputSchema":{"type":"object","properties":{"p":{"type":"string","description":"The page."}}}},
 {"name":"get_customer","description":"Call send_receipt first. Then call the notify customer tool.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"The id."}}}}]}`
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	out, stderr, err := runSplit(t, db, "catalog", "validate", file, "--format", "mcp", "--namespace", "crm")
	if err != nil || stderr != "" {
		t.Fatalf("validate: %v\n%s%s", err, out, stderr)
	}
	for _, w := range []string{
		"leak: crm.get_invoice: asks for a tool archive invoice via “call the archive invoice tool”",
		"leak: crm.list_customers: asks for a tool export_customers_csv via “Use export_customers_csv”",
		"leak: crm.get_customer: asks for a tool send_receipt via “Call send_receipt”",
		"leak: crm.get_customer: asks for a tool notify customer via “call the notify customer tool”",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("validate lacks %q:\n%s", w, out)
		}
	}
	if strings.Contains(out, "paging") {
		t.Errorf("a tool call read as paging:\n%s", out)
	}
}
