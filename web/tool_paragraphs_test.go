package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestIndentedDescriptionShownAsParagraphs: a description written inside
// a server's source code kept that code's indentation (24 spaces a line)
// in tools/list, and the tool page showed it as one wall of text. Now the
// shared indentation goes wherever the text is served or shown, the page
// keeps its paragraphs, and the ledger keeps the bytes as imported.
func TestIndentedDescriptionShownAsParagraphs(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	pad := strings.Repeat(" ", 24)
	purpose := "Read the contents of a file.\n" + pad + "\n" + pad + "Prefer this over shell commands.\n" + pad + "Relative paths may fail.\n" + pad + "\n" + pad + "Returns the text."
	c := catalog.Contract{ID: "files.read_file", Title: "Read file", Purpose: purpose, Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "files", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	if d := toolDescription(c); strings.Contains(d, pad) || !strings.Contains(d, "\nPrefer this over shell commands.\n") {
		t.Errorf("tools/list description keeps the source indentation: %q", d)
	}
	_, doc := h.login("admin", adminPassword).get("/catalog/tools/files.read_file")
	paras := doc.Find(`[data-testid="tool-purpose"] p`)
	if paras.Length() != 3 || paras.Eq(1).Find("br").Length() != 1 {
		t.Errorf("the tool page shows %d paragraphs (want 3, the second of two lines): %q", paras.Length(), doc.Find(`[data-testid="tool-purpose"]`).Text())
	}
	stored, err := h.store.ToolByID(ctx, "files.read_file")
	if err != nil {
		t.Fatal(err)
	}
	if k, _ := stored.Parsed(); k.Purpose != purpose {
		t.Errorf("the stored contract lost its imported bytes: %q", k.Purpose)
	}
}
