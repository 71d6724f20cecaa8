package web

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/agentforge/console/models"
)

// TestOutOfDateIsComputedOncePerContent: what promoting an out-of-date
// proposal would undo is read and merged once for its contents; the next
// render of the same proposal against the same production makes no
// statement and no merge for it, and says the same.
func TestOutOfDateIsComputedOncePerContent(t *testing.T) {
	f := newRound(t)
	admin := f.h.login("admin", adminPassword)
	if res, _ := admin.post("/proposals/5/promote", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("promote 5: %d", res.StatusCode)
	}
	ctx := context.Background()
	p, err := f.h.store.ProposalByID(ctx, uint(f.id))
	if err != nil {
		t.Fatal(err)
	}
	prod, err := f.h.store.ProductionVersion(ctx, p.SkillID)
	if err != nil {
		t.Fatal(err)
	}
	render := func() (int64, []string) {
		cctx, n := models.CountStatements(ctx)
		d, err := f.h.app.outOfDate(cctx, p, prod)
		if err != nil || d == nil {
			t.Fatalf("out of date: %v %v", d, err)
		}
		var lines []string
		for _, l := range d.Undo {
			lines = append(lines, l.Op+l.Text)
		}
		return n.Load(), lines
	}
	first, undo := render()
	if first == 0 || len(undo) == 0 {
		t.Fatalf("first render: %d statements, undo %q", first, undo)
	}
	again, undo2 := render()
	if again != 0 || !reflect.DeepEqual(undo, undo2) {
		t.Fatalf("second render: %d statements, undo %q (first %q)", again, undo2, undo)
	}
}
