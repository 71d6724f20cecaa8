package catalog_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestNativeFormatReadsBackEveryContract: whatever the console holds — the
// built-in tools, the GitHub fixture and every real server's import, with
// their argument rules (Input) and result structures (Output) — written
// out in the console's own format reads back as the very same contracts.
// Before, a contract with an output schema or whole-argument rules was
// refused on the way back in ("input: unknown field").
func TestNativeFormatReadsBackEveryContract(t *testing.T) {
	native, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	all := append(native, catalogtest.GitHub(t)...)
	for _, s := range realServers {
		raw, _ := readServerTools(t, s.file)
		cs, ps := catalog.Parse(catalog.FormatMCP, raw, s.ns)
		if len(ps) > 0 {
			t.Fatalf("%s refused: %v", s.file, ps)
		}
		all = append(all, cs...)
	}
	outputs, inputs := 0, 0
	for _, c := range all {
		if c.Output != nil {
			outputs++
		}
		if c.Input != nil {
			inputs++
		}
	}
	if outputs == 0 || inputs == 0 {
		t.Fatalf("the set must hold output structures and argument rules (%d, %d)", outputs, inputs)
	}
	b, err := json.Marshal(map[string]any{"tools": all})
	if err != nil {
		t.Fatal(err)
	}
	back, ps := catalog.Parse(catalog.FormatNative, b, "")
	if len(ps) > 0 {
		t.Fatalf("the console's own format refuses what it wrote: %v", ps)
	}
	if len(back) != len(all) {
		t.Fatalf("%d contracts read back, want %d", len(back), len(all))
	}
	for i := range all {
		if !reflect.DeepEqual(normalized(t, all[i]), normalized(t, back[i])) {
			t.Errorf("%s reads back changed", all[i].ID)
		}
	}
}

// normalized is a contract's JSON form decoded generically, so nil and
// empty lists compare equal.
func normalized(t *testing.T, c catalog.Contract) any {
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestNativeFormatDescriptionRule: in the console's own format a native
// tool's parameter must be described, while a service tool's parameter
// without a description (as its server sent it) is a warning, located.
func TestNativeFormatDescriptionRule(t *testing.T) {
	doc := func(id string) []byte {
		return []byte(`{"tools":[{"id":"` + id + `","title":"T","purpose":"Does it.","class":"service","effects":"read-only","version":"1",
			"params":[{"name":"path","type":"string","required":true}]}]}`)
	}
	_, ps, _ := catalog.ParseWithWarnings(catalog.FormatNative, doc("own_tool"), "")
	if len(ps) != 1 || ps[0].Field != "params.path.description" {
		t.Fatalf("a native tool's undescribed parameter: %v", ps)
	}
	cs, ps, ws := catalog.ParseWithWarnings(catalog.FormatNative, doc("svc.tool"), "")
	if len(ps) > 0 || len(cs) != 1 {
		t.Fatalf("a service tool's undescribed parameter is refused: %v", ps)
	}
	if len(ws) != 1 || ws[0].Tool != "svc.tool" || ws[0].Field != "params.path" {
		t.Fatalf("warnings %v, want one on svc.tool params.path", ws)
	}
}
