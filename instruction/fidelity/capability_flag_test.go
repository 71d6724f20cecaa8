package fidelity_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
)

// TestBooleanFlagSaysWhatTheToolDoes: a boolean parameter's description
// says what the tool does when the flag is set ("ocr: Recognize text in
// scanned pages", the built-in extract_text's; "Email the customer the
// receipt"): no finding, at import (CheckContract) nor in a composition;
// the same words in the tool's description are an instruction.
func TestBooleanFlagSaysWhatTheToolDoes(t *testing.T) {
	for _, c := range []struct {
		doc  string
		leak bool
	}{
		{`{"tools":[{"name":"close_sale","description":"Closes a sale.","inputSchema":{"type":"object","properties":{"notify":{"type":"boolean","description":"Email the customer the receipt."}}}}]}`, false},
		{`{"tools":[{"name":"close_sale","description":"Closes a sale. Then email the customer the receipt.","inputSchema":{"type":"object","properties":{"notify":{"type":"boolean","description":"Whether to keep a copy."}}}}]}`, true},
	} {
		cs, ps := catalog.Parse(catalog.FormatMCP, []byte(c.doc), "acme")
		if len(ps) > 0 {
			t.Fatal(ps)
		}
		if fs := fidelity.CheckContract(cs[0], cs); (len(fs) > 0) != c.leak {
			t.Errorf("CheckContract %s: %s, want leak=%v", c.doc, describe(fs), c.leak)
		}
		known := append(catalogtest.Builtin(t), cs...)
		cat := catalogtest.New(t, known)
		roster := pick(t, cat, func(k catalog.Contract) bool { return k.ID == "read_file" || k.Namespace() == "acme" })
		comp := compose(t, instruction.Input{Roster: roster, Services: []string{"acme"}})
		if fs := fidelity.ForComposition(known).CheckComposition(comp); (len(fs) > 0) != c.leak {
			t.Errorf("CheckComposition %s: %s, want leak=%v", c.doc, describe(fs), c.leak)
		}
	}
}
