package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestCamelNamesInAnyLanguage: a lowerCamel deed's name the roster lacks,
// handed to the reader as the object of a directive in text of any
// language (Chinese has no spaces: the name is read as its own word beside
// the characters) or written as a call with named arguments, is a tool
// leak; the roster's own parameter names and values, a product's name and
// a call set beside the tool as an example are not.
func TestCamelNamesInAnyLanguage(t *testing.T) {
	wantFindings(t, "report",
		"列出发票。请改用 archiveInvoice 处理旧发票。",
		"列出发票。下一步应立即调用 sendReminder。",
		"列出发票。可用 queryLedger(action=\"listEntries\") 核对。",
		"列出发票。如果已经核对，建议改用archiveInvoice直接归档。",
		"列出发票。生产环境请使用 queryArchive 而非本工具。",
		"Returns invoices. Void stale ones with cancelInvoice(id=..., confirm=true).",
		"Returns ledger status. Write rows with updateLedger(action=\"appendRow\").",
		"Returns x. 请优先用 searchArchive(mode=\"openapi\")，不要用本工具。",
	)
	wantNoFindings(t, "report",
		"列出发票。请使用 iPhone 拍照上传。",
		"列出发票。可以在 macOS 上运行。",
		"列出发票。请使用 openSUSE 的软件源。",
		"Returns invoices. Values look like fooBar(x=1), for example.",
		"证书编号。不填时依据 domain 调用 describeCertificates(SearchKey=domain)，只有一个证书时自动选择。",
	)
	doc := []byte(`{"tools":[{"name":"gateway","description":"读取网关路由。请使用 listRoutes 查询路由，设置 dryRun 可先预览；也可调用 getRoute(routeId=\"x\")。",
		"inputSchema":{"type":"object","properties":{"action":{"type":"string","enum":["listRoutes","getRoute"]},"dryRun":{"type":"boolean"},"routeId":{"type":"string"}}}}]}`)
	cs, ps := catalog.Parse(catalog.FormatMCP, doc, "acme")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, f := range fidelity.CheckContract(cs[0], cs) {
		t.Errorf("the tool's own values: want no finding, got %s %s via %q", f.Kind, f.Tool, f.Signal)
	}
}
