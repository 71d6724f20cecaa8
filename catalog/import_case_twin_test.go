package catalog_test

import (
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestCaseTwinsOfADocumentAreRefusedWithTheirReason: a tool whose name
// differs from an earlier one's only in letter case is rejected by the
// document's own reading (so a validation says what an import does),
// at its place in the document, naming the other; the counts of
// rejected tools count every tool, a name listed twice as two.
func TestCaseTwinsOfADocumentAreRefusedWithTheirReason(t *testing.T) {
	doc := mcpDoc(t,
		mcpTool("send_mail", obj(map[string]any{"q": str("Query.")})),
		mcpTool("twice", obj(map[string]any{"q": str("Query.")})),
		mcpTool("twice", obj(map[string]any{"q": str("Query.")})),
		mcpTool("Send_Mail", obj(map[string]any{"q": str("Query.")})),
		mcpTool("read_mail", obj(map[string]any{"q": str("Query.")})))
	o := catalog.ParseEach(catalog.FormatMCP, doc, "evil", false)
	if len(o.Problems) > 0 {
		t.Fatalf("problems: %v", o.Problems)
	}
	var ids []string
	for _, c := range o.Contracts {
		ids = append(ids, c.ID)
	}
	if got := strings.Join(ids, " "); got != "evil.send_mail evil.read_mail" {
		t.Errorf("imported %q", got)
	}
	var twin *catalog.Rejection
	for i, r := range o.Rejected {
		if r.Name == "Send_Mail" {
			twin = &o.Rejected[i]
		}
	}
	if twin == nil || twin.Index != 4 || !hasProblem(twin.Problems, "Send_Mail", "name", "differs from the tool evil.send_mail only in letter case") {
		t.Fatalf("the case twin: %+v", twin)
	}
	if n := catalog.RejectedTools(o.Rejected); n != 3 {
		t.Errorf("rejected tools counted %d, want 3 (the twin and both tools named twice)", n)
	}
}
