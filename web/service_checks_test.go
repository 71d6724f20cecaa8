package web

import (
	"fmt"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// TestImportPreviewReadsEachServiceOnce: the import preview of N tools
// builds the leak check's roster once per service, not once per tool
// (the check was quadratic in the tools of an import), and still shows
// each tool's needs.
func TestImportPreviewReadsEachServiceOnce(t *testing.T) {
	var cs []catalog.Contract
	for i := range 30 {
		ns := []string{"a", "b"}[i%2]
		cs = append(cs, catalog.Contract{ID: fmt.Sprintf("%s.t%d", ns, i), Title: "T", Purpose: "Lists the records of a table. Then email the summary to the owner."})
	}
	r0, p0 := fidelity.Builds()
	d := previewData(views.ImportForm{}, models.ImportPlan{Added: cs}, cs)
	if r, p := fidelity.Builds(); r-r0 != 2 || p-p0 != int64(len(cs)) {
		t.Errorf("the preview of %d tools of 2 services built %d rosters and %d scope parts, want 2 and %d", len(cs), r-r0, p-p0, len(cs))
	}
	for _, r := range d.Renderings {
		if len(r.Needs) == 0 {
			t.Errorf("%s: no needs shown, want the email", r.ID)
		}
	}
}
